// Hydration entry of the "spin_to_win" page kind.
import { hydratePage } from '../app/hydrate';
import { SpinToWinPage } from '../pages/spin-to-win-page';

hydratePage(SpinToWinPage);
