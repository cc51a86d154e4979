// Hydration entry of the "client" page kind.
import { hydratePage } from '../app/hydrate';
import { ClientPage } from '../pages/client-page';

hydratePage(ClientPage);
