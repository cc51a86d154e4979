// Reserve a car: from a card's Reserve Now to the held message; the API then reports the
// car reserved and a second reservation of it is refused with the server's words.
import { expectNoAxeViolations } from './axe.mjs';
import { expectNoErrors, open, waitForHydration } from './smoke.test.mjs';

export const tests = [
  {
    name: 'reserve a car: the hold is stored and a second reservation is refused',
    async run({ context, base, searchPath }) {
      const search = await open(context, base, searchPath);
      const link = search.page.locator('a', { hasText: 'Reserve Now' }).first();
      if ((await link.count()) === 0) {
        await search.page.close();
        return; // This dealer does not offer reserving (or no card can be reserved).
      }
      const path = await link.getAttribute('href');
      await search.page.close();
      const { page, errors } = await open(context, base, path);
      await waitForHydration(page);
      await expectNoAxeViolations(page);
      const form = page.locator('form#reserve-form');
      const text = (name) => form.getByRole('textbox', { name, exact: true });
      const fill = async () => {
        await text('First name').fill('Sam');
        await text('Email').fill('sam@example.com');
        await text('Phone').fill('0423 456 789');
        const terms = form.getByRole('checkbox', { name: /terms of use/ });
        if (await terms.count()) await terms.check();
      };
      await fill();
      await form.locator('button[type="submit"]').click();
      await page.getByRole('heading', { name: 'Thank You' }).waitFor({ timeout: 10_000 });
      const carId = await page.evaluate(() => JSON.parse(document.getElementById('__FORECOURT_PROPS__').textContent).page.car.id);
      const status = await page.evaluate(async (id) => (await fetch(`/api/reservations/${id}`)).json(), carId);
      if (status.reserved !== true) throw new Error(`the API does not report car ${carId} reserved: ${JSON.stringify(status)}`);
      expectNoErrors(path, errors);
      await page.close();

      const again = await open(context, base, path);
      await waitForHydration(again.page);
      const second = again.page.locator('form#reserve-form');
      await second.getByRole('textbox', { name: 'First name', exact: true }).fill('Alex');
      await second.getByRole('textbox', { name: 'Email', exact: true }).fill('alex@example.com');
      await second.getByRole('textbox', { name: 'Phone', exact: true }).fill('0434 567 890');
      const terms = second.getByRole('checkbox', { name: /terms of use/ });
      if (await terms.count()) await terms.check();
      await second.locator('button[type="submit"]').click();
      await again.page.getByText('This car is already reserved.').waitFor({ timeout: 10_000 });
      await again.page.close();
    },
  },
];
