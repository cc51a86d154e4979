// Server side only: the page component of every kind the SSR bundle renders. Each
// browser entry (src/entries/<kind>.tsx) imports only its own page. The keys are the
// kinds of the Rust PageKind (types/generated/PageKind.ts): `satisfies` rejects a kind
// missing or unknown, or a component that does not take its kind's props (app/props.ts);
// page-kinds.test.ts checks the entries.
import type { ComponentType } from 'react';
import { ClientPage } from '../pages/client-page';
import { ComparePage } from '../pages/compare-page';
import { ContentPage } from '../pages/content-page';
import { FormPage } from '../pages/form-page';
import { HomePage } from '../pages/home-page';
import { LocationPage } from '../pages/location-page';
import { LocationsPage } from '../pages/locations-page';
import { BrandPage } from '../pages/brand-page';
import { BrandsPage } from '../pages/brands-page';
import { LocatorPage } from '../pages/locator-page';
import { ModelPage } from '../pages/model-page';
import { ModelsPage } from '../pages/models-page';
import { OfferPage } from '../pages/offer-page';
import { OffersPage } from '../pages/offers-page';
import { NotFoundPage } from '../pages/not-found-page';
import { PartsSearchPage } from '../pages/parts-search-page';
import { PostsPage } from '../pages/posts-page';
import { SearchPage } from '../pages/search-page';
import { SpinToWinPage } from '../pages/spin-to-win-page';
import { VehiclePage } from '../pages/vehicle-page';
import type { PropsOf } from '../app/props';
import type { PageKind } from '../types/generated/PageKind';

/** Page component by kind (docs/contracts.md page kinds). */
export const PAGES = {
  home: HomePage,
  search: SearchPage,
  vehicle: VehiclePage,
  location: LocationPage,
  locations: LocationsPage,
  locator: LocatorPage,
  model: ModelPage,
  models: ModelsPage,
  parts_search: PartsSearchPage,
  offers: OffersPage,
  offer: OfferPage,
  brands: BrandsPage,
  brand: BrandPage,
  form: FormPage,
  content: ContentPage,
  client: ClientPage,
  not_found: NotFoundPage,
  compare: ComparePage,
  posts: PostsPage,
  spin_to_win: SpinToWinPage,
} as const satisfies { [K in PageKind]: ComponentType<PropsOf<K>> };
