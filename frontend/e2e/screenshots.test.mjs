// Screenshots for review: the home page, the search page and a vehicle page of every
// dealer at a phone (390 px) and a laptop (1366 px), full page, into
// <e2e output>/screenshots/<dealer>-<page>-<width>.jpg (JPEG: a full page is often
// 5,000 px tall and PNG took seconds a shot). Each shot also checks the page loaded,
// hydrated and drew every image it shows.
import { join } from 'node:path';
import { test } from './fixtures.mjs';
import { scrollThrough, visit, waitForHydration } from './helpers.mjs';

const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
];

/** Images in the page that finished loading without an image to show. */
function brokenImages(page) {
  return page.evaluate(() =>
    [...document.images]
      .filter((img) => img.complete && img.currentSrc && img.naturalWidth === 0)
      .map((img) => img.currentSrc),
  );
}

test('screenshots: home, search and a vehicle page at 390 and 1366 px @two-dealers', async ({
  page,
  dealer,
  searchPath,
  vehiclePath,
  outDir,
}) => {
  let vehicle = vehiclePath;
  if (!vehicle) {
    // A car a shopper can still reserve where there is one (another journey may have put
    // the first car on hold), so the shot shows the usual page.
    await visit(page, searchPath);
    const cards = page.locator('.car-card');
    const open = cards.filter({ has: page.locator('a', { hasText: 'Reserve Now' }) });
    const card = (await open.count()) > 0 ? open.first() : cards.first();
    if ((await card.count()) > 0)
      vehicle = await card.locator('.car-card__title a').getAttribute('href');
  }
  const shots = [['home', '/'], ['search', searchPath], ...(vehicle ? [['vehicle', vehicle]] : [])];
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    for (const [name, path] of shots) {
      await test.step(`${name} at ${size.width} px`, async () => {
        await visit(page, path);
        await waitForHydration(page);
        // Lazy images load as they scroll into view; a full-page shot needs them all.
        await scrollThrough(page);
        await page.waitForLoadState('networkidle');
        const broken = await brokenImages(page);
        if (broken.length > 0)
          throw new Error(`${path}: images that did not load: ${broken.join(', ')}`);
        await page.screenshot({
          path: join(outDir, 'screenshots', `${dealer}-${name}-${size.width}.jpg`),
          type: 'jpeg',
          quality: 70,
          fullPage: true,
          animations: 'disabled',
        });
      });
    }
  }
});
