// Page props: the generated Rust view models wrapped with the shared site part.
//
// `PageViews` is keyed by the Rust page-kind list (types/generated/PageKind.ts): a kind
// without a view model, or a view model under a kind the Rust side does not build, fails
// typecheck (`PageViewsMatchPageKinds` below), and page-registry.tsx holds each page
// component to its kind's props. A new page kind is one line here, its view type imported
// in place so that line is all it takes.
import type { PageKind } from '../types/generated/PageKind';
import type { PageProps } from '../types/generated/PageProps';

/** The view model of each page kind. */
interface PageViews {
  home: import('../types/generated/HomePageView').HomePageView;
  search: import('../types/generated/SearchPageView').SearchPageView;
  vehicle: import('../types/generated/VehiclePageView').VehiclePageView;
  location: import('../types/generated/LocationPageView').LocationPageView;
  locations: import('../types/generated/LocationsPageView').LocationsPageView;
  locator: import('../types/generated/LocatorPageView').LocatorPageView;
  model: import('../types/generated/ModelPageView').ModelPageView;
  models: import('../types/generated/ModelsPageView').ModelsPageView;
  parts_search: import('../types/generated/PartsSearchPageView').PartsSearchPageView;
  offers: import('../types/generated/OffersPageView').OffersPageView;
  offer: import('../types/generated/OfferPageView').OfferPageView;
  brands: import('../types/generated/BrandsPageView').BrandsPageView;
  brand: import('../types/generated/BrandPageView').BrandPageView;
  form: import('../types/generated/FormPageView').FormPageView;
  content: import('../types/generated/ContentPageView').ContentPageView;
  client: import('../types/generated/ClientPageView').ClientPageView;
  not_found: import('../types/generated/NotFoundView').NotFoundView;
  compare: import('../types/generated/ComparePageView').ComparePageView;
  posts: import('../types/generated/PostsPageView').PostsPageView;
  spin_to_win: import('../types/generated/SpinPageView').SpinPageView;
}

/** True when `A` and `B` are the same union. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** Compiles only when `T` is `true`. */
type Assert<T extends true> = T;

/**
 * Every page kind has a view model and every view model a page kind: a kind missing
 * from `PageViews` or one the Rust side does not build fails here.
 */
export type PageViewsMatchPageKinds = Assert<Same<keyof PageViews, PageKind>>;

/** Props of a page of kind `K`. */
export type PropsOf<K extends PageKind> = PageProps<PageViews[K]>;

/** Props of the home page. */
export type HomeProps = PropsOf<'home'>;
/** Props of a search landing page. */
export type SearchProps = PropsOf<'search'>;
/** Props of a vehicle page. */
export type VehicleProps = PropsOf<'vehicle'>;
/** Props of a location page. */
export type LocationProps = PropsOf<'location'>;
/** Props of the locations list. */
export type LocationsProps = PropsOf<'locations'>;
/** Props of a content page. */
export type ContentProps = PropsOf<'content'>;
/** Props of a form page. */
export type FormProps = PropsOf<'form'>;
/** Props of a client-only shell. */
export type ClientProps = PropsOf<'client'>;
/** Props of the compare page. */
export type CompareProps = PropsOf<'compare'>;
/** Props of the 404 page. */
export type NotFoundProps = PropsOf<'not_found'>;
/** Props of a brand overview page. */
export type BrandProps = PropsOf<'brand'>;
/** Props of the brands list. */
export type BrandsProps = PropsOf<'brands'>;
/** Props of a model page. */
export type ModelProps = PropsOf<'model'>;
/** Props of the models list. */
export type ModelsProps = PropsOf<'models'>;
/** Props of the parts and accessories catalogue. */
export type PartsSearchProps = PropsOf<'parts_search'>;
/** Props of one special offer. */
export type OfferProps = PropsOf<'offer'>;
/** Props of the special offers list. */
export type OffersProps = PropsOf<'offers'>;
/** Props of the dealer locator. */
export type LocatorProps = PropsOf<'locator'>;
/** Props of a post index (/news, /blog, /blog/vehicle-reviews). */
export type PostsProps = PropsOf<'posts'>;
/** Props of the spin-to-win page. */
export type SpinToWinProps = PropsOf<'spin_to_win'>;
