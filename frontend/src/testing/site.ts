// Test helper: a site as the Rust view gives it.
import type { SiteView } from '../types/generated/SiteView';

/** A site with every field set; tests override what they check. */
export const testSite: SiteView = {
  slug: 'acme',
  name: 'Acme Motors',
  logo_url: '/logo.svg',
  canonical_base: 'https://www.acme.com.au',
  header_menu: [],
  footer_columns: [],
  phone: null,
  search_path: '/search/new-used-and-demo-cars',
  announcement: null,
  favourites: true,
  compare: false,
  garage_path: null,
  mega_menu: null,
  footer: {
    stock_links: [{ label: 'New Cars', url: '/search/new-cars', children: [] }],
    abn: 'ABN 51 824 753 556',
    licence: 'Dealer licence MD 3456789',
    social: [{ network: 'facebook', label: 'Facebook', url: 'https://www.facebook.com/acme' }],
    legal: [],
    copyright: '\u00a9 Acme Motors',
  },
  analytics: { gtm_id: null, ga4_id: null, meta_pixel_id: null },
};
