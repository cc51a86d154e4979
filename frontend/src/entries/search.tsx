// Hydration entry of the "search" page kind.
import { hydratePage } from '../app/hydrate';
import { SearchPage } from '../pages/search-page';

hydratePage(SearchPage);
