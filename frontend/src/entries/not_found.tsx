// Hydration entry of the "not_found" page kind.
import { hydratePage } from '../app/hydrate';
import { NotFoundPage } from '../pages/not-found-page';

hydratePage(NotFoundPage);
