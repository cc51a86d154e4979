// Tags behind consent, on the dealers with tag ids: the banner asks on a first
// visit; before the shopper accepts no request goes to a tag's origin; once accepted, the
// dealer's tags are requested (intercepted here and answered with an empty script, so
// nothing reaches the internet) and the choice is remembered; the footer's Cookie
// settings changes it later, and a rejection then stops the tags. The dataLayer entry of
// a lead is checked here; those of a save and a phone click in account.test.mjs and
// vehicle.test.mjs.
import { expect, test } from './fixtures.mjs';
import { waitForHydration } from './helpers.mjs';

const TAG_ORIGINS =
  /^https:\/\/(www\.googletagmanager\.com|connect\.facebook\.net|[a-z0-9.-]*google-analytics\.com|[a-z0-9.-]*analytics\.google\.com|www\.facebook\.com)\//;

test.use({ consent: null });

/** The site's tag ids, from the page props. */
async function tagIds(page) {
  return page.evaluate(() => {
    const props = JSON.parse(document.getElementById('__FORECOURT_PROPS__')?.textContent ?? '{}');
    return props.site?.analytics ?? null;
  });
}

test('tags: nothing loads before consent, the dealer tags load after accepting', async ({
  page,
  base,
  axe,
}) => {
  const requested = [];
  // Every tag origin is answered here: nothing leaves the machine.
  await page.context().route(TAG_ORIGINS, (route) => {
    requested.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'text/javascript', body: '' });
  });
  await page.goto(new URL('/', base).toString());
  await waitForHydration(page);
  const ids = await tagIds(page);
  test.skip(!ids || !(ids.gtm_id || ids.ga4_id || ids.meta_pixel_id), 'the dealer has no tag ids');

  const banner = page.getByRole('dialog', { name: /^Cookies on / });
  await expect(banner).toBeVisible();
  await expect(banner).toBeFocused();
  await axe(page);
  const consent = () =>
    page.evaluate(() =>
      (window.dataLayer ?? [])
        .filter((e) => e && e[0] === 'consent')
        .map((e) => `${e[1]}:${e[2].analytics_storage}`),
    );
  expect(await consent()).toEqual(['default:denied']);
  expect(requested).toEqual([]);

  await banner.getByRole('button', { name: 'Accept' }).press('Enter');
  await expect(banner).toBeHidden();
  expect(await consent()).toEqual(['default:denied', 'update:granted']);
  const expected = [
    ids.gtm_id ? `gtm.js?id=${ids.gtm_id}` : ids.ga4_id ? `gtag/js?id=${ids.ga4_id}` : null,
    ids.meta_pixel_id ? 'fbevents.js' : null,
  ].filter(Boolean);
  await expect
    .poll(() => expected.filter((tag) => requested.some((url) => url.includes(tag))))
    .toEqual(expected);

  // Remembered: the next page asks nothing and loads the tags at once.
  requested.length = 0;
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByRole('dialog', { name: /^Cookies on / })).toHaveCount(0);
  await expect.poll(() => requested.length).toBeGreaterThan(0);

  // Changed later, by keyboard, from the footer of the page: the banner names the
  // choice in force; rejecting updates Consent Mode and no later page loads a tag.
  // Nothing on the page moves while the banner opens and closes.
  await page.evaluate(() => {
    window.__shifts = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__shifts += entry.value;
    }).observe({ type: 'layout-shift' });
  });
  const settings = page.getByRole('contentinfo').getByRole('button', { name: 'Cookie settings' });
  await settings.focus();
  await page.keyboard.press('Enter');
  const again = page.getByRole('dialog', { name: /^Cookies on / });
  await expect(again).toBeFocused();
  await expect(again).toContainText('You have accepted these cookies');
  await axe(page);
  await again.getByRole('button', { name: 'Reject' }).press('Enter');
  await expect(again).toBeHidden();
  await expect(settings).toBeFocused();
  expect((await consent()).at(-1)).toBe('update:denied');
  expect(await page.evaluate(() => window.__shifts)).toBe(0);
  requested.length = 0;
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByRole('dialog', { name: /^Cookies on / })).toHaveCount(0);
  expect(await consent()).toEqual(['default:denied', 'update:denied']);
  expect(requested).toEqual([]);
});

test('tags: a rejection loads nothing, on this page or the next', async ({ page, base }) => {
  const requested = [];
  await page.context().route(TAG_ORIGINS, (route) => {
    requested.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'text/javascript', body: '' });
  });
  await page.goto(new URL('/', base).toString());
  await waitForHydration(page);
  const ids = await tagIds(page);
  test.skip(!ids || !(ids.gtm_id || ids.ga4_id || ids.meta_pixel_id), 'the dealer has no tag ids');
  await page.getByRole('button', { name: 'Reject' }).click();
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByRole('dialog', { name: /^Cookies on / })).toHaveCount(0);
  expect(requested).toEqual([]);
});

// A lead goes to the dataLayer as a named event with the seed's id (22, the
// default form's, for a general enquiry), the car and the dealer. One dealer shows it;
// forms.test.mjs sends leads on every dealer.
test('tags: a car enquiry puts its lead event in the dataLayer', async ({
  context,
  page,
  base,
  dealer,
  searchPath,
  vehiclePath,
}) => {
  test.skip(dealer !== 'jacaranda-toyota', 'the lead event is the same code on every dealer');
  // The form leaves for /success once stored: keep each entry across the navigation.
  await context.addInitScript(() => {
    const layer = [];
    const push = layer.push.bind(layer);
    layer.push = (...entries) => {
      try {
        const kept = JSON.parse(sessionStorage.getItem('e2e:dataLayer') ?? '[]');
        kept.push(...entries.map((e) => JSON.parse(JSON.stringify(e))));
        sessionStorage.setItem('e2e:dataLayer', JSON.stringify(kept));
      } catch {
        // a frame without storage is not the site's page
      }
      return push(...entries);
    };
    window.dataLayer = layer;
  });
  let path = vehiclePath;
  if (!path) {
    await page.goto(new URL(searchPath, base).toString());
    path = await page.locator('.car-card__title a').first().getAttribute('href');
  }
  await page.goto(new URL(path, base).toString());
  await waitForHydration(page);
  const props = await page.evaluate(() =>
    JSON.parse(document.getElementById('__FORECOURT_PROPS__').textContent),
  );
  test.skip(!props.page.forms, 'the first car offers no forms');
  const { enquiry } = props.page.forms;
  await page
    .locator('.vehicle__sidebar')
    .getByRole('button', { name: enquiry.label, exact: true })
    .click();
  const dialog = page.getByRole('dialog', { name: enquiry.title });
  const field = (label) => dialog.getByRole('textbox', { name: label, exact: true });
  await field('First name').fill('Tess');
  await field('Email').fill('tess@example.com');
  await field('Phone').fill('0412 345 678');
  await field('Postcode').fill('4000');
  for (const name of ['Enquiry type', 'Preferred dealership', 'Location']) {
    const select = dialog.getByRole('combobox', { name, exact: true });
    if ((await select.count()) && (await select.inputValue()) === '')
      await select.selectOption(name === 'Enquiry type' ? 'General Enquiry' : { index: 1 });
  }
  const terms = dialog.getByRole('checkbox', { name: /terms of use/ });
  if (await terms.count()) await terms.check();
  await field('Comments').fill('Is it available this week?');
  await dialog.locator('button[type="submit"]').click();
  await page.waitForURL((url) => url.pathname === '/success', { timeout: 10_000 });

  const card = props.page.card;
  const kept = await page.evaluate(() => JSON.parse(sessionStorage.getItem('e2e:dataLayer')));
  const lead = kept.find((e) => e.event === 'forecourt_form_submit');
  expect(lead, JSON.stringify(kept)).toMatchObject({
    event_id: 22,
    dealer_slug: 'jacaranda-toyota',
    dealer_name: props.site.name,
    car_id: card.id,
    car_make: card.make,
    car_model: card.model,
  });
});
