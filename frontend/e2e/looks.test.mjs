// Looks: every page kind at the phone, tablet and desktop widths (400, 768 and 1400 px,
// seed 001 s9's xs, md and xxl breakpoints). At each width the page must not scroll
// sideways; at the phone width, where shoppers are, it must pass axe. Every dealer is
// checked at the phone width; the wider two on the reference dealers
// (reference-dealers.mjs), as most of this file's time went on them. The feature journeys
// run axe on the same kinds of page at the desktop width (1280 px); axe at every width of
// every kind was most of the browser journeys' time in CI. With E2E_SCREENSHOTS=1 a
// full-page screenshot of each is written to
// <e2e output>/screenshots/looks/<dealer>-<kind>-<width>.jpg for review (CI leaves it
// unset; screenshots.test.mjs takes the review set every run).
import { join } from 'node:path';
import { test } from './fixtures.mjs';
import { expectNoErrors, open, peek, scrollThrough, waitForHydration } from './helpers.mjs';
import { runsEverything } from './reference-dealers.mjs';

export const WIDTHS = [400, 768, 1400];
const AXE_WIDTH = 400;
const SCREENSHOTS = process.env.E2E_SCREENSHOTS === '1';

/** The first link matching `selector` on `path`, or null when the page is missing or has none. */
async function firstLink(context, base, path, selector) {
  return (await peek(context, base, path, selector)).href;
}

/** `path` when the site has a page there, else null (some dealers have no models). */
async function ifExists(context, base, path) {
  return (await peek(context, base, path)).ok ? path : null;
}

/** Page kinds and how to find one page of each on a dealer's site. */
export const KINDS = [
  ['home', () => '/'],
  ['search', ({ searchPath }) => searchPath],
  [
    'vehicle',
    ({ context, base, searchPath, vehiclePath }) =>
      vehiclePath ?? firstLink(context, base, searchPath, '.car-card__title a'),
  ],
  ['locations', () => '/dealerships'],
  [
    'location',
    ({ context, base }) => firstLink(context, base, '/dealerships', '.location-card__name a'),
  ],
  ['models', ({ context, base }) => ifExists(context, base, '/models')],
  ['model', ({ context, base }) => firstLink(context, base, '/models', 'a[href^="/models/"]')],
  ['offers', () => '/special-offers'],
  [
    'offer',
    ({ context, base }) => firstLink(context, base, '/special-offers', 'a[href^="/offers/"]'),
  ],
  ['brands', ({ context, base }) => ifExists(context, base, '/brands')],
  ['brand', ({ context, base }) => firstLink(context, base, '/brands', 'a[href$="/overview"]')],
  ['locator', ({ context, base }) => ifExists(context, base, '/dealer-locator')],
  ['form', () => '/contact-us'],
  ['content', () => '/about-us'],
  ['sign-in', () => '/sign-in'],
];

/** Elements that stick out past the right edge of the viewport without a scrolling
 *  ancestor to hold them: what makes a page scroll sideways. */
async function sidewaysOverflow(page) {
  return page.evaluate(() => {
    const root = document.documentElement;
    if (root.scrollWidth <= root.clientWidth) return null;
    const width = root.clientWidth;
    const culprits = [];
    for (const el of document.body.querySelectorAll('*')) {
      const box = el.getBoundingClientRect();
      if (box.right <= width + 0.5 || box.width === 0) continue;
      let held = false;
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        if (getComputedStyle(p).overflowX !== 'visible') {
          held = true;
          break;
        }
      }
      if (!held)
        culprits.push(
          `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/).join('.')}` : ''} (right edge ${Math.round(box.right)})`,
        );
      if (culprits.length >= 5) break;
    }
    return `page is ${root.scrollWidth}px wide in a ${width}px viewport: ${culprits.join(', ') || 'no single element found'}`;
  });
}

for (const [kind, find] of KINDS) {
  test(`looks: ${kind} page has no sideways scroll at ${AXE_WIDTH} px (${WIDTHS.filter((w) => w !== AXE_WIDTH).join(', ')} px too on two dealers), no axe violations at ${AXE_WIDTH} px`, async ({
    context,
    base,
    dealer,
    searchPath,
    vehiclePath,
    axe,
    outDir,
  }) => {
    const path = await find({ context, base, searchPath, vehiclePath });
    test.skip(!path, `${dealer} has no ${kind} page`);
    const { page, errors } = await open(context, base, path);
    try {
      await waitForHydration(page);
      for (const width of runsEverything(dealer) ? WIDTHS : [AXE_WIDTH]) {
        await page.setViewportSize({ width, height: 900 });
        await scrollThrough(page);
        // A map scrolled into view loads its library; axe checks the drawn map, not the swap.
        await page.waitForFunction(() => !document.querySelector('[data-map-state="loading"]'));
        const overflow = await sidewaysOverflow(page);
        if (overflow) throw new Error(`${path} at ${width}px: ${overflow}`);
        if (width === AXE_WIDTH) await axe(page);
        if (SCREENSHOTS) {
          // JPEG keeps the review images small (a full page is often 5,000 px tall).
          await page.screenshot({
            path: join(outDir, 'screenshots', 'looks', `${dealer}-${kind}-${width}.jpg`),
            type: 'jpeg',
            quality: 50,
            fullPage: true,
            animations: 'disabled',
          });
        }
      }
      expectNoErrors(path, errors);
    } finally {
      await page.close();
    }
  });
}
