// Vehicle page journey: reveal the dealer's phone (logged with POST /api/reveal-phone,
// analytics event 25), run the delivery calculator with an empty, a bad ('12') and a
// good postcode (the car's own location's postcode, read from its location page), check
// share/print, the sticky header and bottom bar, and that axe finds no violations.
// Then, on a car with a 360 spin: open a hotspot, take the spin fullscreen and back by
// keyboard, check the map at #vehicle-map and the promo banner, and that nothing loads
// from another site.
import { test } from './fixtures.mjs';
import { expectNoErrors, open, waitForHydration } from './helpers.mjs';

const NO_ESTIMATE =
  "Sorry, we can't provide an estimate for that location. Please use the enquiry form on this page or give us a call to get a quote.";

/** Props the document shell embedded. */
async function pageProps(page) {
  return page.evaluate(() =>
    JSON.parse(document.getElementById('__FORECOURT_PROPS__').textContent),
  );
}

/** The first vehicle page of the search page whose car is available. */
async function availableVehicle(context, base, searchPath, vehiclePath) {
  if (vehiclePath) return vehiclePath;
  const search = await open(context, base, searchPath);
  const paths = await search.page
    .locator('.car-card__title a')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  await search.page.close();
  for (const path of paths.slice(0, 10)) {
    const tried = await open(context, base, path);
    const props = await pageProps(tried.page);
    await tried.page.close();
    if (!props.page.sold_notice) return path;
  }
  throw new Error(`no available car on ${searchPath}; set VEHICLE_PATH`);
}

/** The postcode of the car's location, read from its location page (null when unknown). */
async function locationPostcode(context, base, locationUrl) {
  if (!locationUrl) return null;
  const { page } = await open(context, base, locationUrl);
  const text = await page
    .locator('address')
    .first()
    .innerText()
    .catch(() => '');
  await page.close();
  const match =
    /\b(?:QLD|NSW|VIC|SA|WA|TAS|NT|ACT)\b[\s,]*(\d{4})\b/i.exec(text) ??
    /\b(\d{4})\s*$/m.exec(text);
  return match ? match[1] : null;
}

async function estimate(page, postcode) {
  await page.getByRole('combobox', { name: 'Suburb or postcode', exact: true }).fill(postcode);
  await page.getByRole('button', { name: 'Get estimate' }).click();
}

/** A car of the search page with a 360 spin that has hotspots (null when none has). The
 *  search page fetches each car page's HTML and reads its props: no page per car. */
async function spinningVehicle(context, base, searchPath) {
  const search = await open(context, base, searchPath);
  const found = await search.page.evaluate(async () => {
    const paths = Array.from(document.querySelectorAll('.car-card__title a'), (a) =>
      a.getAttribute('href'),
    );
    for (const path of paths) {
      const html = await (await fetch(path)).text();
      const script = new DOMParser()
        .parseFromString(html, 'text/html')
        .getElementById('__FORECOURT_PROPS__');
      const props = script ? JSON.parse(script.textContent) : null;
      if (props?.page.viewer.exterior_hotspots.length > 0) return path;
    }
    return null;
  });
  await search.page.close();
  return found;
}

/** The first car of a search page. */
async function firstVehicle(context, base, searchPath) {
  const search = await open(context, base, searchPath);
  const path = await search.page
    .locator('.car-card__title a')
    .first()
    .getAttribute('href')
    .catch(() => null);
  await search.page.close();
  return path;
}

/** The first available car of the search page that can be reserved (else the first
 *  available one). */
async function reservableVehicle(context, base, searchPath, vehiclePath) {
  if (vehiclePath) return vehiclePath;
  const search = await open(context, base, searchPath);
  const found = await search.page.evaluate(async () => {
    const paths = Array.from(document.querySelectorAll('.car-card__title a'), (a) =>
      a.getAttribute('href'),
    ).slice(0, 15);
    let fallback = null;
    for (const path of paths) {
      const html = await (await fetch(path)).text();
      const script = new DOMParser()
        .parseFromString(html, 'text/html')
        .getElementById('__FORECOURT_PROPS__');
      const props = script ? JSON.parse(script.textContent) : null;
      if (!props || props.page.sold_notice) continue;
      if (props.page.card.reserve_url) return path;
      fallback ??= path;
    }
    return fallback;
  });
  await search.page.close();
  if (!found) throw new Error(`no available car on ${searchPath}; set VEHICLE_PATH`);
  return found;
}

/** Opens `path` in a page of the given size (set before loading, as a phone would). */
async function openSized(context, base, path, width, height, prepare = null) {
  const page = await context.newPage();
  await prepare?.(page);
  const errors = [];
  page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`console: ${msg.text()}`);
  });
  await page.setViewportSize({ width, height });
  const response = await page.goto(new URL(path, base).toString(), { waitUntil: 'load' });
  if (!response || !response.ok()) throw new Error(`${path} answered HTTP ${response?.status()}`);
  await waitForHydration(page);
  return { page, errors };
}

/** Scrolls to `y` and waits two frames, so scroll-driven bars and observers have answered. */
async function scrollTo(page, y) {
  await page.evaluate((top) => window.scrollTo(0, top), y);
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  await page.waitForTimeout(250);
}

/** The "Reserve Now" controls a shopper can see: in the viewport, rendered, and the
 *  topmost element at their centre (not under a fixed bar). */
async function visibleReserves(page) {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll('a, button'))
      .filter((el) => el.textContent.trim() === 'Reserve Now')
      .filter((el) => {
        const r = el.getBoundingClientRect();
        if (r.width === 0 || r.height === 0 || r.bottom <= 0 || r.top >= window.innerHeight)
          return false;
        const x = Math.min(Math.max(r.left + r.width / 2, 0), window.innerWidth - 1);
        const y = Math.min(Math.max(r.top + r.height / 2, 0), window.innerHeight - 1);
        const top = document.elementFromPoint(x, y);
        return top !== null && (top === el || el.contains(top));
      })
      .map(
        (el) =>
          el.closest('.vehicle-sticky, .vehicle-bottom-bar, .vehicle__sidebar, .car-card')
            ?.className ?? el.className,
      ),
  );
}

test('vehicle page at 390 px: title and price within the first screen and a half; one Reserve Now; bottom bar on one line at 360 px', async ({
  context,
  base,
  searchPath,
  vehiclePath,
}) => {
  const path = await reservableVehicle(context, base, searchPath, vehiclePath);
  const { page, errors } = await openSized(context, base, path, 390, 844, watchShiftsFromLoad);
  const limit = 1.5 * 844;
  for (const selector of ['.vehicle__title', '.vehicle__price']) {
    const box = await page.locator(selector).boundingBox();
    if (!box) throw new Error(`${path}: no ${selector}`);
    if (!(box.y < limit))
      throw new Error(
        `${path}: ${selector} starts at ${Math.round(box.y)} px, past 1.5 screens (${limit} px)`,
      );
  }
  const chips = await page.locator('.vehicle__chips li').count();
  if (chips < 2) throw new Error(`${path}: ${chips} key chips under the price`);
  const scrollable = await page.evaluate(
    () => document.documentElement.scrollHeight - window.innerHeight,
  );
  for (const y of [0, 600, 1000, 1600].filter((y) => y <= scrollable)) {
    await scrollTo(page, y);
    const shown = await visibleReserves(page);
    if (shown.length > 1)
      throw new Error(
        `${path} at ${y} px: ${shown.length} Reserve Now on screen (${shown.join(', ')})`,
      );
  }
  // The bottom bar swapping the price for Reserve Now as the page's own scrolls away, and
  // a spin's hotspots following the car, move nothing.
  const moved = await page.evaluate(() => window.__shiftPlaces);
  if (moved.length > 0) throw new Error(`${path}: layout shifts in ${moved.join(', ')}`);
  // The bottom bar at 360 px: its buttons side by side on one line, none wrapping.
  await page.setViewportSize({ width: 360, height: 740 });
  if (scrollable > 950) {
    await scrollTo(page, 1200);
    const bar = page.getByRole('navigation', { name: 'Quick actions' });
    await bar.waitFor({ timeout: 10_000 });
    const boxes = await bar.locator('a, button').evaluateAll((els) =>
      els.map((el) => {
        const r = el.getBoundingClientRect();
        return {
          top: Math.round(r.top),
          height: Math.round(r.height),
          right: Math.round(r.right),
          lines: Math.round(r.height / parseFloat(getComputedStyle(el).lineHeight || '24')),
        };
      }),
    );
    if (boxes.length === 0) throw new Error('the bottom bar has no buttons');
    const tops = new Set(boxes.map((b) => b.top));
    if (tops.size !== 1)
      throw new Error(
        `bottom bar buttons on ${tops.size} lines at 360 px: ${JSON.stringify(boxes)}`,
      );
    if (boxes.some((b) => b.height > 56 || b.right > 360))
      throw new Error(`a bottom bar button wraps or overflows at 360 px: ${JSON.stringify(boxes)}`);
  }
  expectNoErrors(
    path,
    errors.filter(
      (e) => !/Failed to load resource: the server responded with a status of 404/.test(e),
    ),
  );
  await page.close();
});

/** Sums the page's layout shifts without recent input from its first paint
 *  (`window.__shift`), naming what moved (`window.__shiftSources`) and the bottom bar or
 *  hotspot layer it moved in (`window.__shiftPlaces`). */
async function watchShiftsFromLoad(page) {
  await page.addInitScript(() => {
    window.__shift = 0;
    window.__shiftSources = [];
    window.__shiftPlaces = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        if (e.hadRecentInput) continue;
        window.__shift += e.value;
        for (const s of e.sources) {
          window.__shiftSources.push(`${s.node?.nodeName ?? '?'}.${s.node?.className ?? ''}`);
          const place = s.node?.closest?.('.vehicle-bottom-bar, .hotspots');
          if (place) window.__shiftPlaces.push(place.className);
        }
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

test('vehicle page at 1366 px: nothing moves when the price comparison is hidden; the sticky header never covers the sidebar; exactly one Reserve Now', async ({
  context,
  base,
  searchPath,
  vehiclePath,
}) => {
  const path = await reservableVehicle(context, base, searchPath, vehiclePath);
  // The comparison answers "too few comparables" (the panel hides after load), the case
  // that moved the sidebar's foot inside a desktop window.
  const { page, errors } = await openSized(context, base, path, 1366, 900, async (p) => {
    await watchShiftsFromLoad(p);
    await p.route('**/autogauge', (route) =>
      route.fulfill({
        json: {
          fill: null,
          listing_price: null,
          market_range_min: null,
          market_range_max: null,
          confidence: null,
          description: null,
          comparables: 0,
          view: null,
        },
      }),
    );
  });
  const props = await pageProps(page);
  await page.locator('.price-comparison').waitFor({ state: 'detached' });
  await scrollTo(page, 0);
  const shift = await page.evaluate(() => ({
    sum: window.__shift,
    sources: window.__shiftSources,
  }));
  if (shift.sum > 0)
    throw new Error(`${path}: layout shift ${shift.sum} at load (${shift.sources.join(', ')})`);
  // The similar cars come from their own file, after the page: other cars' cards, in view
  // once there.
  if (props.page.similar_url) {
    const links = page.locator('.vehicle__similar .car-card__title a');
    await links.first().waitFor();
    const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    if (hrefs.length === 0 || hrefs.includes(path))
      throw new Error(`${path}: similar cars ${hrefs.join(', ')}`);
  }
  // A car held meanwhile (the reserve journey holds one) offers no Reserve Now.
  const held = await page.evaluate(
    async (id) => (await (await fetch(`/api/reservations/${id}`)).json()).reserved === true,
    props.page.card.id,
  );
  const reservable = Boolean(props.page.card.reserve_url) && !held;
  const scrollable = await page.evaluate(
    () => document.documentElement.scrollHeight - window.innerHeight,
  );
  for (const y of [0, 600, 1000].filter((y) => y <= scrollable)) {
    await scrollTo(page, y);
    const shown = await visibleReserves(page);
    if (shown.length !== (reservable ? 1 : 0))
      throw new Error(
        `${path} at ${y} px: ${shown.length} Reserve Now on screen (${shown.join(', ')})`,
      );
    const boxes = await page.evaluate(() => {
      const rect = (sel) => document.querySelector(sel)?.getBoundingClientRect() ?? null;
      return { header: rect('.vehicle-sticky'), sidebar: rect('.vehicle__sidebar') };
    });
    if (y >= props.page.widgets.sticky_header_px && !boxes.header)
      throw new Error(`no sticky header at ${y} px`);
    if (boxes.header && boxes.sidebar) {
      const overlap =
        boxes.header.bottom > boxes.sidebar.top &&
        boxes.header.top < boxes.sidebar.bottom &&
        boxes.header.right > boxes.sidebar.left &&
        boxes.header.left < boxes.sidebar.right;
      if (overlap)
        throw new Error(
          `${path} at ${y} px: the sticky header (bottom ${boxes.header.bottom}) covers the sidebar (top ${boxes.sidebar.top})`,
        );
    }
  }
  expectNoErrors(
    path,
    errors.filter(
      (e) => !/Failed to load resource: the server responded with a status of 404/.test(e),
    ),
  );
  await page.close();
});

test('vehicle page: reveal the phone, estimate delivery, share, print, scroll bars, axe', async ({
  context,
  base,
  searchPath,
  vehiclePath,
  axe,
}) => {
  const path = await availableVehicle(context, base, searchPath, vehiclePath);
  const { page, errors } = await open(context, base, path);
  await waitForHydration(page);
  const props = await pageProps(page);
  const { widgets } = props.page;
  const deliveryCalls = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/delivery-estimate')) deliveryCalls.push(request.url());
  });

  // Call the dealer: a masked number is revealed on click and the reveal is logged.
  const phone = props.page.phone;
  if (phone) {
    const sidebar = page.locator('.vehicle__call');
    if (phone.masked) {
      const logged = page.waitForRequest(
        (r) => r.url().endsWith('/api/reveal-phone') && r.method() === 'POST',
        { timeout: 10_000 },
      );
      await sidebar.getByRole('button', { name: 'Show phone number' }).click();
      const request = await logged;
      const body = JSON.parse(request.postData() ?? '{}');
      if (body.car_id !== props.page.card.id)
        throw new Error(`reveal logged car ${body.car_id}, expected ${props.page.card.id}`);
      const events = await page.evaluate(() =>
        (window.dataLayer ?? [])
          .filter((e) => e.event === 'forecourt_phone_click' && e.car_id)
          .map((e) => e.event_id),
      );
      if (!events.includes(25))
        throw new Error(`no analytics event 25 after the reveal: ${JSON.stringify(events)}`);
    }
    const link = sidebar.getByRole('link', { name: phone.display });
    await link.waitFor({ timeout: 10_000 });
    if ((await link.getAttribute('href')) !== phone.href)
      throw new Error('revealed link does not dial the number');
  }

  // Delivery calculator: empty, bad and good postcodes.
  if (widgets.delivery_calculator) {
    const answer = page.locator('.delivery__answer');
    await estimate(page, '');
    await answer.getByText('Please enter a postcode.').waitFor({ timeout: 10_000 });
    if (deliveryCalls.length > 0) throw new Error('an empty postcode reached the API');
    await estimate(page, '12');
    await answer
      .getByText('Invalid postcode. Please enter a 4-digit number.')
      .waitFor({ timeout: 10_000 });
    const own = await locationPostcode(context, base, props.page.location?.url);
    await estimate(page, own ?? '4000');
    await page.waitForFunction(
      () => {
        const text = document.querySelector('.delivery__answer')?.textContent ?? '';
        return (
          text.trim() !== '' && !text.includes('Calculating') && !text.includes('Invalid postcode')
        );
      },
      null,
      { timeout: 10_000 },
    );
    const text = await answer.innerText();
    if (own) {
      if (!/delivery to /.test(text))
        throw new Error(`the dealer's own postcode ${own} got no estimate: ${text}`);
    } else if (!/delivery to /.test(text) && !text.includes(NO_ESTIMATE)) {
      throw new Error(`unexpected delivery answer: ${text}`);
    }
  }

  // Print opens /print?car_id={slug} in a new tab.
  const print = page.getByRole('link', { name: /^Print/ });
  if ((await print.getAttribute('href')) !== `/print?car_id=${props.page.card.slug}`)
    throw new Error('print link does not name the car');
  if ((await print.getAttribute('target')) !== '_blank')
    throw new Error('print does not open a new tab');

  // Sticky header from 500 px, bottom bar past 900 px (when the page is that long).
  const scrollable = await page.evaluate(
    () => document.documentElement.scrollHeight - window.innerHeight,
  );
  if (scrollable > 950) {
    await page.evaluate(() => window.scrollTo(0, 950));
    await page.locator('.vehicle-sticky').waitFor({ timeout: 10_000 });
    await page.getByRole('navigation', { name: 'Quick actions' }).waitFor({ timeout: 10_000 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.locator('.vehicle-sticky').waitFor({ state: 'detached', timeout: 10_000 });
  }

  await axe(page);
  // The contract answers 400 for the bad postcode and 404 when there is no price
  // comparison; the page handles both, but Chromium still logs the failed loads.
  expectNoErrors(
    path,
    errors.filter(
      (e) => !/Failed to load resource: the server responded with a status of 40[04]/.test(e),
    ),
  );
  await page.close();
});

test('vehicle page: 360 hotspot, fullscreen spin, map and promo banner, nothing from third parties', async ({
  context,
  base,
  searchPath,
  vehiclePath,
  axe,
}) => {
  // New and demo cars are the ones with spins in the sample feed; a used-only dealer
  // has none, and its first car still has the map and the promo banner.
  const found =
    (await spinningVehicle(context, base, '/search/new-cars')) ??
    (await spinningVehicle(context, base, '/search/demo-cars'));
  const path = found ?? vehiclePath ?? (await firstVehicle(context, base, searchPath));
  if (!path) throw new Error(`no car on ${searchPath}; set VEHICLE_PATH`);
  const { page, errors } = await open(context, base, path);
  const host = new URL(base).hostname;
  const elsewhere = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol.startsWith('http') && url.hostname !== host) elsewhere.push(request.url());
  });
  await waitForHydration(page);
  const props = await pageProps(page);
  const { viewer } = props.page;

  if (viewer.exterior_hotspots.length > 0) {
    const spin = page.getByRole('button', { name: '360° spin', exact: true });
    if ((await spin.count()) > 0 && (await spin.getAttribute('aria-pressed')) !== 'true')
      await spin.click();
    // Turning by keyboard stops the rotation; then turn to the first hotspot's angle.
    const frame = page.locator('.spinner__frame');
    const slider = frame.getByRole('slider');
    await slider.focus();
    await page.keyboard.press('ArrowRight');
    const hotspot = viewer.exterior_hotspots[0];
    const count = viewer.spin_images.length;
    const now = Number(await slider.getAttribute('aria-valuenow')) - 1;
    for (let i = 0; i < (hotspot.positions[0].angle - now + count) % count; i += 1)
      await page.keyboard.press('ArrowRight');
    const button = frame.getByRole('button', { name: hotspot.label, exact: true });
    await button.click();
    if ((await button.getAttribute('aria-expanded')) !== 'true')
      throw new Error(`hotspot ${hotspot.label} did not open`);
    const open = frame.locator('.hotspot__description:not([hidden])');
    if ((await open.innerText()) !== hotspot.description)
      throw new Error(`hotspot shows "${await open.innerText()}"`);
    await axe(page);
    await page.keyboard.press('Escape');
    if ((await button.getAttribute('aria-expanded')) !== 'false')
      throw new Error('Escape did not close the hotspot');

    // Fullscreen by keyboard: Enter opens, Escape closes, focus comes back.
    await page.getByRole('button', { name: 'View fullscreen' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(
      () =>
        document.fullscreenElement?.classList.contains('viewer__frame') &&
        !!document.fullscreenElement.querySelector('[role="slider"]'),
      null,
      { timeout: 10_000 },
    );
    await page.getByRole('button', { name: 'Exit fullscreen' }).waitFor({ timeout: 10_000 });
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => document.fullscreenElement === null, null, {
      timeout: 10_000,
    });
    await page
      .waitForFunction(() => document.activeElement?.textContent === 'View fullscreen', null, {
        timeout: 10_000,
      })
      .catch(async () => {
        throw new Error(
          `focus went to "${await page.evaluate(() => document.activeElement?.outerHTML)}" after leaving fullscreen`,
        );
      });
  }

  // The map block at #vehicle-map: the address and a directions link, no map loaded.
  const map = props.page.map;
  if (!map && props.page.location) throw new Error('the car has a location but no #vehicle-map');
  if (map) {
    const section = page.locator('#vehicle-map');
    await section.waitFor({ timeout: 10_000 });
    if (!(await section.locator('address').innerText()).includes(map.name))
      throw new Error('#vehicle-map does not name the location');
    const directions = section.getByRole('link', { name: /^Get directions/ });
    if ((await directions.getAttribute('href')) !== map.directions_url)
      throw new Error('Get directions goes elsewhere');
  }
  const promo = page.getByRole('navigation', { name: 'Offers and services' });
  const hrefs = await promo
    .getByRole('link')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  const wanted = (props.page.promo_banner?.links ?? []).map((l) => l.url);
  if (JSON.stringify(hrefs) !== JSON.stringify(wanted))
    throw new Error(`promo banner links ${hrefs}, expected ${wanted}`);

  await axe(page);
  if (elsewhere.length > 0)
    throw new Error(`the page loaded from other sites: ${elsewhere.join(', ')}`);
  expectNoErrors(
    path,
    errors.filter(
      (e) => !/Failed to load resource: the server responded with a status of 404/.test(e),
    ),
  );
  await page.close();
});
