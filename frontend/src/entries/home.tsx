// Hydration entry of the "home" page kind.
import { hydratePage } from '../app/hydrate';
import { HomePage } from '../pages/home-page';

hydratePage(HomePage);
