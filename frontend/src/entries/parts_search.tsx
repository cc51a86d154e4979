// Hydration entry of the "parts_search" page kind.
import { hydratePage } from '../app/hydrate';
import { PartsSearchPage } from '../pages/parts-search-page';

hydratePage(PartsSearchPage);
