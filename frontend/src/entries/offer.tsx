// Hydration entry of the "offer" page kind.
import { hydratePage } from '../app/hydrate';
import { OfferPage } from '../pages/offer-page';

hydratePage(OfferPage);
