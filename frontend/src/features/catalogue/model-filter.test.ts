import { describe, expect, it } from 'vitest';
import type { ModelCardView } from '../../types/generated/ModelCardView';
import { parseSearchState } from '../search/search-state';
import { cataloguePage, facetCounts } from './catalogue-filter';
import { CATALOGUE_PAGE_SIZE, MODEL_SPEC } from './model-filter';

const model = (make: string, name: string, bodies: string[]): ModelCardView => ({
  title: `${make} ${name}`,
  url: `/models/${name.toLowerCase().replace(/\s+/g, '-')}`,
  image: { url: '/media/m.svg', alt: name },
  price_text: null,
  badge: null,
  short_description: `The ${name}.`,
  make,
  model: name,
  bodies,
});

const models = [
  model('Chery', 'Tiggo 4 Pro', ['Wagon']),
  model('Chery', 'Tiggo 7 Pro', ['Wagon']),
  model('Omoda', 'Omoda 5', ['Wagon', 'Hatch']),
  ...Array.from({ length: 21 }, (_, i) => model('Jaecoo', `J${i + 1}`, ['Sedan'])),
];

describe('manufacturer and model catalogue search', () => {
  it('filters on manufacturer, model, body and the query', () => {
    const page = (qs: string) =>
      cataloguePage(models, parseSearchState(qs), MODEL_SPEC, CATALOGUE_PAGE_SIZE).matching.map(
        (m) => m.model,
      );
    expect(page('?refinementList[make][0]=Chery')).toEqual(['Tiggo 4 Pro', 'Tiggo 7 Pro']);
    expect(page('?refinementList[body][0]=Hatch')).toEqual(['Omoda 5']);
    expect(page('?refinementList[make][0]=Chery&refinementList[model][0]=Tiggo 7 Pro')).toEqual([
      'Tiggo 7 Pro',
    ]);
    expect(page('?query=omoda')).toEqual(['Omoda 5']);
    expect(page('?refinementList[make][0]=Omoda&refinementList[body][0]=Sedan')).toEqual([]);
  });

  it('pages 21 at a time and counts each facet value', () => {
    const first = cataloguePage(models, parseSearchState(''), MODEL_SPEC, CATALOGUE_PAGE_SIZE);
    expect(first.hits).toHaveLength(21);
    expect(first.pages).toBe(2);
    const second = cataloguePage(
      models,
      parseSearchState('?page=2'),
      MODEL_SPEC,
      CATALOGUE_PAGE_SIZE,
    );
    expect(second.hits).toHaveLength(3);
    const body = MODEL_SPEC.facets.find((f) => f.name === 'body');
    expect(body && facetCounts(models, body)).toEqual([
      ['Wagon', 3],
      ['Hatch', 1],
      ['Sedan', 21],
    ]);
  });
});
