// Compare cars (seed 000 s4 "save or compare toggle"): a shopper ticks Compare on
// cards in the search results, opens the compare page from the toast, sees the cars side
// by side (price, km, year, fuel, transmission, body, key specs) and removes one by
// keyboard. Only dealers that switch comparing on (`features.compare`) run it.
import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures.mjs';
import { visit, waitForHydration } from './helpers.mjs';

/** Whether `dealers/<slug>/dealer.toml` switches comparing on. */
async function offersCompare(slug) {
  const toml = await readFile(
    new URL(`../../dealers/${slug}/dealer.toml`, import.meta.url),
    'utf8',
  );
  return /^\s*compare\s*=\s*true\s*(#.*)?$/m.test(toml);
}

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('compare: cars ticked in search show side by side, and one is removed', async ({
  page,
  dealer,
  searchPath,
  axe,
}) => {
  test.skip(!(await offersCompare(dealer)), 'this dealer does not offer comparing');
  await visit(page, searchPath);
  await waitForHydration(page);
  const toggles = page.getByRole('button', { name: /^Compare / });
  const count = Math.min(3, await toggles.count());
  expect(count, 'cards with a Compare toggle').toBeGreaterThanOrEqual(2);
  const names = [];
  for (let i = 0; i < count; i += 1) {
    const toggle = toggles.nth(i);
    names.push((await toggle.getAttribute('aria-label')).replace(/^Compare /, ''));
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  }
  await expect(page.locator('.toast__text')).toContainText(`(${count} of 4)`);
  await page.locator('.toast').getByRole('link', { name: 'Compare cars' }).click();
  await page.waitForURL((url) => url.pathname === '/compare');
  await waitForHydration(page);

  const table = page.getByRole('table', { name: `${count} cars side by side` });
  // Every column read from its car's page: a link to it in its header.
  await expect(table.getByRole('columnheader').getByRole('link')).toHaveCount(count);
  for (const name of names)
    await expect(table.getByRole('columnheader', { name: new RegExp(escape(name)) })).toBeVisible();
  for (const row of ['Price', 'Year'])
    await expect(table.getByRole('rowheader', { name: row })).toBeVisible();
  await axe(page);

  await table.getByRole('button', { name: `Remove the ${names[0]}` }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('table', { name: `${count - 1} cars side by side` })).toBeVisible();
  await expect(page.locator('.compare__status')).toContainText(
    `Removed the ${names[0]} from compare. ${count - 1} of 4 cars to compare.`,
  );
  await expect(page.getByRole('columnheader', { name: new RegExp(escape(names[0])) })).toHaveCount(
    0,
  );
});
