// Hydration entry of the "vehicle" page kind.
import { hydratePage } from '../app/hydrate';
import { VehiclePage } from '../pages/vehicle-page';

hydratePage(VehiclePage);
