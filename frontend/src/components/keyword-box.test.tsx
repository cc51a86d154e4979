import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  forgetSuggestions,
  HeaderSearch,
  KeywordBox,
  matchSuggestions,
  queryHref,
  suggestionsFrom,
} from './keyword-box';
import { answer, mockFetch } from '../testing/fetch';
import { readSearchUrl, serializeSearchState } from '../features/search/search-state';

const item = (value: string, count: number) => ({ label: value, value, count });
const FACETS = {
  make: [item('Toyota', 40), item('Mazda', 12)],
  make_model: [
    item('Toyota > RAV4', 20),
    item('Toyota > LandCruiser 300', 8),
    item('Mazda > CX-5', 7),
    item('Toyota > Corolla', 12),
  ],
  body: [item('SUV', 30), item('Ute', 9), item('Hatch', 0)],
  colour: [item('Red', 3)],
};
const SEARCH = '/search/new-used-and-demo-cars';
const ALL = suggestionsFrom(FACETS, SEARCH);
const labels = (text: string) => matchSuggestions(ALL, text).map((s) => s.label);

afterEach(() => {
  cleanup();
  forgetSuggestions();
  vi.unstubAllGlobals();
});

describe('suggestions', () => {
  it('are the makes, models with their make, and body types in stock, each to its filter', () => {
    expect(ALL.map((s) => `${s.kind}:${s.label}`)).toEqual([
      'make:Toyota',
      'make:Mazda',
      'model:Toyota RAV4',
      'model:Toyota LandCruiser 300',
      'model:Mazda CX-5',
      'model:Toyota Corolla',
      'body:SUV',
      'body:Ute',
    ]);
    const rav4 = ALL.find((s) => s.label === 'Toyota RAV4');
    expect(
      new URLSearchParams(rav4?.href.split('?')[1]).getAll('refinementList[model][0]'),
    ).toEqual(['RAV4']);
    expect(rav4?.href).toBe(
      `${SEARCH}?refinementList%5Bmake%5D%5B0%5D=Toyota&refinementList%5Bmodel%5D%5B0%5D=RAV4`,
    );
  });

  it('match the start of any word, or the text without spaces and dashes', () => {
    expect(labels('rav')).toEqual(['Toyota RAV4']);
    expect(labels('toyota')).toEqual([
      'Toyota',
      'Toyota RAV4',
      'Toyota Corolla',
      'Toyota LandCruiser 300',
    ]);
    expect(labels('TOYOTA co')).toEqual(['Toyota Corolla']);
    expect(labels('cx5')).toEqual(['Mazda CX-5']);
    expect(labels('landcruiser 3')).toEqual(['Toyota LandCruiser 300']);
    expect(labels('su')).toEqual(['SUV']);
    expect(labels('')).toEqual([]);
    expect(labels('!!')).toEqual([]);
    expect(labels('holden')).toEqual([]);
    expect(matchSuggestions(ALL, 'toyota', 2)).toHaveLength(2);
  });

  it('send typed words to the search page as query', () => {
    expect(queryHref(SEARCH, '  rav4 hybrid ')).toBe(`${SEARCH}?query=rav4+hybrid`);
    expect(queryHref(SEARCH, '   ')).toBe(SEARCH);
    expect(queryHref(SEARCH, '<script>&x=1')).toBe(`${SEARCH}?query=%3Cscript%3E%26x%3D1`);
  });

  it("link to what the search URL's writer writes for the filter they name", () => {
    const read = (href: string) => {
      const [path, query = ''] = href.split('?');
      expect(path).toBe(SEARCH);
      const { state, rejected } = readSearchUrl(query);
      expect(rejected).toEqual([]);
      expect(serializeSearchState(state)).toBe(query);
      return state;
    };
    const filters = ALL.map((s) => read(s.href).refinements);
    expect(filters[0]).toEqual({ make: ['Toyota'] });
    expect(filters[2]).toEqual({ make: ['Toyota'], model: ['RAV4'] });
    expect(filters[6]).toEqual({ body: ['SUV'] });
    expect(read(queryHref(SEARCH, ' Škoda & co/€ ')).query).toBe('Škoda & co/€');
  });
});

describe('KeywordBox', () => {
  let fetchMock: ReturnType<typeof mockFetch>;
  beforeEach(() => {
    fetchMock = mockFetch();
    fetchMock.mockImplementation(() =>
      Promise.resolve(answer(200, { hits: [], count: 0, pages: 0, facets: FACETS })),
    );
  });

  const setup = () => {
    const navigate = vi.fn();
    render(<KeywordBox searchPath={SEARCH} idPrefix="test-search" navigate={navigate} />);
    const box = screen.getByRole('combobox', { name: 'Search our stock' });
    return { navigate, box };
  };

  it('loads nothing until the box is focused, then the stock facets once', async () => {
    const { box } = setup();
    expect(fetchMock).not.toHaveBeenCalled();
    await act(async () => {
      fireEvent.focus(box);
    });
    fireEvent.blur(box);
    await act(async () => {
      fireEvent.focus(box);
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/search?hitsPerPage=1');
  });

  it('is a combobox: typing lists suggestions, arrows choose, Enter goes to the filter', async () => {
    const { box, navigate } = setup();
    await act(async () => {
      fireEvent.focus(box);
    });
    expect(box.getAttribute('aria-expanded')).toBe('false');
    fireEvent.change(box, { target: { value: 'toyota' } });
    expect(box.getAttribute('aria-expanded')).toBe('true');
    const options = screen.getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'ToyotaMake · 40',
      'Toyota RAV4Model · 20',
      'Toyota CorollaModel · 12',
      'Toyota LandCruiser 300Model · 8',
    ]);
    expect(screen.getByRole('status').textContent).toMatch(/^4 suggestions/);
    expect(box.getAttribute('aria-controls')).toBe(screen.getByRole('listbox').id);

    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    const second = screen.getAllByRole('option')[1];
    expect(box.getAttribute('aria-activedescendant')).toBe(second?.id);
    expect(second?.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    // Above the first option the text itself is chosen again; up again wraps to the last.
    expect(box.getAttribute('aria-activedescendant')).toBeNull();
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    expect(box.getAttribute('aria-activedescendant')).toBe(screen.getAllByRole('option')[3]?.id);
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.submit(box);
    expect(navigate).toHaveBeenCalledExactlyOnceWith(
      `${SEARCH}?refinementList%5Bmake%5D%5B0%5D=Toyota&refinementList%5Bmodel%5D%5B0%5D=RAV4`,
    );
  });

  it('Escape closes the list; Enter then searches the words typed', async () => {
    const { box, navigate } = setup();
    await act(async () => {
      fireEvent.focus(box);
    });
    fireEvent.change(box, { target: { value: 'rav4 hybrid' } });
    expect(box.getAttribute('aria-expanded')).toBe('false');
    fireEvent.change(box, { target: { value: 'rav' } });
    expect(box.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByRole('status').textContent).toBe('');
    fireEvent.submit(box);
    expect(navigate).toHaveBeenCalledExactlyOnceWith(`${SEARCH}?query=rav`);
  });

  it('a click on a suggestion goes to its filter', async () => {
    const { box, navigate } = setup();
    await act(async () => {
      fireEvent.focus(box);
    });
    fireEvent.change(box, { target: { value: 'ut' } });
    fireEvent.click(screen.getByRole('option', { name: 'Ute, body type, 9 in stock' }));
    expect(navigate).toHaveBeenCalledExactlyOnceWith(
      `${SEARCH}?refinementList%5Bbody%5D%5B0%5D=Ute`,
    );
  });

  it('still searches the words typed when the suggestions cannot be fetched', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(answer(503, { code: 'unavailable' })));
    const { box, navigate } = setup();
    await act(async () => {
      fireEvent.focus(box);
    });
    fireEvent.change(box, { target: { value: 'toyota' } });
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(box.getAttribute('aria-expanded')).toBe('false');
    fireEvent.submit(box);
    expect(navigate).toHaveBeenCalledExactlyOnceWith(`${SEARCH}?query=toyota`);
    // The next focus tries again.
    fireEvent.blur(box);
    await act(async () => {
      fireEvent.focus(box);
    });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('without script is a GET form to the search page with query', () => {
    const { box } = setup();
    const form = box.closest('form');
    expect(form?.getAttribute('action')).toBe(SEARCH);
    expect(form?.getAttribute('method')).toBe('get');
    expect(box.getAttribute('name')).toBe('query');
  });
});

describe('HeaderSearch', () => {
  it('opens the keyword box focused; Escape closes it and gives the focus back', async () => {
    const fetchMock = mockFetch();
    fetchMock.mockImplementation(() =>
      Promise.resolve(answer(200, { hits: [], count: 0, pages: 0, facets: FACETS })),
    );
    render(<HeaderSearch searchPath={SEARCH} />);
    const toggle = screen.getByRole('button', { name: 'Search stock' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('combobox')).toBeNull();
    await act(async () => {
      fireEvent.click(toggle);
    });
    const box = screen.getByRole('combobox', { name: 'Search stock' });
    expect(document.activeElement).toBe(box);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    fireEvent.change(box, { target: { value: 'maz' } });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'MazdaMake · 12',
      'Mazda CX-5Model · 7',
    ]);
    // The first Escape closes the list, the second the entry.
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(screen.getByRole('combobox')).toBe(box);
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(document.activeElement).toBe(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });
});
