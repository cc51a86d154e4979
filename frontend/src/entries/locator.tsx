// Hydration entry of the "locator" page kind.
import { hydratePage } from '../app/hydrate';
import { LocatorPage } from '../pages/locator-page';

hydratePage(LocatorPage);
