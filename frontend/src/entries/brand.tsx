// Hydration entry of the "brand" page kind.
import { hydratePage } from '../app/hydrate';
import { BrandPage } from '../pages/brand-page';

hydratePage(BrandPage);
