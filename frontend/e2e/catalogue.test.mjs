// Models, offers, brands and the dealer locator: each page kind renders, hydrates, responds and passes axe.
import { test } from './fixtures.mjs';
import { exists, expectNoErrors, open, waitForHydration } from './helpers.mjs';

test('models: the catalogue search filters by manufacturer, keeps it in the URL and reaches the empty state', async ({
  context,
  base,
  axe,
}) => {
  test.skip(!(await exists(context, base, '/models')), 'this dealer has no model pages');
  const { page, errors } = await open(context, base, '/models');
  await waitForHydration(page);
  await axe(page);
  const all = await page.locator('.tile').count();
  const manufacturer = page
    .getByRole('group', { name: 'Manufacturer' })
    .getByRole('checkbox')
    .first();
  const label = (await manufacturer.locator('xpath=..').textContent()) ?? '';
  const expected = Number(/\((\d+)\)\s*$/.exec(label)?.[1] ?? NaN);
  await manufacturer.check();
  await page.waitForFunction(
    (n) => document.querySelectorAll('.tile').length === Math.min(n, 21),
    expected,
    { timeout: 10_000 },
  );
  if (!decodeURIComponent(page.url()).includes('refinementList[make]'))
    throw new Error(`the manufacturer is not in the URL: ${page.url()}`);
  await page.getByLabel('Search models').fill('no model is called this');
  await page.getByRole('heading', { name: 'No Results Available' }).waitFor({ timeout: 10_000 });
  await axe(page);
  await page.getByRole('button', { name: 'Clear Filters' }).click();
  await page.waitForFunction(
    (n) => document.querySelectorAll('.tile').length === Math.min(n, 21),
    all,
    { timeout: 10_000 },
  );
  expectNoErrors('/models', errors);
  await page.close();
});

test('special offers: filters reach the empty state and Clear Filters restores the list @two-dealers', async ({
  context,
  base,
  axe,
}) => {
  const { page, errors } = await open(context, base, '/special-offers');
  await waitForHydration(page);
  await axe(page);
  const before = await page.locator('.tile').count();
  await page.getByLabel('Search offers').fill('no offer is called this');
  await page.getByRole('heading', { name: 'No Results Available' }).waitFor({ timeout: 10_000 });
  if (!page.url().includes('query=')) throw new Error(`the query is not in the URL: ${page.url()}`);
  await axe(page);
  await page.getByRole('button', { name: 'Clear Filters' }).click();
  await page.waitForFunction((n) => document.querySelectorAll('.tile').length === n, before, {
    timeout: 10_000,
  });
  const first = page.locator('.tile__title a').first();
  if (before > 0) {
    const href = await first.getAttribute('href');
    const offer = await open(context, base, href);
    await waitForHydration(offer.page);
    await axe(offer.page);
    expectNoErrors(href, offer.errors);
    await offer.page.close();
  }
  expectNoErrors('/special-offers', errors);
  await page.close();
});

test('brands list and a brand overview render without axe violations', async ({
  context,
  base,
  axe,
}) => {
  test.skip(!(await exists(context, base, '/brands')), 'this dealer has no brand pages');
  const { page, errors } = await open(context, base, '/brands');
  await waitForHydration(page);
  await axe(page);
  const href = await page.locator('a.brand-tile[href$="/overview"]').first().getAttribute('href');
  expectNoErrors('/brands', errors);
  await page.close();
  if (!href) return;
  const brand = await open(context, base, href);
  await waitForHydration(brand.page);
  await axe(brand.page);
  expectNoErrors(href, brand.errors);
  await brand.page.close();
});

test('model page: the colour arrows wrap and driver-assist expands', async ({
  context,
  base,
  axe,
}) => {
  test.skip(!(await exists(context, base, '/models')), 'this dealer has no model pages');
  const list = await open(context, base, '/models');
  const href = await list.page.locator('.tile__title a').first().getAttribute('href');
  await list.page.close();
  if (!href) throw new Error('/models lists no model');
  const { page, errors } = await open(context, base, href);
  await waitForHydration(page);
  const name = () => page.locator('.colour-picker__name').textContent();
  const first = await name();
  await page.getByRole('button', { name: 'Previous colour' }).click();
  await page.getByRole('button', { name: 'Next colour' }).click();
  if ((await name()) !== first) throw new Error(`left then right did not come back to "${first}"`);
  const more = page.getByRole('button', { name: 'Show More' });
  if (await more.count()) {
    await more.click();
    await page.getByRole('button', { name: 'Show Less' }).waitFor({ timeout: 10_000 });
  }
  await axe(page);
  expectNoErrors(href, errors);
  await page.close();
});

test('dealer locator lists dealers nearest first from a postcode and words an unknown one as the seed does @two-dealers', async ({
  context,
  base,
  axe,
}) => {
  test.skip(!(await exists(context, base, '/dealer-locator')), 'this dealer has no dealer locator');
  const { page, errors } = await open(context, base, '/dealer-locator');
  await waitForHydration(page);
  const items = page.locator('.locator-item');
  await items.first().waitFor({ timeout: 10_000 });
  await axe(page);
  const text = await items.first().locator('.locator-item__address').innerText();
  const postcode = /\b(\d{4})\s*$/m.exec(text)?.[1];
  if (!postcode) throw new Error(`no postcode in the first address: ${text}`);
  const box = page.getByRole('combobox', { name: 'Suburb or postcode', exact: true });
  await box.fill(postcode);
  const status = page.getByRole('status').filter({ hasText: postcode });
  await status.waitFor({ timeout: 10_000 });
  const distances = (await page.locator('.locator-item__distance').allInnerTexts()).map((t) =>
    Number.parseFloat(t),
  );
  // A typed place lists every dealership within the radius (the 5 nearest are for a map
  // pick), so a group shows as many as are near.
  const radius = Number(/within (\d+) km/.exec(await status.innerText())?.[1]);
  if (distances.length === 0 || distances.some((d) => !(d <= radius)))
    throw new Error(`a postcode lists the dealers within ${radius} km, not ${distances}`);
  if (distances.some((d, i) => i > 0 && d < (distances[i - 1] ?? 0)))
    throw new Error(`not nearest first: ${distances}`);
  expectNoErrors('/dealer-locator', errors);
  await box.fill('0001');
  await page
    .getByRole('status')
    .filter({ hasText: 'Invalid postcode.' })
    .waitFor({ timeout: 10_000 });
  // Never the last search's result: an empty list that says why.
  if (await items.count()) throw new Error('an unknown postcode still lists the last result');
  await page.locator('.locator-empty').waitFor({ timeout: 10_000 });
  // The unknown postcode's 404 is the only thing the browser may report.
  expectNoErrors(
    '/dealer-locator',
    errors.filter((e) => !e.includes('status of 404')),
  );
  await page.close();
});
