// Tags behind consent (issue 28), on the dealers with tag ids: the banner asks on a first
// visit; before the shopper accepts no request goes to a tag's origin; once accepted, the
// dealer's tags are requested (intercepted here and answered with an empty script, so
// nothing reaches the internet) and the choice is remembered. The dataLayer entries of
// a save and a phone click are checked in account.test.mjs and vehicle.test.mjs.
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
