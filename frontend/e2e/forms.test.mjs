// Forms and leads: a car's enquiry in a dialog on its vehicle page (keyboard: opens,
// Escape closes, focus returns; the required fields first, the rest under More details,
// each error naming its field) lands on /success with the lead, and the services ticked
// on it, in the API store; a test drive books a slot chosen by keyboard, and a slot taken
// meanwhile sends the shopper back to the times with the server's message; a half-filled
// form survives a reload.
// Every page and dialog is checked with axe.
import { test } from './fixtures.mjs';
import { expectNoErrors, open, waitForHydration } from './helpers.mjs';

const SLOT_TAKEN = 'That time is no longer available. Please choose another time.';

async function pageProps(page) {
  return page.evaluate(() =>
    JSON.parse(document.getElementById('__FORECOURT_PROPS__').textContent),
  );
}

/** The first car of the search page whose vehicle page offers its forms (an available car). */
async function carWithForms(context, base, searchPath, vehiclePath) {
  const candidates = vehiclePath ? [vehiclePath] : [];
  if (!vehiclePath) {
    const search = await open(context, base, searchPath);
    candidates.push(
      ...(await search.page
        .locator('.car-card__title a')
        .evaluateAll((links) => links.map((a) => a.getAttribute('href')))),
    );
    await search.page.close();
  }
  for (const path of candidates.slice(0, 10)) {
    const tried = await open(context, base, path);
    const props = await pageProps(tried.page);
    if (!props.page.forms) {
      await tried.page.close();
      continue;
    }
    // The forms themselves are the site's, published once for every vehicle page.
    const set = await tried.page.evaluate(async (url) => {
      const answer = await fetch(url);
      if (!answer.ok) throw new Error(`${url} answered ${answer.status}`);
      return answer.json();
    }, props.page.forms.set_url);
    await tried.page.close();
    return { path, props, set };
  }
  throw new Error(`no car on ${searchPath} offers its forms; set VEHICLE_PATH`);
}

/** Picks the first preferred dealership where the form asks for one and none is chosen. */
async function pickDealership(scope) {
  const select = scope.getByRole('combobox', { name: 'Preferred dealership', exact: true });
  if ((await select.count()) && (await select.inputValue()) === '')
    await select.selectOption({ index: 1 });
}

/** Fills the contact details of `scope` (a form or dialog) and accepts the terms where
 *  asked; picks a preferred dealership where asked unless `dealership` is false. */
async function fillContact(scope, name, { dealership = true } = {}) {
  const text = (label) => scope.getByRole('textbox', { name: label, exact: true });
  await text('First name').fill(name);
  await text('Email').fill(`${name.toLowerCase()}@example.com`);
  await text('Phone').fill('0412 345 678');
  // Seed 001 s5: the postcode is required on enquiry forms.
  await text('Postcode').fill('4000');
  // Seed 001 s5: the category select is required; it starts empty where the dealer
  // offers more than General Enquiry.
  const category = scope.getByRole('combobox', { name: 'Enquiry type', exact: true });
  if ((await category.count()) && (await category.inputValue()) === '')
    await category.selectOption('General Enquiry');
  if (dealership) await pickDealership(scope);
  const terms = scope.getByRole('checkbox', { name: /terms of use/ });
  if (await terms.count()) await terms.check();
}

/** Opens the enquiry form's "More details" (the optional fields) where it is folded. */
async function openMoreDetails(scope) {
  const more = scope.locator('details.lead-form__more');
  if ((await more.count()) && !(await more.evaluate((d) => d.open)))
    await more.locator('summary').click();
}

/** Picks a location where the form shows the select and none is chosen yet. */
async function pickLocation(scope) {
  const location = scope.getByRole('combobox', { name: 'Location', exact: true });
  if ((await location.count()) && (await location.inputValue()) === '')
    await location.selectOption({ index: 1 });
}

/** The lead the API stored, read back through the dev endpoint. */
async function storedLead(page, leadId) {
  const lead = await page.evaluate(async (id) => {
    const response = await fetch(`/api/dev/leads/${id}`);
    return response.ok ? response.json() : null;
  }, leadId);
  if (!lead) throw new Error(`lead ${leadId} is not in the API store`);
  return lead;
}

/** The lead id of the enquiry this browser recorded last (the form records the id the
 *  API answered before it leaves for /success). */
async function lastLeadId(page) {
  const enquiries = await page.evaluate(() =>
    JSON.parse(localStorage.getItem('forecourt:enquiries') ?? '[]'),
  );
  if (!enquiries[0]?.lead_id) throw new Error(`no enquiry recorded: ${JSON.stringify(enquiries)}`);
  return enquiries[0].lead_id;
}

/** `errors` without the browser's log line of an answer the journey expects (a 409). */
function withoutExpected(errors, status) {
  return errors.filter((e) => !e.includes(`status of ${status}`));
}

/** YYYY-MM-DD of `days` from today in the browser. */
function isoDay(days) {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** Chooses the first date from tomorrow whose slot list has at least two times; answers it. */
async function dateWithSlots(form) {
  const date = form.getByLabel('Preferred date', { exact: true });
  const group = form.getByRole('radiogroup', { name: 'Preferred time' });
  for (let days = 1; days <= 14; days += 1) {
    const day = isoDay(days);
    await date.fill(day);
    await group
      .locator('.slot-picker__status')
      .filter({ hasNotText: 'Loading' })
      .waitFor({ timeout: 10_000 });
    if ((await group.getByRole('radio').count()) >= 2) return day;
  }
  throw new Error('no date in the next two weeks offers two test-drive times');
}

test('forms: enquire about a car in its dialog, land on /success, the lead is stored @two-dealers', async ({
  context,
  base,
  searchPath,
  vehiclePath,
  axe,
}) => {
  const { path, props, set } = await carWithForms(context, base, searchPath, vehiclePath);
  const { page, errors } = await open(context, base, path);
  await waitForHydration(page);
  await axe(page);
  const { enquiry } = props.page.forms;
  if (enquiry.title !== set.enquiry.title)
    throw new Error(`the dialog title ${enquiry.title} is not the form's ${set.enquiry.title}`);
  const carId = props.page.card.id;
  const opener = page
    .locator('.vehicle__sidebar')
    .getByRole('button', { name: enquiry.label, exact: true });
  await opener.waitFor({ timeout: 10_000 });

  // Keyboard: Enter opens, Escape closes and focus returns to the button.
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: enquiry.title });
  await dialog.waitFor({ timeout: 10_000 });
  await axe(page);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden', timeout: 10_000 });
  const focused = await page.evaluate(() => document.activeElement?.textContent);
  if (focused !== enquiry.label)
    throw new Error(`focus went to ${JSON.stringify(focused)}, not back to ${enquiry.label}`);

  await opener.click();
  await dialog.waitFor({ timeout: 10_000 });
  // What the dealer requires comes first; the optional rest is folded under More details.
  const more = dialog.locator('details.lead-form__more');
  await more.locator('summary').filter({ hasText: 'More details' }).waitFor();
  if (await more.evaluate((d) => d.open)) throw new Error('More details starts open');
  if (!(await more.locator('input[name="last_name"]').count()))
    throw new Error('Last name (optional) is not under More details');
  if (await dialog.getByRole('textbox', { name: 'Last name', exact: true }).isVisible())
    throw new Error('the folded Last name is showing');
  // Every error names its own field, under that field.
  await dialog.locator('button[type="submit"]').click();
  const firstName = dialog.getByRole('textbox', { name: 'First name', exact: true });
  await firstName.and(dialog.locator('[aria-invalid="true"]')).waitFor({ timeout: 10_000 });
  const nameError = await firstName.evaluate(
    (input) => document.getElementById(input.getAttribute('aria-describedby'))?.textContent,
  );
  if (nameError !== 'First name is required.')
    throw new Error(`the First name error says ${JSON.stringify(nameError)}`);
  await axe(page);
  const carField = await dialog.locator('input[name="car_id"]').inputValue();
  if (carField !== String(carId))
    throw new Error(`the enquiry carries car ${carField}, expected ${carId}`);
  await fillContact(dialog, 'Sam');
  await pickLocation(dialog);
  await openMoreDetails(dialog);
  await dialog
    .getByRole('textbox', { name: 'Comments', exact: true })
    .fill('Is it still available for a test drive this week?');
  // Seed 001 s3 additional_services: the services the shopper ticks reach the lead.
  const services = dialog.getByRole('group', { name: 'I am also interested in' });
  const ticked = [];
  if (await services.count()) {
    const box = services.getByRole('checkbox').last();
    ticked.push(await box.getAttribute('value'));
    await box.check();
  }
  await dialog.locator('button[type="submit"]').click();
  await page.waitForURL((url) => url.pathname === '/success', { timeout: 10_000 });
  const id = await lastLeadId(page);
  await waitForHydration(page);
  await page.getByRole('heading', { name: 'Thank You' }).first().waitFor({ timeout: 10_000 });
  await axe(page);

  const lead = await storedLead(page, id);
  if (lead.fields.car_id !== carId)
    throw new Error(`stored lead is about car ${lead.fields.car_id}, expected ${carId}`);
  if (
    lead.fields.name !== 'Sam' ||
    !String(lead.fields.message).startsWith('Is it still available')
  )
    throw new Error(`stored lead: ${JSON.stringify(lead.fields)}`);
  if (JSON.stringify(lead.fields.additional_services ?? []) !== JSON.stringify(ticked))
    throw new Error(
      `stored services ${JSON.stringify(lead.fields.additional_services)}, ticked ${JSON.stringify(ticked)}`,
    );
  const records = await page.evaluate(() => ({
    success: JSON.parse(localStorage.getItem('forecourt:success') ?? 'null'),
    enquiries: JSON.parse(localStorage.getItem('forecourt:enquiries') ?? '[]'),
  }));
  if (records.success?.car?.id !== carId)
    throw new Error(`success marker: ${JSON.stringify(records.success)}`);
  if (records.enquiries[0]?.car?.id !== carId)
    throw new Error(`enquiry recorded without its car: ${JSON.stringify(records.enquiries[0])}`);
  expectNoErrors(path, errors);
  await page.close();
});

test('forms: book a test drive choosing a slot by keyboard; a slot taken meanwhile is refused @two-dealers', async ({
  context,
  base,
  searchPath,
  vehiclePath,
  axe,
}) => {
  const { props: carProps, set } = await carWithForms(context, base, searchPath, vehiclePath);
  test.skip(!set.test_drive.appointment, 'the dealer has no location to book at');
  const carId = carProps.page.card.id;
  const path = `/book-test-drive/?car_id=${carId}`;
  const { page, errors } = await open(context, base, path);
  await waitForHydration(page);
  const form = page.locator('form#test-drive-form');
  await pickLocation(form);
  const day = await dateWithSlots(form);
  await axe(page);

  // Keyboard: Tab into the group, arrows move the choice.
  const group = form.getByRole('radiogroup', { name: 'Preferred time' });
  const radios = group.getByRole('radio');
  await radios.first().focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowRight');
  const chosen = await group.locator('input[type="radio"]:checked').inputValue();
  if (chosen !== (await radios.nth(1).inputValue()))
    throw new Error(`ArrowRight chose ${chosen}, not the second time`);

  // Someone else books that time meanwhile.
  const where = await page.evaluate(() => {
    const props = JSON.parse(document.getElementById('__FORECOURT_PROPS__').textContent);
    const select = document.querySelector('#test-drive-form select[name="location"]');
    const id = select ? select.value : String(props.page.default_location_id);
    return {
      dealer: props.site.slug,
      ...props.page.locations.find((l) => String(l.id) === id),
    };
  });
  const location = where.slug;
  const other = await page.evaluate(
    async ({ where, appointment }) => {
      const body = {
        name: 'Alex',
        email: 'alex@example.com',
        phone: '0434 567 890',
        postcode: '4000',
        category: 'Test Drive',
        form_completed: true,
        dealership_slug: where.dealer,
        location: where.name,
        location_id: where.id,
        appointment,
      };
      const r = await fetch('/api/leads', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return `${r.status} ${await r.text()}`;
    },
    { where, appointment: { location, date: day, time: chosen } },
  );
  if (!other.startsWith('201')) throw new Error(`booking ${chosen} directly answered ${other}`);

  await form.getByRole('button', { name: 'Next' }).click();
  await form.getByRole('heading', { name: /Contact Details/ }).waitFor({ timeout: 10_000 });
  await fillContact(form, 'Jo');
  await form.getByRole('button', { name: 'Book Test Drive' }).click();
  await group.getByText(SLOT_TAKEN).waitFor({ timeout: 10_000 });
  await group
    .locator('.slot-picker__status')
    .filter({ hasNotText: 'Loading' })
    .waitFor({ timeout: 10_000 });
  if (await group.locator(`input[value="${chosen}"]`).count())
    throw new Error(`${chosen} is still offered after it was taken`);
  await axe(page);

  const again = group.getByRole('radio').first();
  const time = await again.inputValue();
  await again.check();
  await form.getByRole('button', { name: 'Next' }).click();
  await form.getByRole('heading', { name: /Contact Details/ }).waitFor({ timeout: 10_000 });
  await form.getByRole('button', { name: 'Book Test Drive' }).click();
  await page.waitForURL((url) => url.pathname === '/success', { timeout: 10_000 });
  const id = await lastLeadId(page);
  await waitForHydration(page);
  await axe(page);

  const lead = await storedLead(page, id);
  const booked = lead.fields.appointment;
  if (!booked || booked.location !== location || booked.date !== day || booked.time !== time) {
    throw new Error(
      `stored appointment ${JSON.stringify(booked)}, expected ${location} ${day} ${time}`,
    );
  }
  if (lead.fields.car_id !== carId || lead.fields.category !== 'Test Drive')
    throw new Error(`stored lead: ${JSON.stringify(lead.fields)}`);
  const still = await page.evaluate(
    async (q) =>
      (await (await fetch(`/api/appointments?location=${q.location}&date=${q.day}`)).json()).slots,
    { location, day },
  );
  if (still.some((s) => s.time === time))
    throw new Error(`${time} is still offered after the booking`);
  expectNoErrors(path, withoutExpected(errors, 409));
  await page.close();
});

test('forms: a half-filled form survives a reload @two-dealers', async ({ context, base, axe }) => {
  const path = '/contact-us';
  const { page, errors } = await open(context, base, path);
  await waitForHydration(page);
  const form = page.locator('form#enquiry-form');
  test.skip((await form.count()) === 0, 'a dealer page occupies /contact-us');
  const text = (label) => form.getByRole('textbox', { name: label, exact: true });
  await text('First name').fill('Robin');
  await openMoreDetails(form);
  await text('Comments').fill('Half way through writing this');
  await form.locator('input[name="website"]').fill('bot text', { force: true });
  const key = 'forecourt:draft:/contact-us#enquiry-form';
  await page.waitForFunction((k) => (localStorage.getItem(k) ?? '').includes('Half way'), key, {
    timeout: 10_000,
  });
  const draft = await page.evaluate((k) => JSON.parse(localStorage.getItem(k)), key);
  if ('website' in draft.values)
    throw new Error(`the draft keeps the honeypot: ${JSON.stringify(draft)}`);

  await page.reload({ waitUntil: 'load' });
  await waitForHydration(page);
  await page.waitForFunction(
    () =>
      document.querySelector('#enquiry-form textarea[name="message"]')?.value ===
      'Half way through writing this',
    null,
    { timeout: 10_000 },
  );
  if ((await text('First name').inputValue()) !== 'Robin')
    throw new Error('the draft lost the first name');
  if ((await form.locator('input[name="website"]').inputValue()) !== '')
    throw new Error('the honeypot came back from the draft');
  await axe(page);
  await page.evaluate((k) => localStorage.removeItem(k), key);
  expectNoErrors(path, errors);
  await page.close();
});

// Seed 001 s5: "category select required"; s9: "category options: General Enquiry plus
// others", "career enquiries recategorised as General Enquiry with subcategory Career
// Enquiry, id 51".
test('forms: the category select is required and a Career Enquiry is stored as General Enquiry', async ({
  context,
  base,
  axe,
}) => {
  const path = '/contact-us';
  const { page, errors } = await open(context, base, path);
  await waitForHydration(page);
  const form = page.locator('form#enquiry-form');
  test.skip((await form.count()) === 0, 'a dealer page occupies /contact-us');
  const category = form.getByRole('combobox', { name: 'Enquiry type', exact: true });
  const options = await category.locator('option').allTextContents();
  test.skip(!options.includes('Career Enquiry'), 'this dealer offers no Career Enquiry');
  if (options[1] !== 'General Enquiry')
    throw new Error(`General Enquiry is not the first category: ${JSON.stringify(options)}`);
  const text = (label) => form.getByRole('textbox', { name: label, exact: true });
  await text('First name').fill('Casey');
  await text('Email').fill('casey@example.com');
  await text('Phone').fill('0412 345 678');
  await text('Postcode').fill('4000');
  await openMoreDetails(form);
  await text('Comments').fill('Do you have any apprenticeships open?');
  await pickLocation(form);
  await pickDealership(form);
  const terms = form.getByRole('checkbox', { name: /terms of use/ });
  if (await terms.count()) await terms.check();
  await form.locator('button[type="submit"]').click();
  await form
    .getByRole('alert')
    .filter({ hasText: 'Enquiry type is required.' })
    .waitFor({ timeout: 10_000 });
  await axe(page);
  await category.selectOption('Career Enquiry');
  await form.locator('button[type="submit"]').click();
  await page.waitForURL((url) => url.pathname === '/success', { timeout: 10_000 });
  const lead = await storedLead(page, await lastLeadId(page));
  if (lead.fields.category !== 'General Enquiry' || lead.fields.subcategory !== 'Career Enquiry')
    throw new Error(`stored lead: ${JSON.stringify(lead.fields)}`);
  if (lead.fields.postcode !== '4000') throw new Error(`postcode: ${lead.fields.postcode}`);
  expectNoErrors(path, errors);
  await page.close();
});

// Seed 001 s5: "preferred dealership select required when several dealerships exist";
// seed 000 s5: "*Please select a dealership location."
test('forms: a group with several dealerships asks for the preferred one and stores it', async ({
  context,
  base,
  axe,
}) => {
  const path = '/contact-us';
  const { page, errors } = await open(context, base, path);
  await waitForHydration(page);
  const form = page.locator('form#enquiry-form');
  test.skip((await form.count()) === 0, 'a dealer page occupies /contact-us');
  const select = form.getByRole('combobox', { name: 'Preferred dealership', exact: true });
  test.skip((await select.count()) === 0, 'this dealer has one dealership');
  await fillContact(form, 'Dana', { dealership: false });
  await pickLocation(form);
  await openMoreDetails(form);
  await form.getByRole('textbox', { name: 'Comments', exact: true }).fill('Which yard has it?');
  await form.locator('button[type="submit"]').click();
  await form
    .getByRole('alert')
    .filter({ hasText: '*Please select a dealership location.' })
    .waitFor({ timeout: 10_000 });
  await axe(page);
  const chosen = await select.locator('option').nth(2).getAttribute('value');
  await select.selectOption(chosen);
  await form.locator('button[type="submit"]').click();
  await page.waitForURL((url) => url.pathname === '/success', { timeout: 10_000 });
  const lead = await storedLead(page, await lastLeadId(page));
  if (lead.fields.dealership_slug !== chosen)
    throw new Error(`stored dealership ${lead.fields.dealership_slug}, expected ${chosen}`);
  expectNoErrors(path, errors);
  await page.close();
});
