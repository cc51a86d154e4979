// Smoke journey over a built site: home, a search page, a vehicle page and the service
// form; the vehicle page must hydrate (a control responds), the form must send a lead,
// no console errors (the `page` fixture fails on any), no axe violations.
import { test } from './fixtures.mjs';
import { visit, waitForHydration } from './helpers.mjs';

test('home page renders and hydrates without errors or axe violations', async ({ page, axe }) => {
  await visit(page, '/');
  await waitForHydration(page);
  await axe(page);
});

test('search page shows cards and hydrates', async ({ page, searchPath, axe }) => {
  await visit(page, searchPath);
  await waitForHydration(page);
  const cards = await page.locator('.car-card').count();
  const empty = await page.getByRole('heading', { name: 'No Results Available' }).count();
  if (cards === 0 && empty === 0)
    throw new Error(`${searchPath} shows neither cards nor the empty state`);
  await axe(page);
});

test('vehicle page hydrates: a control responds', async ({
  page,
  searchPath,
  vehiclePath,
  axe,
}) => {
  let path = vehiclePath;
  if (!path) {
    await visit(page, searchPath);
    path = await page.locator('.car-card__title a').first().getAttribute('href');
    if (!path) throw new Error(`no vehicle link on ${searchPath}; set VEHICLE_PATH`);
  }
  await visit(page, path);
  await waitForHydration(page);
  // A dealer may open the viewer on another mode (the 360 spin): switch to the gallery.
  const gallery = page.getByRole('button', { name: 'Gallery', exact: true });
  if ((await gallery.count()) > 0 && (await gallery.getAttribute('aria-pressed')) !== 'true') {
    await gallery.click();
    await page.locator('.gallery__main').waitFor({ timeout: 10_000 });
  }
  const comments = page.locator('.dealer-comments');
  const showMore = comments.getByRole('button', { name: 'Show More' });
  const thumbs = page.locator('.gallery__thumbs button');
  if ((await showMore.count()) > 0) {
    await showMore.click();
    await comments.getByRole('button', { name: 'Show Less' }).waitFor({ timeout: 10_000 });
  } else if ((await thumbs.count()) > 1) {
    const main = page.locator('.gallery__main > img');
    const before = await main.getAttribute('src');
    await thumbs.nth(1).click();
    await page.waitForFunction(
      (src) => document.querySelector('.gallery__main > img')?.getAttribute('src') !== src,
      before,
      { timeout: 10_000 },
    );
  } else {
    const open = page.getByRole('button', { name: 'View fullscreen' });
    await open.click();
    await page.locator('dialog[open]').waitFor({ timeout: 10_000 });
    await page.keyboard.press('Escape');
    await page
      .locator('dialog[open]')
      .waitFor({ state: 'detached', timeout: 10_000 })
      .catch(async () => {
        if (await page.locator('dialog[open]').count())
          throw new Error('Escape did not close the viewer');
      });
  }
  await axe(page);
});

test('service form sends a lead and lands on the success page', async ({ page, axe }) => {
  await visit(page, '/service');
  await waitForHydration(page);
  await axe(page);
  const form = page.locator('form#service-booking');
  const text = (name) => form.getByRole('textbox', { name, exact: true });
  await text('First name').fill('Jo');
  await text('Email').fill('jo@example.com');
  await text('Phone').fill('0412 345 678');
  await text('Postcode').fill('4000');
  await text('Comments').fill('Logbook service, please.');
  const location = form.getByRole('combobox', { name: 'Location', exact: true });
  if (await location.count()) await location.selectOption({ index: 1 });
  const terms = form.getByRole('checkbox', { name: /terms of use/ });
  if (await terms.count()) await terms.check();
  await form.locator('button[type="submit"]').click();
  // A stored form goes on to /success (seed 001 s4).
  await page.waitForURL((url) => url.pathname === '/success', { timeout: 10_000 });
  await page.getByRole('heading', { name: 'Thank You' }).first().waitFor({ timeout: 10_000 });
});
