// Hydration entry of the "locations" page kind.
import { hydratePage } from '../app/hydrate';
import { LocationsPage } from '../pages/locations-page';

hydratePage(LocationsPage);
