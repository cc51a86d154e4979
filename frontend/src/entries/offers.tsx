// Hydration entry of the "offers" page kind.
import { hydratePage } from '../app/hydrate';
import { OffersPage } from '../pages/offers-page';

hydratePage(OffersPage);
