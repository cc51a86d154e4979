// Hydration entry of the "form" page kind.
import { hydratePage } from '../app/hydrate';
import { FormPage } from '../pages/form-page';

hydratePage(FormPage);
