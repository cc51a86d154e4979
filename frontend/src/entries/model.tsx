// Hydration entry of the "model" page kind.
import { hydratePage } from '../app/hydrate';
import { ModelPage } from '../pages/model-page';

hydratePage(ModelPage);
