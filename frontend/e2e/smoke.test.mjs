// Smoke journey over a built site: home, a search page, a vehicle page and the service
// form; the vehicle page must hydrate (a control responds), the form must send a lead,
// no console errors, no axe violations.
import { expectNoAxeViolations } from './axe.mjs';

/** Opens `path`, failing on HTTP errors, console errors and page errors. */
export async function open(context, base, path) {
  const page = await context.newPage();
  const errors = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`console: ${msg.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
  const response = await page.goto(new URL(path, base).toString(), { waitUntil: 'load' });
  if (!response || !response.ok()) throw new Error(`${path} answered HTTP ${response?.status()}`);
  return { page, errors };
}

/** Whether the site has a page at `path` (some dealers have no models, brands or parts). */
export async function exists(context, base, path) {
  // Through the browser: Node's resolver does not know *.localhost hosts.
  const page = await context.newPage();
  const response = await page.goto(new URL(path, base).toString(), { waitUntil: 'load' });
  await page.close();
  return !!response && response.ok();
}

export function expectNoErrors(path, errors) {
  if (errors.length > 0) throw new Error(`${path}:\n  ${errors.join('\n  ')}`);
}

/** Waits until React has attached to #root (the entry script ran). */
export async function waitForHydration(page) {
  await page.waitForFunction(
    () => {
      const root = document.getElementById('root');
      return !!root && Object.keys(root).some((k) => k.startsWith('__reactContainer'));
    },
    null,
    { timeout: 10_000 },
  );
}

export const tests = [
  {
    name: 'home page renders and hydrates without errors or axe violations',
    async run({ context, base }) {
      const { page, errors } = await open(context, base, '/');
      await waitForHydration(page);
      await expectNoAxeViolations(page);
      expectNoErrors('/', errors);
      await page.close();
    },
  },
  {
    name: 'search page shows cards and hydrates',
    async run({ context, base, searchPath }) {
      const { page, errors } = await open(context, base, searchPath);
      await waitForHydration(page);
      const cards = await page.locator('.car-card').count();
      const empty = await page.getByRole('heading', { name: 'No Results Available' }).count();
      if (cards === 0 && empty === 0)
        throw new Error(`${searchPath} shows neither cards nor the empty state`);
      await expectNoAxeViolations(page);
      expectNoErrors(searchPath, errors);
      await page.close();
    },
  },
  {
    name: 'vehicle page hydrates: a control responds',
    async run({ context, base, searchPath, vehiclePath }) {
      let path = vehiclePath;
      if (!path) {
        const { page } = await open(context, base, searchPath);
        path = await page.locator('.car-card__title a').first().getAttribute('href');
        await page.close();
        if (!path) throw new Error(`no vehicle link on ${searchPath}; set VEHICLE_PATH`);
      }
      const { page, errors } = await open(context, base, path);
      await waitForHydration(page);
      // A dealer may open the viewer on another mode (the 360 spin): switch to the gallery.
      const gallery = page.getByRole('button', { name: 'Gallery', exact: true });
      if ((await gallery.count()) > 0 && (await gallery.getAttribute('aria-pressed')) !== 'true') {
        await gallery.click();
        await page.locator('.gallery__main').waitFor({ timeout: 5_000 });
      }
      const comments = page.locator('.dealer-comments');
      const showMore = comments.getByRole('button', { name: 'Show More' });
      const thumbs = page.locator('.gallery__thumbs button');
      if ((await showMore.count()) > 0) {
        await showMore.click();
        await comments.getByRole('button', { name: 'Show Less' }).waitFor({ timeout: 5_000 });
      } else if ((await thumbs.count()) > 1) {
        const main = page.locator('.gallery__main > img');
        const before = await main.getAttribute('src');
        await thumbs.nth(1).click();
        await page.waitForFunction(
          (src) => document.querySelector('.gallery__main > img')?.getAttribute('src') !== src,
          before,
          { timeout: 5_000 },
        );
      } else {
        const open = page.getByRole('button', { name: 'View fullscreen' });
        await open.click();
        await page.locator('dialog[open]').waitFor({ timeout: 5_000 });
        await page.keyboard.press('Escape');
        await page
          .locator('dialog[open]')
          .waitFor({ state: 'detached', timeout: 5_000 })
          .catch(async () => {
            if (await page.locator('dialog[open]').count())
              throw new Error('Escape did not close the viewer');
          });
      }
      await expectNoAxeViolations(page);
      expectNoErrors(path, errors);
      await page.close();
    },
  },
  {
    name: 'service form sends a lead and lands on the success page',
    async run({ context, base }) {
      const { page, errors } = await open(context, base, '/service');
      await waitForHydration(page);
      await expectNoAxeViolations(page);
      const form = page.locator('form#service-booking');
      const text = (name) => form.getByRole('textbox', { name, exact: true });
      await text('First name').fill('Jo');
      await text('Email').fill('jo@example.com');
      await text('Phone').fill('0412 345 678');
      await text('Message').fill('Logbook service, please.');
      const location = form.getByRole('combobox', { name: 'Location', exact: true });
      if (await location.count()) await location.selectOption({ index: 1 });
      const terms = form.getByRole('checkbox', { name: /terms of use/ });
      if (await terms.count()) await terms.check();
      await form.locator('button[type="submit"]').click();
      // A stored form goes on to /success (seed 001 s4).
      await page.waitForURL((url) => url.pathname === '/success', { timeout: 10_000 });
      await page.getByRole('heading', { name: 'Thank You' }).first().waitFor({ timeout: 10_000 });
      expectNoErrors('/service', errors);
      await page.close();
    },
  },
];
