// Hydration entry of the "brands" page kind.
import { hydratePage } from '../app/hydrate';
import { BrandsPage } from '../pages/brands-page';

hydratePage(BrandsPage);
