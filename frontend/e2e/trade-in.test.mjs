// The trade-in valuation (seed 001 s3/s4/s5): on /trade-in a shopper picks a car, answers
// the condition questions, sees an offer and accepts it; the lead is stored with
// '3. Offer Accepted' and the browser lands on /success. A car over 7 years or
// 100,000 km gets no online estimate and the ordinary enquiry, prefilled.
import { test } from './fixtures.mjs';
import { expectNoErrors, open, waitForHydration } from './helpers.mjs';

const PATH = '/trade-in';

/** The dealer's valuation options, or null when it has no online valuations. */
async function valuationOptions(page) {
  const options = await page.evaluate(async () => (await fetch('/api/trade-in/options')).json());
  return options.enabled ? options : null;
}

/** A car of the market the API can value (nearly new, or a few years old), or null. */
async function valuedCar(page, options) {
  return page.evaluate(async (makes) => {
    const now = new Date().getFullYear();
    const probes = [
      [now - 1, 8000],
      [now - 3, 45000],
    ];
    let tries = 0;
    // Only the models the market can value (the list also has every model shoppers own).
    for (const { make, valued } of makes) {
      for (const model of valued) {
        for (const [year, kms] of probes) {
          if ((tries += 1) > 24) return null;
          const response = await fetch('/api/trade-in/lookup', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ vehicle: { year, make, model }, kms }),
          });
          if ((await response.json()).outcome === 'ready') return { year, make, model, kms };
        }
      }
    }
    return null;
  }, options.makes);
}

/** Fills the "Your Car" step. */
async function enterCar(form, car) {
  await form.getByRole('combobox', { name: 'Year', exact: true }).selectOption(String(car.year));
  await form.getByRole('combobox', { name: 'Make', exact: true }).selectOption(car.make);
  await form.getByRole('combobox', { name: 'Model', exact: true }).selectOption(car.model);
  await form.getByRole('textbox', { name: 'Odometer', exact: true }).fill(String(car.kms));
  await form.getByRole('button', { name: 'Next', exact: true }).click();
}

test("trade-in from a car's Get Your Valuation names the car and links back to it", async ({
  context,
  base,
  searchPath,
  axe,
}) => {
  const search = await open(context, base, searchPath);
  await waitForHydration(search.page);
  const link = search.page.locator('a[href^="/cars/trade-in?car_id="]').first();
  // Only sites whose cards offer the valuation button.
  test.skip(!(await link.count()), "this site's cards offer no valuation");
  const href = await link.getAttribute('href');
  const card = search.page
    .locator('article.car-card', { has: search.page.locator(`a[href="${href}"]`) })
    .first();
  const carPath = await card.locator('.car-card__title a').first().getAttribute('href');
  await search.page.close();
  const { page, errors } = await open(context, base, href);
  await waitForHydration(page);
  const towards = page.locator('.form-page__towards');
  await towards.waitFor({ timeout: 10_000 });
  if ((await towards.locator('a').getAttribute('href')) !== carPath)
    throw new Error(`trade-in names ${await towards.innerText()}, not ${carPath}`);
  await axe(page);
  expectNoErrors(href, errors);
  await page.close();
});

test('a trade-in offer accepted: the car, the condition, the offer and the lead with 3. Offer Accepted @two-dealers', async ({
  context,
  base,
  axe,
}) => {
  const { page, errors } = await open(context, base, PATH);
  await waitForHydration(page);
  const options = await valuationOptions(page);
  if (!options) {
    // No online valuations: the page keeps its enquiry, and asking said so quietly.
    await page
      .locator('form#trade-in-form')
      .getByRole('textbox', { name: 'First name', exact: true })
      .waitFor({ timeout: 10_000 });
    expectNoErrors(PATH, errors);
    return;
  }
  const form = page.locator('form#trade-in-form');
  await page.getByRole('heading', { name: /1\. Your Car/ }).waitFor({ timeout: 10_000 });
  if (options.lookup)
    throw new Error('the e2e sample has no valuation provider: expected year, make and model');
  await axe(page);

  // Nothing entered: the seed's banner lists each missing field.
  await form.getByRole('button', { name: 'Next', exact: true }).click();
  const banner = form.getByRole('alert');
  await banner.filter({ hasText: 'Please fix the following errors:' }).waitFor({ timeout: 10_000 });
  for (const message of [options.messages.year_required, options.messages.kms_required]) {
    if (!(await banner.textContent()).includes(message))
      throw new Error(`the banner does not say "${message}"`);
  }

  const car = await valuedCar(page, options);
  if (!car)
    throw new Error(
      `no car of ${JSON.stringify(options.makes).slice(0, 200)} gets an online estimate`,
    );
  await enterCar(form, car);
  await page.getByRole('heading', { name: /2\. Condition/ }).waitFor({ timeout: 10_000 });
  const focused = await page.evaluate(() => document.activeElement?.textContent ?? '');
  if (!focused.includes('2. Condition'))
    throw new Error(`focus is not on the Condition heading: "${focused}"`);

  // The condition questions: the best answer to each, but only one key.
  const groups = form.getByRole('radiogroup');
  const count = await groups.count();
  if (count !== options.questions.length)
    throw new Error(`${count} questions shown, ${options.questions.length} asked`);
  for (let i = 0; i < count; i += 1) await groups.nth(i).getByRole('radio').first().check();
  await form
    .getByRole('radiogroup', { name: /How many keys/ })
    .getByRole('radio', { name: 'One', exact: true })
    .check();
  await axe(page);
  await form.getByRole('button', { name: 'Get My Offer' }).click();

  await page.getByRole('heading', { name: /3\. Your Offer/ }).waitFor({ timeout: 10_000 });
  const price = (await form.locator('.trade-in__offer-price').textContent()).trim();
  if (!/^\$\d{1,3}(,\d{3})*$/.test(price)) throw new Error(`the offer reads "${price}"`);
  await form.getByText(/How many keys do you have\? One: −\$450/).waitFor({ timeout: 10_000 });
  await axe(page);

  await form.getByRole('textbox', { name: 'First name', exact: true }).fill('Sam');
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill('sam@example.com');
  await form.getByRole('textbox', { name: 'Phone', exact: true }).fill('0423 456 789');
  await form.getByRole('textbox', { name: 'Postcode', exact: true }).fill('4000');
  // A dealer with several locations asks which one.
  const location = form.getByRole('combobox', { name: 'Location', exact: true });
  if (await location.count()) await location.selectOption({ index: 1 });
  const terms = form.getByRole('checkbox', { name: /terms of use/ });
  if (await terms.count()) await terms.check();
  await form.getByRole('button', { name: 'Accept Offer' }).click();
  await page.waitForURL((url) => url.pathname === '/success', { timeout: 10_000 });

  // The enquiry this browser recorded names the lead the API stored.
  const lead = await page.evaluate(async () => {
    const [latest] = JSON.parse(window.localStorage.getItem('forecourt:enquiries') ?? '[]');
    return (await fetch(`/api/dev/leads/${latest?.lead_id}`)).json();
  });
  const f = lead.fields ?? {};
  const expected = {
    subcategory: '3. Offer Accepted',
    offer_accepted: true,
    category: 'Trade-In',
    'Vehicle Make': car.make,
    'Vehicle Model': car.model,
  };
  for (const [key, value] of Object.entries(expected)) {
    if (f[key] !== value)
      throw new Error(
        `the stored lead's ${key} is ${JSON.stringify(f[key])}, not ${JSON.stringify(value)}: ${JSON.stringify(lead)}`,
      );
  }
  if (`$${Number(f.offer_price).toLocaleString('en-AU')}` !== price)
    throw new Error(`the lead's offer_price ${f.offer_price} is not the offer shown, ${price}`);
  if (
    typeof f.id !== 'string' ||
    !Array.isArray(f.adjustmentAnswers) ||
    f.adjustmentAnswers.length !== options.questions.length
  ) {
    throw new Error(`the lead lacks the valuation id or its answers: ${JSON.stringify(f)}`);
  }
  expectNoErrors(PATH, errors);
  await page.close();
});

test('a trade-in over 7 years or 100,000 km gets no online estimate and the enquiry, prefilled @two-dealers', async ({
  context,
  base,
  axe,
}) => {
  const { page, errors } = await open(context, base, PATH);
  await waitForHydration(page);
  const options = await valuationOptions(page);
  test.skip(!options, 'this site gives no online valuation');
  await page.getByRole('heading', { name: /1\. Your Car/ }).waitFor({ timeout: 10_000 });
  const first = options.makes[0];
  const year = options.years.find((y) => y <= new Date().getFullYear() - options.max_age_years - 2);
  const form = page.locator('form#trade-in-form');
  await enterCar(form, { year, make: first.make, model: first.models[0], kms: 150000 });
  const notice = page.getByRole('status').filter({ hasText: 'over 7 years or 100,000 km' });
  await notice.waitFor({ timeout: 10_000 });
  // The ordinary enquiry replaces the flow, with the car filled in.
  await page
    .getByRole('heading', { name: /1\. Your Car/ })
    .waitFor({ state: 'detached', timeout: 10_000 });
  const prefilled = await page
    .locator('form#trade-in-form')
    .evaluate((f) => ({ year: f.elements['Vehicle Year']?.value, kms: f.elements.kms?.value }));
  if (prefilled.year !== String(year) || prefilled.kms !== '150,000')
    throw new Error(`the enquiry is not prefilled: ${JSON.stringify(prefilled)}`);
  await axe(page);
  expectNoErrors(PATH, errors);
  await page.close();
});
