// Search journeys as a shopper takes them: filter by make then model, go back, sort,
// page, share the URL and reload it to the same results; move the price range with the
// keyboard and the mouse; type a search that finds nothing and clear it; save a car
// while signed out; and axe on the page, also at 400 px with the filter drawer open.
import { test } from './fixtures.mjs';
import { expectNoErrors, open, waitForHydration } from './helpers.mjs';

function props(page) {
  return page.evaluate(() =>
    JSON.parse(document.getElementById('__FORECOURT_PROPS__').textContent),
  );
}

/** Opens the search page hydrated, with its first refresh answered. */
async function openSearch(context, base, path) {
  const opened = await open(context, base, path);
  await waitForHydration(opened.page);
  await opened.page.waitForLoadState('networkidle');
  await settled(opened.page);
  return opened;
}

/** Waits until no search is loading. */
async function settled(page) {
  await page.waitForFunction(
    () => document.querySelector('.search-results')?.getAttribute('aria-busy') === 'false',
    null,
    { timeout: 10_000 },
  );
}

/** Runs `action`, which changes the search, and waits for its answer. */
async function searchAfter(page, action) {
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/search', {
    timeout: 10_000,
  });
  await action();
  await answered;
  await settled(page);
}

const titles = (page) => page.locator('.search-results .car-card__title a').allTextContents();
const hrefs = (page) =>
  page
    .locator('.search-results .car-card__title a')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
const param = (page, name) => new URL(page.url()).searchParams.get(name);
const dollars = (text) => Number(text.replace(/[^0-9.]/g, ''));

/** The count in "N cars found" (the dealer's vehicle words: "N caravans found"). */
async function found(page) {
  // textContent: a dealer's theme may show headings in capitals.
  const text = await page.locator('#results-heading').textContent();
  const match = /^(\d+) [a-z]+ found$/i.exec(text.trim());
  if (!match) throw new Error(`results heading reads "${text}"`);
  return Number(match[1]);
}

/** The number in a facet label such as "Toyota (12)". */
const countOf = (label) => Number(/\((\d+)\)\s*$/.exec(label)?.[1] ?? NaN);

test('search: filter by make then model, back, sort, page, then share the URL and reload it to the same results @two-dealers', async ({
  context,
  base,
  searchPath,
}) => {
  const { page, errors } = await openSearch(context, base, searchPath);
  const view = (await props(page)).page;
  const aside = page.locator('.search-layout__aside');

  // Page 2 and back again.
  if (view.pages > 1) {
    const first = await hrefs(page);
    await searchAfter(page, () => aside.page().getByRole('button', { name: 'Next page' }).click());
    if (param(page, 'page') !== '2')
      throw new Error(`page parameter ${param(page, 'page')}, expected 2 for the second page`);
    const second = await hrefs(page);
    if (second[0] === first[0]) throw new Error('the next page shows the same first car');
    await page.goBack();
    await page.waitForFunction(() => !new URL(location.href).searchParams.has('page'));
    await settled(page);
    if ((await hrefs(page))[0] !== first[0]) throw new Error('back did not restore the first page');
  }

  // A make, then one of its models (or the model list of a single-make dealer). The
  // makes are checkboxes, or tiles that press like them.
  const tiles = (await aside.locator('.facet--make .facet-tile').count()) > 0;
  const makeLabels = tiles
    ? await aside
        .locator('.facet--make .facet-tile')
        .evaluateAll((buttons) => buttons.map((b) => b.textContent.trim()))
    : await aside.locator('.facet--make label').allTextContents();
  const control = (label) =>
    aside.getByRole(tiles ? 'button' : 'checkbox', { name: label, exact: true }).first();
  const isOn = async (label) =>
    tiles
      ? (await control(label).getAttribute('aria-pressed')) === 'true'
      : control(label).isChecked();
  let make = null;
  if (makeLabels.length > 0) {
    const pick = makeLabels.find((l) => countOf(l) >= 2) ?? makeLabels[0];
    make = pick.replace(/\s*\(\d+\)\s*$/, '');
    if ((await aside.locator('.facet--models').count()) > 0)
      throw new Error('the model list shows before a make is selected');
    await searchAfter(page, () => (tiles ? control(pick).click() : control(pick).check()));
    if (param(page, 'refinementList[make][0]') !== make)
      throw new Error(`make parameter ${page.url()}`);
    if ((await found(page)) !== countOf(pick))
      throw new Error(`${pick}: ${await found(page)} cars found`);
    for (const title of await titles(page))
      if (!title.toLowerCase().includes(make.toLowerCase()))
        throw new Error(`${title} is not a ${make}`);

    // Back restores the unfiltered search, forward the make.
    await page.goBack();
    await page.waitForFunction(
      () => !new URL(location.href).searchParams.has('refinementList[make][0]'),
    );
    await settled(page);
    if (await isOn(pick)) throw new Error('back left the make selected');
    await page.goForward();
    await page.waitForFunction(() =>
      new URL(location.href).searchParams.has('refinementList[make][0]'),
    );
    await settled(page);
    if (!(await isOn(pick))) throw new Error('forward did not select the make again');
  }
  // The fieldset whose own legend is Model (the make's fieldset holds it).
  const models = aside
    .locator('fieldset')
    .filter({ has: page.locator('xpath=./legend[normalize-space()="Model"]') });
  await models.first().waitFor({ timeout: 10_000 });
  const modelLabel = (await models.first().locator('label').allTextContents())[0];
  const model = modelLabel.replace(/\s*\(\d+\)\s*$/, '');
  await searchAfter(page, () =>
    models.first().getByRole('checkbox', { name: modelLabel, exact: true }).check(),
  );
  if (param(page, 'refinementList[model][0]') !== model)
    throw new Error(`model parameter ${page.url()}`);
  if (make && param(page, 'refinementList[make][0]') !== make)
    throw new Error('the make was dropped');
  for (const title of await titles(page))
    if (!title.toLowerCase().includes(model.toLowerCase()))
      throw new Error(`${title} is not a ${model}`);

  // Sort by lowest price: the priced cards come cheapest first, and the page goes.
  const lowest = view.sort_options.find((o) => o.value === 'price_asc');
  if (lowest) {
    await searchAfter(page, () => page.getByLabel('Sort by').selectOption(lowest.value));
    if (param(page, 'sortBy') !== 'price_asc' || param(page, 'page') !== null)
      throw new Error(`sort parameters ${page.url()}`);
    const prices = (
      await page
        .locator('.search-results .car-card:not(.car-card--sold) .car-card__price')
        .allTextContents()
    )
      .filter((p) => p.startsWith('$'))
      .map(dollars);
    for (let i = 1; i < prices.length; i += 1)
      if (prices[i] < prices[i - 1]) throw new Error(`prices not ascending: ${prices.join(', ')}`);
  }

  // The shared URL shows the same results.
  const shared = page.url();
  const expected = await hrefs(page);
  const count = await found(page);
  const again = await openSearch(context, base, new URL(shared).pathname + new URL(shared).search);
  if (
    !(await again.page.getByRole('checkbox', { name: modelLabel, exact: true }).first().isChecked())
  )
    throw new Error('the shared URL lost the model');
  const reloaded = await hrefs(again.page);
  if (
    JSON.stringify(reloaded) !== JSON.stringify(expected) ||
    (await found(again.page)) !== count
  ) {
    throw new Error(`the shared URL shows ${reloaded.join(' ')} instead of ${expected.join(' ')}`);
  }
  expectNoErrors(searchPath, [...errors, ...again.errors]);
  await again.page.close();
  await page.close();
});

test('search: move the price range with the keyboard and the mouse; typed values outside the range are ignored @two-dealers', async ({
  context,
  base,
  searchPath,
}) => {
  const { page, errors } = await openSearch(context, base, searchPath);
  const aside = page.locator('.search-layout__aside');
  const low = aside.getByRole('slider', { name: 'Minimum Price' });
  if ((await low.count()) === 0) throw new Error('no price slider');
  const [min, max] = [Number(await low.getAttribute('min')), Number(await low.getAttribute('max'))];

  // Keyboard: ten steps of one hundredth each, applied after the pause.
  await searchAfter(page, async () => {
    await low.focus();
    for (let i = 0; i < 10; i += 1) await page.keyboard.press('ArrowRight');
  });
  // A busy machine can search between two presses: wait for the search of the last one,
  // when the URL's minimum is the one the slider reads.
  const agree = async () => {
    const shown = Number((param(page, 'range[price]') ?? '').split(':')[0]);
    return (await low.getAttribute('aria-valuetext')) === `$${shown.toLocaleString('en-AU')}`;
  };
  for (let i = 0; i < 50 && !(await agree()); i += 1) await page.waitForTimeout(100);
  await settled(page);
  const [from, to] = (param(page, 'range[price]') ?? '').split(':');
  const lowest = Number(from);
  if (!(lowest > min) || lowest % 1000 !== 0 || to !== '')
    throw new Error(`range[price]=${param(page, 'range[price]')} (min ${min})`);
  if ((await low.getAttribute('aria-valuetext')) !== `$${lowest.toLocaleString('en-AU')}`)
    throw new Error(`valuetext ${await low.getAttribute('aria-valuetext')}`);
  const prices = (await page.locator('.search-results .car-card__price').allTextContents())
    .filter((p) => p.startsWith('$'))
    .map(dollars);
  if (prices.length === 0 || prices.some((p) => p < lowest))
    throw new Error(`prices under ${lowest}: ${prices.join(', ')}`);
  if (param(page, 'page') !== null) throw new Error('a filter change kept the page');

  // Mouse: drag the high thumb a third of the way left.
  const high = aside.getByRole('slider', { name: 'Maximum Price' });
  const box = await high.boundingBox();
  const y = box.y + box.height / 2;
  await searchAfter(page, async () => {
    await page.mouse.move(box.x + box.width - 11, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.66, y, { steps: 8 });
    await page.mouse.up();
  });
  const [from2, to2] = (param(page, 'range[price]') ?? '').split(':').map(Number);
  if (from2 !== lowest || !(to2 < max) || to2 % 1000 !== 0 || to2 < lowest)
    throw new Error(`after the drag range[price]=${param(page, 'range[price]')}`);
  const capped = (await page.locator('.search-results .car-card__price').allTextContents())
    .filter((p) => p.startsWith('$'))
    .map(dollars);
  if (capped.some((p) => p > to2 || p < lowest))
    throw new Error(`prices outside ${lowest}-${to2}: ${capped.join(', ')}`);

  // Seed 000 s9: "price ranges for subscription prices add / week".
  const subscription = aside.getByRole('slider', { name: 'Minimum Subscription' });
  if (
    (await subscription.count()) > 0 &&
    !/ \/ week$/.test(await subscription.getAttribute('aria-valuetext'))
  )
    throw new Error(
      `subscription range reads ${await subscription.getAttribute('aria-valuetext')}`,
    );

  // A typed minimum below the facet is ignored: nothing is searched, the URL stays.
  const url = page.url();
  const fromInput = aside.getByRole('textbox', { name: 'From' }).first();
  await fromInput.fill('1');
  await page.waitForTimeout(700);
  if (page.url() !== url) throw new Error(`a value below the minimum applied: ${page.url()}`);
  expectNoErrors(searchPath, errors);
  await page.close();
});

test('search: the home price-range slider steps 500, its thumbs never meet, and its button searches highest price first (seed 001 s2)', async ({
  context,
  base,
  dealer,
}) => {
  test.skip(dealer !== 'jacaranda-toyota', 'search.price_range_slider is on for jacaranda-toyota');
  const { page, errors } = await open(context, base, '/');
  await waitForHydration(page);
  const block = page.locator('.price-slider');
  const low = block.getByRole('slider', { name: 'Minimum Price' });
  const high = block.getByRole('slider', { name: 'Maximum Price' });
  if ((await low.getAttribute('step')) !== '500') throw new Error('the slider does not step 500');
  await low.focus();
  await page.keyboard.press('End');
  const [from, to] = [Number(await low.inputValue()), Number(await high.inputValue())];
  if (to - from !== 500) throw new Error(`the low thumb reached ${from} with the high at ${to}`);
  await page.keyboard.press('Home');
  await Promise.all([page.waitForURL(/sortBy=price_desc/), block.getByRole('link').click()]);
  await waitForHydration(page);
  await page.waitForLoadState('networkidle');
  await settled(page);
  const [min, max] = (param(page, 'range[price]') ?? '').split(':').map(Number);
  if (!(min >= 5000 && max <= 250000 && min < max))
    throw new Error(`range[price]=${param(page, 'range[price]')}`);
  const prices = (await page.locator('.search-results .car-card__price').allTextContents())
    .filter((p) => p.startsWith('$'))
    .map(dollars);
  if (prices.length === 0 || prices.some((p, i) => i > 0 && p > prices[i - 1]))
    throw new Error(`not highest price first: ${prices.join(', ')}`);
  expectNoErrors('/', errors);
  await page.close();
});

test('search: the search box finds nothing for nonsense, the empty state says so and Clear Filters brings the cars back @two-dealers', async ({
  context,
  base,
  searchPath,
}) => {
  const { page, errors } = await openSearch(context, base, searchPath);
  const before = await found(page);
  await searchAfter(page, () =>
    page.getByRole('searchbox', { name: 'Search stock' }).fill('zzqxvbnonsense'),
  );
  if (param(page, 'query') !== 'zzqxvbnonsense') throw new Error(`query parameter ${page.url()}`);
  await page.getByRole('heading', { name: 'No Results Available' }).waitFor();
  await page
    .getByText(
      'No results found for your search at this time. Please try adjusting the filters for more results',
      { exact: true },
    )
    .waitFor();
  await page.getByRole('button', { name: 'Clear Filters', exact: true }).click();
  await page.waitForFunction(() => !new URL(location.href).searchParams.has('query'));
  await settled(page);
  if ((await found(page)) !== before)
    throw new Error(`after Clear Filters ${await found(page)} cars, before ${before}`);
  if ((await page.getByRole('searchbox', { name: 'Search stock' }).inputValue()) !== '')
    throw new Error('the search box kept the text');
  expectNoErrors(searchPath, errors);
  await page.close();
});

test('search: the home keyword box suggests a model of the stock; arrows and Enter go to its filter, typed words to query @two-dealers', async ({
  context,
  base,
  searchPath,
}) => {
  const { page, errors } = await open(context, base, '/');
  await waitForHydration(page);
  const box = page.getByRole('combobox', { name: 'Search our stock' });
  const stock = await page.evaluate(() => fetch('/api/search?hitsPerPage=1').then((r) => r.json()));
  const [make, model] = stock.facets.make_model[0].value.split(' > ');
  await box.click();
  await box.pressSequentially(model.slice(0, 3).toLowerCase(), { delay: 30 });
  const escaped = `${make} ${model}`.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const option = page.getByRole('option', { name: new RegExp(`^${escaped},`) });
  await option.waitFor();
  if ((await box.getAttribute('aria-expanded')) !== 'true')
    throw new Error('the list is not expanded');
  const options = await page.getByRole('option').allTextContents();
  for (let i = 0; i <= options.findIndex((o) => o.startsWith(`${make} ${model}`)); i += 1)
    await box.press('ArrowDown');
  await Promise.all([page.waitForURL(/refinementList/), box.press('Enter')]);
  await waitForHydration(page);
  await page.waitForLoadState('networkidle');
  await settled(page);
  if (
    param(page, 'refinementList[model][0]') !== model ||
    param(page, 'refinementList[make][0]') !== make
  )
    throw new Error(`picked ${make} ${model}, at ${page.url()}`);
  const shown = await titles(page);
  if (shown.length === 0 || shown.some((t) => !t.includes(model)))
    throw new Error(`${model} results: ${shown.join(' | ')}`);

  const home = await open(context, base, '/');
  await waitForHydration(home.page);
  const typed = home.page.getByRole('combobox', { name: 'Search our stock' });
  await typed.fill('automatic under 30k');
  // The URL the box goes to: the search page may then turn words it knows into filters.
  const [went] = await Promise.all([
    home.page.waitForRequest((r) => r.isNavigationRequest() && /query=/.test(r.url())),
    typed.press('Enter'),
  ]);
  const url = new URL(went.url());
  if (url.pathname !== searchPath || url.searchParams.get('query') !== 'automatic under 30k')
    throw new Error(`typed words went to ${went.url()}`);
  expectNoErrors('/', errors);
  expectNoErrors('/', home.errors);
  await page.close();
  await home.page.close();
});

test('search: the dealership picker needs a pick, and a postcode search keeps lat, lng and radius in the URL @two-dealers', async ({
  context,
  base,
  searchPath,
}) => {
  const { page, errors } = await openSearch(context, base, searchPath);
  const view = (await props(page)).page;
  const aside = page.locator('.search-layout__aside');
  const picker = aside.getByRole('combobox', { name: 'Dealership' });
  if (view.order.includes('location_name') && (await picker.count()) > 0) {
    await aside.getByRole('button', { name: 'Show stock' }).click();
    await aside
      .getByRole('alert')
      .filter({ hasText: '*Please select a dealership location.' })
      .waitFor();
    const first = picker.locator('option').nth(1);
    const option = await first.textContent();
    const value = await first.getAttribute('value');
    await picker.selectOption(value);
    await searchAfter(page, () => aside.getByRole('button', { name: 'Show stock' }).click());
    // A dealership the dealer lists is picked by its location id (seed 000 s2 dealer
    // search parameter locationId), another location by name.
    const sent = /^\d+$/.test(value)
      ? param(page, 'locationId')
      : param(page, 'refinementList[location_name][0]');
    if (sent !== value) throw new Error(`dealership parameter ${page.url()}`);
    if ((await found(page)) !== countOf(option))
      throw new Error(`${option}: ${await found(page)} cars found`);
    // Back to the unfiltered search: the first page the page already holds.
    await aside.getByRole('button', { name: 'All dealerships' }).click();
    await page.waitForFunction(() => {
      const params = new URL(location.href).searchParams;
      return !params.has('locationId') && !params.has('refinementList[location_name][0]');
    });
    await settled(page);
  }
  if (view.distance) {
    const before = await found(page);
    const postcode = aside.getByRole('combobox', { name: 'Your suburb or postcode', exact: true });
    // Typed digits open the place suggestions over the button, so the search is sent
    // from the keyboard, as a shopper who wants the postcode itself would.
    await postcode.fill('40');
    await aside.getByRole('button', { name: 'Search nearby' }).press('Enter');
    await aside
      .getByRole('alert')
      .filter({ hasText: 'Invalid postcode. Please enter a 4-digit number.' })
      .waitFor();
    await postcode.fill('4000');
    await searchAfter(page, () =>
      aside.getByRole('button', { name: 'Search nearby' }).press('Enter'),
    );
    const url = new URL(page.url());
    if (
      url.searchParams.get('radius') !== String(view.distance.default_km) ||
      url.searchParams.get('userLocation') !== '4000'
    )
      throw new Error(`distance parameters ${page.url()}`);
    if (
      !Number.isFinite(Number(url.searchParams.get('lat'))) ||
      !Number.isFinite(Number(url.searchParams.get('lng')))
    )
      throw new Error(`no position in ${page.url()}`);
    const near = await found(page);
    if (near > before) throw new Error(`${near} cars within 50 km, ${before} in all`);
    await searchAfter(page, () =>
      aside.getByRole('combobox', { name: 'Within' }).selectOption('1000'),
    );
    if (param(page, 'radius') !== '1000') throw new Error(`radius ${param(page, 'radius')}`);
    if ((await found(page)) < near) throw new Error('a wider radius found fewer cars');
  } else if (
    (await aside.getByRole('combobox', { name: 'Your suburb or postcode', exact: true }).count()) >
    0
  ) {
    throw new Error('a distance picker on a dealer without the distance filter');
  }
  expectNoErrors(searchPath, errors);
  await page.close();
});

test('search: saving a car while signed out opens sign-in over the results @two-dealers', async ({
  context,
  base,
  searchPath,
}) => {
  const { page, errors } = await openSearch(context, base, searchPath);
  const { site } = await props(page);
  const toggles = page.locator('.search-results .car-card .save-toggle');
  if (!site.favourites) {
    if ((await toggles.count()) > 0) throw new Error('a save toggle on a site without favourites');
    await page.close();
    return;
  }
  const toggle = toggles.first();
  await toggle.click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText('Sign in to save cars to your watchlist.').waitFor({ timeout: 10_000 });
  if (new URL(page.url()).pathname !== new URL(searchPath, base).pathname)
    throw new Error(`left the results for ${page.url()}`);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached', timeout: 10_000 });
  if (!(await toggle.evaluate((el) => el === document.activeElement)))
    throw new Error('focus did not come back to the Save toggle');
  expectNoErrors(searchPath, errors);
  await page.close();
});

test('search: no axe violations with a make selected, nor at 400 px with the filter drawer open; the drawer keeps focus and Escape closes it @two-dealers', async ({
  context,
  base,
  searchPath,
  axe,
}) => {
  const { page, errors } = await openSearch(context, base, searchPath);
  const make = page.locator('.search-layout__aside .facet--make input[type="checkbox"]').first();
  if ((await make.count()) > 0) await searchAfter(page, () => make.check());
  await axe(page);

  await page.setViewportSize({ width: 400, height: 800 });
  const opener = page.getByRole('button', { name: /^Filters/ });
  await opener.click();
  const drawer = page.getByRole('dialog', { name: 'Filters' });
  await drawer.waitFor();
  await axe(page);
  for (let i = 0; i < 60; i += 1) {
    await page.keyboard.press(i % 7 === 6 ? 'Shift+Tab' : 'Tab');
    const inside = await page.evaluate(() => !!document.activeElement?.closest('dialog[open]'));
    if (!inside) throw new Error(`focus left the drawer after ${i + 1} presses`);
  }
  await page.keyboard.press('Escape');
  await drawer.waitFor({ state: 'hidden' });
  if (!(await opener.evaluate((el) => el === document.activeElement)))
    throw new Error('focus did not return to the Filters button');
  expectNoErrors(searchPath, errors);
  await page.close();
});
