// The parts catalogue (/parts/search, dealers with a parts.toml): a shopper narrows the
// parts by category and make, searches by part number, comes back with the browser's
// back and forward buttons, clears an empty search, then orders a part: the parts order
// form opens with the part filled in, and the lead the API stores names it. axe checks
// the catalogue, its empty state and the order form.
import { test } from './fixtures.mjs';
import { exists, expectNoErrors, open, waitForHydration } from './helpers.mjs';

const PATH = '/parts/search';

async function pageProps(page) {
  return page.evaluate(() =>
    JSON.parse(document.getElementById('__FORECOURT_PROPS__').textContent),
  );
}

/** The count the catalogue announces, e.g. "3 parts". */
function countText(n) {
  return `${n} ${n === 1 ? 'part' : 'parts'}`;
}

async function waitForCount(page, n) {
  await page
    .locator('#parts-count')
    .filter({ hasText: new RegExp(`^${countText(n)}$`) })
    .waitFor({ timeout: 10_000 });
}

/** The catalogue's parts that keep `category` and fit `make` ('' for any). */
function keptBy(parts, category, make) {
  return parts.filter(
    (p) => p.category === category && (!make || p.makes.length === 0 || p.makes.includes(make)),
  );
}

/** The part to order: one naming a single make and model (so the whole link is checked), else the first. */
function partToOrder(parts) {
  const params = (p) => new URL(p.order_url, 'http://x').searchParams;
  return parts.find((p) => params(p).has('make') && params(p).has('model')) ?? parts[0];
}

/** Fills the contact details of the order form's first step. */
async function fillContact(form) {
  const text = (label) => form.getByRole('textbox', { name: label, exact: true });
  await text('First name').fill('Robin');
  await text('Email').fill('robin@example.com');
  await text('Phone').fill('0412 345 678');
  await text('Postcode').fill('4000');
  const location = form.getByRole('combobox', { name: 'Location', exact: true });
  if ((await location.count()) && (await location.inputValue()) === '')
    await location.selectOption({ index: 1 });
}

async function expectValue(field, expected, what) {
  const value = await field.inputValue();
  if (value !== expected)
    throw new Error(`${what} is ${JSON.stringify(value)}, expected ${JSON.stringify(expected)}`);
}

test('parts: filter the catalogue by category and make, search a part number, order it with the form prefilled', async ({
  context,
  base,
  axe,
}) => {
  test.skip(!(await exists(context, base, PATH)), 'this dealer has no parts.toml');
  const { page, errors } = await open(context, base, PATH);
  await waitForHydration(page);
  await axe(page);
  const { page: view } = await pageProps(page);
  const part = partToOrder(view.parts);
  const order = new URL(part.order_url, base);
  const make = order.searchParams.get('make') ?? '';
  await waitForCount(page, view.parts.length);

  // Category, then make (where the parts fit more than one): the URL follows.
  await page.getByRole('combobox', { name: 'Category' }).selectOption(part.category);
  await waitForCount(page, keptBy(view.parts, part.category, '').length);
  if (new URL(page.url()).searchParams.get('category') !== part.category)
    throw new Error(`the category is not in the URL: ${page.url()}`);
  const makeSelect = page.getByRole('combobox', { name: 'Make' });
  const byMake = make && (await makeSelect.count()) > 0;
  if (byMake) {
    await makeSelect.selectOption(make);
    await waitForCount(page, keptBy(view.parts, part.category, make).length);
    if (new URL(page.url()).searchParams.get('make') !== make)
      throw new Error(`the make is not in the URL: ${page.url()}`);
  }

  // The part number, typed without its punctuation, finds the part.
  const search = page.getByRole('searchbox', { name: 'Search parts' });
  await search.fill(part.number.replace(/[^A-Za-z0-9]/g, ' ').toLowerCase());
  await waitForCount(page, 1);
  await page
    .getByRole('heading', { level: 3, name: part.name, exact: true })
    .waitFor({ timeout: 10_000 });

  // Back and forward restore the filters.
  await page.goBack();
  await waitForCount(page, keptBy(view.parts, part.category, byMake ? make : '').length);
  if ((await search.inputValue()) !== '')
    throw new Error('back did not restore the empty search box');
  await page.goForward();
  await waitForCount(page, 1);

  // Nothing matches: the empty state, whose Clear Filters shows every part again.
  await search.fill('no part is called this');
  await page.getByRole('heading', { name: 'No Results Available' }).waitFor({ timeout: 10_000 });
  await axe(page);
  await page.getByRole('button', { name: 'Clear Filters' }).click();
  await waitForCount(page, view.parts.length);
  if (new URL(page.url()).search !== '') throw new Error(`Clear Filters left ${page.url()}`);

  // Keyboard: the search box takes the number and Enter applies it at once.
  await search.focus();
  await page.keyboard.type(part.number);
  await page.keyboard.press('Enter');
  await waitForCount(page, 1);
  expectNoErrors(PATH, errors);

  // Order this part: the order form opens with the part filled in.
  await page.getByRole('link', { name: `Order this part: ${part.name}`, exact: true }).click();
  await page.waitForURL((url) => url.pathname === order.pathname, { timeout: 10_000 });
  await waitForHydration(page);
  const form = page.locator(`form#${order.hash.slice(1)}`);
  await form.getByRole('heading', { name: /Contact Details/ }).waitFor({ timeout: 10_000 });
  await axe(page);
  // Seed 001 s2: "A toggle reads View or Hide Parts Order Form."
  const hide = page.getByRole('button', { name: 'Hide Parts Order Form', exact: true });
  await hide.click();
  await form.waitFor({ state: 'hidden', timeout: 10_000 });
  await page.getByRole('button', { name: 'View Parts Order Form', exact: true }).click();
  await form.getByRole('heading', { name: /Contact Details/ }).waitFor({ timeout: 10_000 });
  await fillContact(form);
  await form.getByRole('button', { name: 'Next' }).click();
  await form.getByRole('heading', { name: /Vehicle Details/ }).waitFor({ timeout: 10_000 });
  const number = form.getByRole('textbox', {
    name: /^(Part number|Rego, VIN or part number)$/,
  });
  await expectValue(number, part.number, 'the part number');
  if (make)
    await expectValue(form.getByRole('textbox', { name: 'Make', exact: true }), make, 'the make');
  const model = order.searchParams.get('model');
  if (model)
    await expectValue(
      form.getByRole('textbox', { name: 'Model', exact: true }),
      model,
      'the model',
    );
  await form.getByRole('button', { name: 'Next' }).click();
  await form.getByRole('heading', { name: /Order Details/ }).waitFor({ timeout: 10_000 });
  const detail = await form
    .getByRole('textbox', { name: 'Order detail', exact: true })
    .inputValue();
  if (!detail.includes(part.number) || !detail.includes(part.name))
    throw new Error(`the order detail does not name the part: ${detail}`);
  const terms = form.getByRole('checkbox', { name: /terms of use/ });
  if (await terms.count()) await terms.check();
  await axe(page);

  // Sent: the lead the API stored names the part.
  await form.locator('button[type="submit"]').click();
  await page.waitForURL((url) => url.pathname === '/success', { timeout: 10_000 });
  const lead = await page.evaluate(async () => {
    const id = JSON.parse(localStorage.getItem('forecourt:enquiries') ?? '[]')[0]?.lead_id;
    const response = id ? await fetch(`/api/dev/leads/${id}`) : null;
    return response?.ok ? response.json() : null;
  });
  const fields = lead?.fields ?? {};
  const sent = fields['Part#'] ?? fields['Rego/VIN/Part#'];
  if (sent !== part.number || fields.category !== 'Parts')
    throw new Error(`stored lead: ${JSON.stringify(fields)}`);
  await page.close();
});
