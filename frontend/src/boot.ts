// The script every page's document loads first (app/boot.ts): it starts the page kind's
// hydration entry once the page's largest image is in.
import { boot } from './app/boot';

void boot(document);
