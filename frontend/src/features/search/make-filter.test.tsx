import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FacetItemView } from '../../types/generated/FacetItemView';
import type { FacetView } from '../../types/generated/FacetView';
import type { SearchLimits } from '../../types/generated/SearchLimits';
import { MakeFilter } from './make-filter';

afterEach(cleanup);

const items = (prefix: string, n: number): FacetItemView[] =>
  Array.from({ length: n }, (_, i) => ({
    label: `${prefix} ${String.fromCharCode(90 - i)}`,
    value: `${prefix} ${String.fromCharCode(90 - i)}`,
    count: 100 - i,
  }));
const makes = (n: number): FacetView => ({
  facet: 'make',
  label: 'Make',
  widget: 'checkbox',
  items: items('Make', n),
  dealerships: [],
});
const limits: SearchLimits = {
  makes_shown_first: 7,
  popular_makes: null,
  model_list_limit: 30,
  search_box_debounce_ms: 300,
  slider_debounce_ms: 400,
  default_slider_max: 100000,
};

describe('MakeFilter', () => {
  it('shows the first 7 makes (and a selected one past them) until Show all makes', () => {
    render(
      <MakeFilter
        make={makes(10)}
        model={null}
        selectedMakes={['Make R']}
        selectedModels={[]}
        limits={limits}
        idPrefix="t"
        onToggle={vi.fn()}
      />,
    );
    expect(screen.getAllByRole('checkbox')).toHaveLength(8);
    const toggle = screen.getByRole('button', { name: 'Show all makes' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(screen.getAllByRole('checkbox')).toHaveLength(10);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
  });

  it('groups Popular Makes (the first 20) and, behind the toggle, All Makes from A to Z', () => {
    render(
      <MakeFilter
        make={makes(24)}
        model={null}
        selectedMakes={[]}
        selectedModels={[]}
        limits={{ ...limits, popular_makes: 20 }}
        idPrefix="t"
        onToggle={vi.fn()}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Popular Makes' })).toBeTruthy();
    expect(screen.getAllByRole('checkbox')).toHaveLength(20);
    expect(screen.queryByRole('heading', { name: 'All Makes' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show all makes' }));
    const all = screen.getByRole('heading', { name: 'All Makes' }).parentElement as HTMLElement;
    const labels = within(all)
      .getAllByRole('checkbox')
      .map((c) => c.parentElement?.textContent);
    expect(labels).toHaveLength(24);
    expect(labels[0]).toBe('Make C (77)');
  });

  it('lists at most 30 models of the selected make and toggles them', () => {
    const onToggle = vi.fn();
    const model: FacetView = {
      facet: 'model',
      label: 'Model',
      widget: 'checkbox',
      items: items('Model', 26).concat(items('Other', 8)),
      dealerships: [],
    };
    render(
      <MakeFilter
        make={makes(3)}
        model={model}
        selectedMakes={['Make Z']}
        selectedModels={[]}
        limits={limits}
        idPrefix="t"
        onToggle={onToggle}
      />,
    );
    const models = screen.getByRole('group', { name: 'Model' });
    expect(within(models).getAllByRole('checkbox')).toHaveLength(30);
    fireEvent.click(within(models).getByRole('checkbox', { name: 'Model Z (100)' }));
    expect(onToggle).toHaveBeenCalledWith('model', 'Model Z');
  });

  it('shows makes as tiles with their logos where the dealer asks for tiles', () => {
    const onToggle = vi.fn();
    const tiles: FacetView = {
      facet: 'make',
      label: 'Make',
      widget: 'tiles',
      items: [{ label: 'Jayco', value: 'Jayco', count: 4, logo: '/jayco.svg' }],
      dealerships: [],
    };
    render(
      <MakeFilter
        make={tiles}
        model={null}
        selectedMakes={['Jayco']}
        selectedModels={[]}
        limits={limits}
        idPrefix="t"
        onToggle={onToggle}
      />,
    );
    const tile = screen.getByRole('button', { name: 'Jayco (4)' });
    expect(tile.getAttribute('aria-pressed')).toBe('true');
    expect(tile.querySelector('img')?.getAttribute('src')).toBe('/jayco.svg');
    fireEvent.click(tile);
    expect(onToggle).toHaveBeenCalledWith('make', 'Jayco');
  });
});
