// Hydration entry of the "content" page kind.
import { hydratePage } from '../app/hydrate';
import { ContentPage } from '../pages/content-page';

hydratePage(ContentPage);
