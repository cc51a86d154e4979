import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SearchProps } from '../app/props';
import { answer, mockFetch } from '../testing/fetch';
import { testSite } from '../testing/site';
import type { SearchPageView } from '../types/generated/SearchPageView';
import { SearchPage } from './search-page';
import { car, view } from '../testing/search-view';

const props = (page: SearchPageView): SearchProps => ({ site: testSite, gate: null, page });

let fetchMock: ReturnType<typeof mockFetch>;
beforeEach(() => {
  fetchMock = mockFetch();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 5, 11, 9, 0));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

/** The answer of the refresh after hydration: the server's first page. */
const sameAnswer = (page: SearchPageView) =>
  answer(200, {
    hits: page.hits,
    count: page.count,
    page: 0,
    pages: page.pages,
    facets: {},
    facets_stats: {},
  });

describe('SearchPage', () => {
  it('collapses sold runs and places promos of the build day on the server, of the shopper day once hydrated', async () => {
    const page = view();
    fetchMock.mockImplementation(async () => sameAnswer(page));
    const html = renderToString(<SearchPage {...props(page)} />);
    expect(html).toContain('June sale');

    render(<SearchPage {...props(page)} />);
    const grid = screen.getByRole('list', { name: 'Search results' });
    const cells = within(grid)
      .getAllByRole('listitem', { hidden: false })
      .filter((li) => li.parentElement === grid);
    // Cars 1, 2 (first of the sold run), 4, 5, with We Want Your Car at position 1; the
    // June sale ended yesterday; the strict demo promo needs a demo-only search.
    expect(cells.map((li) => li.querySelector('h3')?.textContent)).toEqual([
      'Car 1',
      'We Want Your Car',
      'Car 2',
      'Car 4',
      'Car 5',
    ]);
    expect(screen.getByRole('link', { name: 'Get Your Valuation' }).getAttribute('href')).toBe(
      '/sell-my-car',
    );
    expect(screen.queryByText('June sale')).toBeNull();
    expect(screen.queryByText('Demo run-out')).toBeNull();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
  });

  it("shows a strict promo on a search of exactly its car types (the shopper's car type refinement)", async () => {
    const page = view();
    window.history.replaceState(
      null,
      '',
      '/search/new-used-and-demo-cars?refinementList[car_type][0]=demo',
    );
    fetchMock.mockImplementation(async () => sameAnswer(page));
    render(<SearchPage {...props(page)} />);
    await screen.findByText('Demo run-out');
    expect(screen.queryByText('We Want Your Car')).toBeNull();
  });

  it('shows the empty state and clears the filters with Clear Filters', async () => {
    const page = view();
    window.history.replaceState(null, '', '/search/new-used-and-demo-cars?query=zzz');
    fetchMock.mockImplementation(async (input) =>
      String(input).includes('query=zzz')
        ? answer(200, { hits: [], count: 0, page: 0, pages: 0, facets: {}, facets_stats: {} })
        : sameAnswer(page),
    );
    render(<SearchPage {...props(page)} />);
    await screen.findByRole('heading', { name: 'No Results Available' });
    expect(screen.queryByRole('list', { name: 'Search results' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Clear Filters' }));
    await screen.findByRole('list', { name: 'Search results' });
    expect(window.location.search).toBe('');
    expect(
      (screen.getByRole('searchbox', { name: 'Search stock' }) as HTMLInputElement).value,
    ).toBe('');
  });

  it('turns "hybrid under 30k" into the text hybrid and a price chip, in the URL and the sidebar, without a second request', async () => {
    const page = view();
    window.history.replaceState(null, '', '/search/new-used-and-demo-cars?query=hybrid+under+30k');
    fetchMock.mockImplementation(async () =>
      answer(200, {
        hits: [car(1)],
        count: 1,
        page: 0,
        pages: 1,
        facets: {},
        facets_stats: {},
        understood: {
          query: 'hybrid',
          phrases: ['under 30k'],
          ranges: { price: { min: null, max: 30000 } },
          refinements: {},
        },
      }),
    );
    render(<SearchPage {...props(page)} />);
    await screen.findByRole('button', { name: 'Remove Price up to $30,000' });
    const chips = screen.getByRole('list', { name: 'Applied filters' });
    expect(
      within(chips)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['“hybrid”×', 'Price up to $30,000×']);
    expect(window.location.search).toBe('?query=hybrid&range%5Bprice%5D=%3A30000');
    await waitFor(() =>
      expect(
        (screen.getByRole('searchbox', { name: 'Search stock' }) as HTMLInputElement).value,
      ).toBe('hybrid'),
    );
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('query=hybrid+under+30k');
    // The chip removes the filter it shows.
    fetchMock.mockImplementation(async () => sameAnswer(page));
    fireEvent.click(screen.getByRole('button', { name: 'Remove Price up to $30,000' }));
    expect(window.location.search).toBe('?query=hybrid');
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(String(fetchMock.mock.calls[1]?.[0])).not.toContain('range');
  });

  it('reads a phrase typed on after an early answer afresh, not on top of the early reading', async () => {
    const page = view();
    let reply: (response: Response) => void = () => {};
    fetchMock.mockImplementationOnce(async () => sameAnswer(page));
    render(<SearchPage {...props(page)} />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    fetchMock.mockImplementationOnce(() => new Promise((resolve) => (reply = resolve)));
    const box = screen.getByRole('searchbox', { name: 'Search stock' });
    fireEvent.change(box, { target: { value: 'rav4 under 3' } });
    fireEvent.submit(box);
    fireEvent.change(box, { target: { value: 'rav4 under 30k' } });
    await act(async () =>
      reply(
        answer(200, {
          hits: [car(1)],
          count: 1,
          page: 0,
          pages: 1,
          facets: {},
          facets_stats: {},
          understood: {
            query: 'rav4',
            phrases: ['under 3'],
            ranges: { price: { min: null, max: 3000 } },
            refinements: {},
          },
        }),
      ),
    );
    expect(window.location.search).toBe('?query=rav4&range%5Bprice%5D=%3A3000');
    expect((box as HTMLInputElement).value).toBe('rav4 under 30k');
    fetchMock.mockImplementation(async () => sameAnswer(page));
    fireEvent.submit(box);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3));
    const sent = String(fetchMock.mock.calls[2]?.[0]);
    expect(sent).toContain('query=rav4+under+30k');
    expect(sent).not.toContain('range');
  });

  it('heads the page with the make, model, car type and fuel picked', async () => {
    const page = view();
    window.history.replaceState(
      null,
      '',
      '/search/new-used-and-demo-cars?refinementList[car_type][0]=used&refinementList[make][0]=Toyota&refinementList[model][0]=RAV4&refinementList[fuel][0]=Hybrid',
    );
    fetchMock.mockImplementation(async () => sameAnswer(page));
    // The server renders the route's title (no URL state there).
    expect(renderToString(<SearchPage {...props(page)} />)).toContain(
      '<h1>New, Used and Demo Cars for Sale</h1>',
    );
    render(<SearchPage {...props(page)} />);
    await screen.findByRole('heading', { level: 1, name: 'Used Toyota RAV4 Hybrid for Sale' });
    fireEvent.click(screen.getByRole('button', { name: 'Remove Make: Toyota' }));
    await screen.findByRole('heading', { level: 1, name: 'Used Hybrid Cars for Sale' });
  });

  it("offers the results without the range that emptied the search, the stock's spelling, or the No Results card", async () => {
    const page = view();
    window.history.replaceState(
      null,
      '',
      '/search/new-used-and-demo-cars?query=rav4&range[price]=:20000',
    );
    const empty = { hits: [], count: 0, page: 0, pages: 0, facets: {}, facets_stats: {} };
    fetchMock.mockImplementation(async (input) =>
      String(input).includes('range')
        ? answer(200, {
            ...empty,
            relaxed: {
              field: 'price',
              applied: { min: null, max: 20000 },
              count: 4,
              min: 24990,
              max: 41000,
            },
          })
        : answer(200, { ...empty, hits: [car(1)], count: 1, pages: 1 }),
    );
    render(<SearchPage {...props(page)} />);
    await screen.findByText('No cars match “rav4” with price up to $20,000.');
    expect(screen.queryByRole('heading', { name: 'No Results Available' })).toBeNull();
    const link = screen.getByRole('link', { name: 'See 4 cars from $24,990' });
    expect(link.getAttribute('href')).toBe('/search/new-used-and-demo-cars?query=rav4');
    fireEvent.click(link);
    expect(window.location.search).toBe('?query=rav4');
    await screen.findByRole('heading', { level: 3, name: 'Car 1' });

    cleanup();
    window.history.replaceState(null, '', '/search/new-used-and-demo-cars?query=corrola');
    fetchMock.mockImplementation(async (input) =>
      String(input).includes('corrola')
        ? answer(200, { ...empty, suggestion: { query: 'Corolla', count: 2 } })
        : answer(200, { ...empty, hits: [car(1)], count: 1, pages: 1 }),
    );
    render(<SearchPage {...props(page)} />);
    const suggestion = await screen.findByRole('link', { name: 'Corolla' });
    expect(suggestion.closest('p')?.textContent).toBe(
      'No cars match “corrola”. Did you mean Corolla? (2 cars)',
    );
    expect(suggestion.getAttribute('href')).toBe('/search/new-used-and-demo-cars?query=Corolla');
    fireEvent.click(suggestion);
    expect(window.location.search).toBe('?query=Corolla');
    await screen.findByRole('heading', { level: 3, name: 'Car 1' });

    cleanup();
    window.history.replaceState(null, '', '/search/new-used-and-demo-cars?query=zzz');
    fetchMock.mockImplementation(async () => answer(200, empty));
    render(<SearchPage {...props(page)} />);
    await screen.findByRole('heading', { name: 'No Results Available' });
  });

  it('keeps the previous results while loading and when the search fails', async () => {
    const page = view();
    let fail: (reason: unknown) => void = () => {};
    fetchMock.mockImplementationOnce(async () => sameAnswer(page));
    fetchMock.mockImplementationOnce(() => new Promise((_, reject) => (fail = reject)));
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<SearchPage {...props(page)} />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    fireEvent.click(
      within(screen.getByRole('complementary', { name: 'Filters' })).getByRole('checkbox', {
        name: 'Toyota (5)',
      }),
    );
    await screen.findByText('Loading results…');
    expect(screen.getAllByRole('heading', { level: 3, name: /^Car / })).toHaveLength(4);
    await act(async () => fail(new TypeError('offline')));
    await screen.findByText('The results could not be updated. The previous results are shown.');
    expect(screen.getAllByRole('heading', { level: 3, name: /^Car / })).toHaveLength(4);
    errors.mockRestore();
  });

  it('writes page=2 for the second page and takes the shopper to the top of the results', async () => {
    const page = view({ count: 30, pages: 2 });
    fetchMock.mockImplementation(async () => sameAnswer(page));
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    render(<SearchPage {...props(page)} />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(window.location.search).toBe('?page=2');
    expect(scrolled).toHaveBeenCalledWith({ block: 'start' });
    expect(scrolled.mock.contexts[0]).toBe(screen.getByRole('region', { name: /found|Loading/ }));
    expect(document.activeElement?.id).toBe('results-heading');
    await waitFor(() => expect(String(fetchMock.mock.calls[1]?.[0])).toContain('page=1&'));
  });

  it('links every page and the trail in the server-rendered HTML, and a click moves in place', async () => {
    const page = view({
      route: '/search/toyota/rav4',
      title: 'Toyota RAV4 for Sale',
      count: 60,
      pages: 3,
      breadcrumbs: [
        { label: 'Home', url: '/' },
        { label: 'Toyota', url: '/search/toyota' },
        { label: 'Toyota RAV4 for Sale', url: null },
      ],
    });
    const html = renderToString(<SearchPage {...props(page)} />);
    expect(html).toContain('href="/search/toyota/rav4?page=2"');
    expect(html).toContain('href="/search/toyota/rav4?page=3"');
    expect(html).toMatch(/<a href="\/search\/toyota\/rav4"[^>]*aria-current="page"/);
    expect(html).toContain('<a href="/search/toyota">Toyota</a>');
    fetchMock.mockImplementation(async () => sameAnswer(page));
    render(<SearchPage {...props(page)} />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const trail = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(trail).getByText('Toyota RAV4 for Sale').getAttribute('aria-current')).toBe(
      'page',
    );
    fireEvent.click(screen.getByRole('link', { name: 'Page 3' }));
    expect(window.location.search).toBe('?page=3');
    await waitFor(() => expect(String(fetchMock.mock.calls[1]?.[0])).toContain('page=2&'));
  });

  it("counts in the dealer's vehicle words", () => {
    fetchMock.mockImplementation(async () => sameAnswer(view()));
    render(
      <SearchPage {...props(view({ vehicle_words: { one: 'caravan', many: 'caravans' } }))} />,
    );
    expect(screen.getByRole('heading', { level: 2, name: '5 caravans found' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Filters' }));
    expect(screen.getByRole('button', { name: 'Show 5 caravans' })).toBeTruthy();
  });

  it('switches the results to a carousel on a site that offers it', () => {
    fetchMock.mockImplementation(async () => sameAnswer(view()));
    render(<SearchPage {...props(view())} />);
    const grid = screen.getByRole('list', { name: 'Search results' });
    expect(grid.className).not.toContain('car-grid--carousel');
    fireEvent.click(screen.getByRole('button', { name: 'Carousel' }));
    expect(grid.className).toContain('car-grid--carousel');
    expect(screen.getByRole('button', { name: 'Carousel' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(screen.getByRole('button', { name: 'Next cars' })).toBeTruthy();
  });

  it('opens the filters in a labelled modal drawer that Escape closes, focus back on its opener', () => {
    fetchMock.mockImplementation(async () => sameAnswer(view()));
    render(<SearchPage {...props(view({ carousel: false }))} />);
    expect(screen.queryByRole('button', { name: 'Carousel' })).toBeNull();
    const opener = screen.getByRole('button', { name: 'Filters' });
    fireEvent.click(opener);
    const drawer = screen.getByRole('dialog', { name: 'Filters' });
    expect(drawer.hasAttribute('open')).toBe(true);
    expect(within(drawer).getByRole('slider', { name: 'Minimum Price' })).toBeTruthy();
    fireEvent.keyDown(drawer, { key: 'Escape' });
    expect(drawer.hasAttribute('open')).toBe(false);
    expect(document.activeElement).toBe(opener);
  });
});
