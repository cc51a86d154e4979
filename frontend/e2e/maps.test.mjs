// Map journeys: the vehicle page's map at #vehicle-map draws its marker only
// after the shopper scrolls to it, and the Leaflet chunk is not fetched before (nor named
// by any page's first load in the Vite manifest); the dealerships grid marks every
// location; the dealer locator's map pick lists the 5 nearest within 250 km, and a suburb
// picked from the suggestions lists every dealer within the chosen distance. Any request
// to another host is refused and fails the test: the offline basemap comes from the site.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from './fixtures.mjs';
import { waitForHydration } from './helpers.mjs';

const LEAFLET_CHUNK = /\/assets\/leaflet-map-[^/]+\.js$/;
const manifestPath = fileURLToPath(new URL('../build/client/.vite/manifest.json', import.meta.url));

/** Refuses every request to a host other than the site's, and remembers it. */
async function localOnly(context, base) {
  const host = new URL(base).hostname;
  const refused = [];
  await context.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.protocol.startsWith('http') && url.hostname !== host) {
      refused.push(url.href);
      return route.abort('blockedbyclient');
    }
    return route.continue();
  });
  return refused;
}

/** The files a page kind's first load fetches: its entry and the static imports below it. */
function firstLoad(manifest, key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) firstLoad(manifest, imported, seen);
  return seen;
}

/** The props the document shell embedded. */
const pageProps = (page) =>
  page.evaluate(() => JSON.parse(document.getElementById('__FORECOURT_PROPS__').textContent));

/** Starts summing layout shifts without recent input, from now on. */
const watchShifts = (page) =>
  page.evaluate(() => {
    window.__mapShift = 0;
    new PerformanceObserver((list) => {
      // Only shifts of the map's block or what follows it: the sticky header that
      // appears after 500 px of scrolling is the page's, not the map's.
      const map = document.getElementById('vehicle-map');
      const moved = (node) =>
        node &&
        (map.contains(node) ||
          !!(map.compareDocumentPosition(node) & Node.DOCUMENT_POSITION_FOLLOWING));
      for (const e of list.getEntries())
        if (!e.hadRecentInput && e.sources.some((s) => moved(s.node))) {
          window.__mapShift += e.value;
          // What moved, for the failure message.
          window.__mapShiftSources = (window.__mapShiftSources ?? []).concat(
            e.sources.map(
              (s) =>
                `${s.node?.nodeName ?? '?'}.${s.node?.className ?? ''} ${JSON.stringify(s.previousRect)} -> ${JSON.stringify(s.currentRect)}`,
            ),
          );
        }
    }).observe({ type: 'layout-shift' });
  });

test('maps: no first load names the Leaflet chunk', async () => {
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const entries = Object.keys(manifest).filter((k) => manifest[k].isEntry);
  if (entries.length === 0) throw new Error('the client manifest lists no entry');
  const lazy = Object.keys(manifest).filter((k) => LEAFLET_CHUNK.test(`/${manifest[k].file}`));
  if (lazy.length !== 1) throw new Error(`expected one Leaflet chunk, found ${lazy.join(', ')}`);
  for (const entry of entries) {
    const files = [...firstLoad(manifest, entry)].map((k) => manifest[k].file);
    const leaflet = files.filter((f) => LEAFLET_CHUNK.test(`/${f}`));
    if (leaflet.length > 0) throw new Error(`${entry}'s first load carries ${leaflet}`);
  }
});

test('maps: the vehicle map draws its marker after scrolling to #vehicle-map, Leaflet not before @two-dealers', async ({
  context,
  page,
  base,
  searchPath,
  axe,
}) => {
  const refused = await localOnly(context, base);
  await page.goto(new URL(searchPath, base).toString());
  const paths = await page
    .locator('.car-card__title a')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  let props = null;
  for (const path of paths.slice(0, 10)) {
    await page.goto(new URL(path, base).toString());
    props = await pageProps(page);
    if (props.page.map?.point) break;
  }
  test.skip(!props?.page.map?.point, 'no car of the first search page has a placed location');

  const leaflet = [];
  page.on('request', (r) => {
    if (LEAFLET_CHUNK.test(new URL(r.url()).pathname)) leaflet.push(r.url());
  });
  // A fresh load with the request watch in place, at the top of the page.
  await page.reload();
  await waitForHydration(page);
  await page.waitForTimeout(500);
  const section = page.locator('#vehicle-map');
  if (leaflet.length > 0)
    throw new Error(`Leaflet was fetched before the map was near: ${leaflet}`);
  if ((await section.locator('.leaflet-container').count()) > 0)
    throw new Error('the map drew before the shopper scrolled to it');

  await watchShifts(page);
  await section.scrollIntoViewIfNeeded();
  const marker = section.locator('.leaflet-marker-icon.map-marker--location');
  await marker.first().waitFor({ timeout: 10_000 });
  if (leaflet.length !== 1) throw new Error(`Leaflet fetched ${leaflet.length} times`);
  const map = props.page.map;
  if ((await marker.count()) !== 1) throw new Error(`${await marker.count()} markers, expected 1`);
  if ((await marker.getAttribute('aria-label')) !== map.name)
    throw new Error(`the marker is named "${await marker.getAttribute('aria-label')}"`);
  // The offline basemap: Australia's outline from the site itself.
  // Leaflet clips paths outside the view to nothing, so any drawn one, not the first.
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll('#vehicle-map .leaflet-overlay-pane path')].some((path) => {
        const box = path.getBoundingClientRect();
        return box.width > 0 && box.height > 0;
      }),
    null,
    { timeout: 10_000 },
  );
  // The address and directions stay as text beside the map.
  if (!(await section.locator('address').innerText()).includes(map.name))
    throw new Error('#vehicle-map lost the address');
  // Read before the shopper opens a popup: what a popup's pan moves is the shopper's doing.
  const [shift, sources] = await page.evaluate(() => [window.__mapShift, window.__mapShiftSources]);
  if (shift > 0)
    throw new Error(`the page moved while the map loaded: CLS ${shift}: ${sources?.join('; ')}`);
  // The keyboard reaches the marker and the zoom controls.
  await marker.focus();
  await page.keyboard.press('Enter');
  await section.locator('.leaflet-popup-content').waitFor({ timeout: 10_000 });
  await section.getByRole('button', { name: 'Zoom in' }).waitFor();
  await axe(page);
  if (refused.length > 0) throw new Error(`requests to other hosts: ${refused.join(', ')}`);
});

test('maps: the dealerships grid marks every placed location @two-dealers', async ({
  context,
  page,
  base,
  axe,
}) => {
  const refused = await localOnly(context, base);
  await page.goto(new URL('/dealerships', base).toString());
  await waitForHydration(page);
  const props = await pageProps(page);
  const placed = props.page.locations.filter((l) => l.point).length;
  test.skip(placed === 0, 'no location of this dealer has coordinates');
  await page.locator('.locations-map').scrollIntoViewIfNeeded();
  const markers = page.locator('.locations-map .leaflet-marker-icon.map-marker--location');
  await markers.first().waitFor({ timeout: 10_000 });
  if ((await markers.count()) !== placed)
    throw new Error(`${await markers.count()} markers for ${placed} placed locations`);
  await axe(page);
  if (refused.length > 0) throw new Error(`requests to other hosts: ${refused.join(', ')}`);
});

test("maps: the locator's map pick widens to 250 km and lists the 5 nearest @two-dealers", async ({
  context,
  page,
  base,
  axe,
}) => {
  const refused = await localOnly(context, base);
  const response = await page.goto(new URL('/dealer-locator', base).toString());
  test.skip(!response?.ok(), 'this dealer has no locator');
  await waitForHydration(page);
  const status = page.locator('.locator-status');
  await page.waitForFunction(
    () => !/Loading/.test(document.querySelector('.locator-status')?.textContent ?? 'Loading'),
  );
  const frame = page.locator('.locator-map .lazy-map__frame');
  await frame.scrollIntoViewIfNeeded();
  await page.waitForFunction(
    () => document.querySelector('.locator-map [data-map-state]')?.dataset.mapState === 'ready',
  );
  await page.locator('.locator-map .leaflet-marker-icon').first().waitFor({ timeout: 10_000 });

  // `near`: the pick is on a dealer, so at least one is listed; the map centre of a
  // dealer whose sites lie far apart (ironbark: Townsville and Mackay) may have none
  // within 250 km.
  const check = async (how, near = true) => {
    await page.waitForFunction(() =>
      /the point picked on the map/.test(document.querySelector('.locator-status')?.textContent),
    );
    const text = await status.innerText();
    const listed = await page.locator('.locator-item__distance').allInnerTexts();
    const km = listed.map((t) => Number.parseFloat(t));
    // A pick with no dealer within 250 km says so instead of "Showing…".
    const wording =
      km.length > 0
        ? /^Showing the 5 nearest to the point picked on the map within 250 km\./
        : /^No dealers within 250 km of the point picked on the map\.$/;
    if (!wording.test(text)) throw new Error(`${how}: status "${text}"`);
    if ((near && km.length === 0) || km.length > 5) throw new Error(`${how}: ${km.length} listed`);
    if (km.some((d, i) => d > 250 || (i > 0 && d < km[i - 1])))
      throw new Error(`${how}: distances ${km}`);
    if ((await page.getByRole('combobox', { name: 'Distance' }).inputValue()) !== '250')
      throw new Error(`${how}: the radius is not 250 km`);
    if ((await page.locator('.locator-map .map-marker--picked').count()) !== 1)
      throw new Error(`${how}: the picked point is not marked`);
  };

  // The keyboard path: the map centre (the map was fitted to the dealers, so some are near).
  await page.getByRole('button', { name: 'Use the map centre' }).focus();
  await page.keyboard.press('Enter');
  await check('Use the map centre', false);
  const pickedAt = () =>
    page.locator('.locator-map .map-marker--picked').evaluate((e) => e.style.transform);
  const before = await pickedAt();
  // A click on the map, on the first dealer's marker.
  const marker = page.locator('.locator-map .map-marker--location').first();
  const box = await marker.boundingBox();
  await frame.click({
    position: {
      x: box.x + box.width / 2 - (await frame.boundingBox()).x + 20,
      y: box.y + box.height - (await frame.boundingBox()).y + 20,
    },
  });
  await page.waitForFunction(
    (was) => document.querySelector('.locator-map .map-marker--picked')?.style.transform !== was,
    before,
  );
  await check('a click on the map');
  await axe(page);
  if (refused.length > 0) throw new Error(`requests to other hosts: ${refused.join(', ')}`);
});

test('maps: a suburb picked on the locator lists every dealer within the distance @two-dealers', async ({
  context,
  page,
  base,
  dealer,
  outDir,
  axe,
}) => {
  const refused = await localOnly(context, base);
  const response = await page.goto(new URL('/dealer-locator', base).toString());
  test.skip(!response?.ok(), 'this dealer has no locator');
  await waitForHydration(page);
  await page.waitForFunction(
    () => !/Loading/.test(document.querySelector('.locator-status')?.textContent ?? 'Loading'),
  );
  // The suburb of the dealer's first yard, e.g. "Grafton" of "Grafton NSW 2460".
  const address = await page.locator('.locator-item__address').first().innerText();
  const suburb = address
    .split('\n')
    .pop()
    .replace(/\s+[A-Z]{2,3}\s+\d{4}$/, '');
  const field = page.getByRole('combobox', { name: 'Suburb or postcode' });
  await field.fill(suburb.slice(0, 5));
  await page.getByRole('option').first().waitFor({ timeout: 10_000 });
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  const status = page.locator('.locator-status');
  await page.waitForFunction(() =>
    / within \d+ km of /.test(document.querySelector('.locator-status')?.textContent ?? ''),
  );
  const distance = page.getByRole('combobox', { name: 'Distance' });
  for (const km of ['25', '100']) {
    if (await distance.isDisabled()) throw new Error('the Distance select is disabled');
    await distance.selectOption(km);
    await page.waitForFunction(
      (r) =>
        new RegExp(`within ${r} km of`).test(
          document.querySelector('.locator-status')?.textContent ?? '',
        ),
      km,
    );
    const listed = (await page.locator('.locator-item__distance').allInnerTexts()).map((t) =>
      Number.parseFloat(t),
    );
    const text = await status.innerText();
    if (listed.length === 0 || !text.startsWith(`${listed.length} location`))
      throw new Error(`${km} km: status "${text}" over ${listed.length} listed`);
    if (listed.some((d, i) => d > Number(km) || (i > 0 && d < listed[i - 1])))
      throw new Error(`${km} km: distances ${listed}`);
  }
  await axe(page);
  if (outDir) {
    for (const width of [390, 1366]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({
        path: join(outDir, 'screenshots', `${dealer}-locator-suburb-${width}.png`),
        fullPage: false,
      });
    }
  }
  if (refused.length > 0) throw new Error(`requests to other hosts: ${refused.join(', ')}`);
});
