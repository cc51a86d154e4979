// Hydration entry of the "models" page kind.
import { hydratePage } from '../app/hydrate';
import { ModelsPage } from '../pages/models-page';

hydratePage(ModelsPage);
