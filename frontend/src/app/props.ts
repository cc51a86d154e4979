// Page props: the generated Rust view models wrapped with the shared site part.
import type { ClientPageView } from '../types/generated/ClientPageView';
import type { ContentPageView } from '../types/generated/ContentPageView';
import type { FormPageView } from '../types/generated/FormPageView';
import type { HomePageView } from '../types/generated/HomePageView';
import type { LocationPageView } from '../types/generated/LocationPageView';
import type { LocationsPageView } from '../types/generated/LocationsPageView';
import type { BrandPageView } from '../types/generated/BrandPageView';
import type { BrandsPageView } from '../types/generated/BrandsPageView';
import type { LocatorPageView } from '../types/generated/LocatorPageView';
import type { ModelPageView } from '../types/generated/ModelPageView';
import type { ModelsPageView } from '../types/generated/ModelsPageView';
import type { OfferPageView } from '../types/generated/OfferPageView';
import type { OffersPageView } from '../types/generated/OffersPageView';
import type { NotFoundView } from '../types/generated/NotFoundView';
import type { PageProps } from '../types/generated/PageProps';
import type { PartsSearchPageView } from '../types/generated/PartsSearchPageView';
import type { PostsPageView } from '../types/generated/PostsPageView';
import type { SearchPageView } from '../types/generated/SearchPageView';
import type { SpinPageView } from '../types/generated/SpinPageView';
import type { VehiclePageView } from '../types/generated/VehiclePageView';

/** Props of the home page. */
export type HomeProps = PageProps<HomePageView>;
/** Props of a search landing page. */
export type SearchProps = PageProps<SearchPageView>;
/** Props of a vehicle page. */
export type VehicleProps = PageProps<VehiclePageView>;
/** Props of a location page. */
export type LocationProps = PageProps<LocationPageView>;
/** Props of the locations list. */
export type LocationsProps = PageProps<LocationsPageView>;
/** Props of a content page. */
export type ContentProps = PageProps<ContentPageView>;
/** Props of a form page. */
export type FormProps = PageProps<FormPageView>;
/** Props of a client-only shell. */
export type ClientProps = PageProps<ClientPageView>;
/** Props of the 404 page. */
export type NotFoundProps = PageProps<NotFoundView>;
/** Props of a brand overview page. */
export type BrandProps = PageProps<BrandPageView>;
/** Props of the brands list. */
export type BrandsProps = PageProps<BrandsPageView>;
/** Props of a model page. */
export type ModelProps = PageProps<ModelPageView>;
/** Props of the models list. */
export type ModelsProps = PageProps<ModelsPageView>;
/** Props of the parts and accessories catalogue. */
export type PartsSearchProps = PageProps<PartsSearchPageView>;
/** Props of one special offer. */
export type OfferProps = PageProps<OfferPageView>;
/** Props of the special offers list. */
export type OffersProps = PageProps<OffersPageView>;
/** Props of the dealer locator. */
export type LocatorProps = PageProps<LocatorPageView>;
/** Props of a post index (/news, /blog, /blog/vehicle-reviews). */
export type PostsProps = PageProps<PostsPageView>;
/** Props of the spin-to-win page. */
export type SpinToWinProps = PageProps<SpinPageView>;
