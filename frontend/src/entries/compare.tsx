// Hydration entry of the "compare" page kind.
import { hydratePage } from '../app/hydrate';
import { ComparePage } from '../pages/compare-page';

hydratePage(ComparePage);
