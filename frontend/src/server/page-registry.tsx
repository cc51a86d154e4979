// Server side only: the page component of every kind the SSR bundle renders. Each
// browser entry (src/entries/<kind>.tsx) imports only its own page.
import { ClientPage } from '../pages/client-page';
import { ContentPage } from '../pages/content-page';
import { HomePage } from '../pages/home-page';
import { LocationPage } from '../pages/location-page';
import { LocationsPage } from '../pages/locations-page';
import { NotFoundPage } from '../pages/not-found-page';
import { SearchPage } from '../pages/search-page';
import { VehiclePage } from '../pages/vehicle-page';

/** Page component by kind (docs/contracts.md page kinds). */
export const PAGES = {
  home: HomePage,
  search: SearchPage,
  vehicle: VehiclePage,
  location: LocationPage,
  locations: LocationsPage,
  content: ContentPage,
  client: ClientPage,
  not_found: NotFoundPage,
} as const;
