// Hydration entry of the "location" page kind.
import { hydratePage } from '../app/hydrate';
import { LocationPage } from '../pages/location-page';

hydratePage(LocationPage);
