// Page props: the generated Rust view models wrapped with the shared site part.
import type { ClientPageView } from '../types/generated/ClientPageView';
import type { ContentPageView } from '../types/generated/ContentPageView';
import type { HomePageView } from '../types/generated/HomePageView';
import type { LocationPageView } from '../types/generated/LocationPageView';
import type { LocationsPageView } from '../types/generated/LocationsPageView';
import type { NotFoundView } from '../types/generated/NotFoundView';
import type { PageProps } from '../types/generated/PageProps';
import type { SearchPageView } from '../types/generated/SearchPageView';
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
/** Props of a client-only shell. */
export type ClientProps = PageProps<ClientPageView>;
/** Props of the 404 page. */
export type NotFoundProps = PageProps<NotFoundView>;
