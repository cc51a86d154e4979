// Test helper: a search landing page as the Rust view gives it.
import { testCard } from './card';
import { SEARCH_BOX_DEBOUNCE_MS, SLIDER_DEBOUNCE_MS } from '../types/generated/constants';
import type { CardView } from '../types/generated/CardView';
import type { SearchPageView } from '../types/generated/SearchPageView';

/** A card of car `id`, available or sold. */
export const car = (id: number, available = true): CardView => ({
  ...testCard,
  id,
  slug: `car-${id}`,
  path: `/cars/car-${id}`,
  name: `Car ${id}`,
  available,
  sold_text: available ? null : 'JUST SOLD',
  buttons: available ? testCard.buttons : [],
});

/** A search landing page of five cars with facets, ranges and promos. */
export function view(overrides: Partial<SearchPageView> = {}): SearchPageView {
  return {
    route: '/search/new-used-and-demo-cars',
    title: 'New, Used and Demo Cars for Sale',
    breadcrumbs: [],
    fixed_filters: [],
    hits: [car(1), car(2, false), car(3, false), car(4), car(5)],
    count: 5,
    pages: 1,
    page_size: 21,
    vehicle_words: { one: 'car', many: 'cars' },
    sort_by: 'latest',
    sort_options: [{ value: 'latest', label: 'latest' }],
    facets: [
      {
        facet: 'make',
        label: 'Make',
        widget: 'checkbox',
        items: [{ label: 'Toyota', value: 'Toyota', count: 5 }],
        dealerships: [],
      },
    ],
    ranges: [
      { facet: 'price', label: 'Price', min: 10000, max: 60000, kind: 'price', unit: 'dollars' },
    ],
    api_path: '/api/search',
    cache_size: 10,
    model_filter: true,
    distance: null,
    limits: {
      makes_shown_first: 7,
      popular_makes: null,
      model_list_limit: 30,
      search_box_debounce_ms: SEARCH_BOX_DEBOUNCE_MS,
      slider_debounce_ms: SLIDER_DEBOUNCE_MS,
      default_slider_max: 100000,
    },
    car_types: [],
    promos: [
      {
        position: 1,
        display: ['used'],
        strictDisplay: false,
        node: { kind: 'we_want_your_car', url: '/sell-my-car' },
      },
      {
        position: 0,
        display: ['demo'],
        strictDisplay: true,
        node: {
          kind: 'banner',
          title: 'Demo run-out',
          image: '/eofy.svg',
          url: '/eofy',
          alt: 'EOFY',
        },
      },
      {
        position: 2,
        expiry: '2026-06-10',
        display: [],
        strictDisplay: false,
        node: {
          kind: 'banner',
          title: 'June sale',
          image: '/june.svg',
          url: '/june',
          alt: 'June sale',
        },
      },
    ],
    today: '2026-06-10',
    carousel: true,
    order: ['make', 'model', 'price'],
    ...overrides,
  };
}
