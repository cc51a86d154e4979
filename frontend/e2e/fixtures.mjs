// The fixtures every journey uses. playwright.config.mjs makes one project per sample
// dealer, so each test runs once per dealer with that dealer's `baseURL`.
//
// Converting a journey of the old shape (`export const tests = [{ name, async run({ context,
// base, searchPath }) { ... } }]`, run by the former e2e/run.mjs):
//   import { test } from './fixtures.mjs';
//   import { open, waitForHydration, expectNoErrors } from './helpers.mjs'; // not smoke.test.mjs
//   test('name', async ({ context, base, searchPath, axe }) => { ...the body of run... });
// `expectNoAxeViolations(page)` becomes `axe(page)`; `if (dealer lacks it) return;` becomes
// `test.skip(dealer lacks it, 'why')`. Fixtures: `base` (the dealer's site), `dealer` (its
// slug), `searchPath`, `vehiclePath` (VEHICLE_PATH or undefined), `page` (fails the test on
// a console error or page error), `axe(page)`, `outDir` (the e2e output folder). Every test
// fails on a Content Security Policy violation in any of its pages.
import { test as base, expect } from '@playwright/test';
import { expectNoAxeViolations, expectNoErrors, watchErrors } from './helpers.mjs';

export { expect };

export const test = base.extend({
  dealer: ['', { option: true }],
  outDir: ['', { option: true }],
  searchPath: [process.env.SEARCH_PATH || '/search/new-used-and-demo-cars', { option: true }],
  vehiclePath: [process.env.VEHICLE_PATH || undefined, { option: true }],

  // The consent banner would cover the bottom of every page of a dealer with
  // tags: each journey starts with the shopper's choice already made ('denied': no tag
  // loads, nothing leaves for the internet). A journey about the banner sets
  // `test.use({ consent: null })`.
  consent: ['denied', { option: true }],
  consentChoice: [
    async ({ context, consent }, use) => {
      if (consent) {
        await context.addInitScript(
          ([key, value]) => {
            // Init scripts run in every frame, some of which have no storage (an opaque
            // origin throws on the getter): those are not the site's pages.
            try {
              if (window.localStorage.getItem(key) === null)
                window.localStorage.setItem(key, JSON.stringify(value));
            } catch {
              // no storage in this frame
            }
          },
          ['forecourt.consent', consent],
        );
      }
      await use(consent);
    },
    { auto: true },
  ],

  base: async ({ baseURL }, use) => {
    if (!baseURL) throw new Error('no baseURL: run through playwright.config.mjs (scripts/e2e.sh)');
    await use(baseURL);
  },

  // Every page must work under the CSP the server sends: a violation reported in the
  // console of any page of the test fails it.
  cspViolations: [
    async ({ context }, use) => {
      const seen = [];
      context.on('console', (message) => {
        const text = message.text();
        if (text.includes('Content Security Policy'))
          seen.push(`${message.location().url}: ${text}`);
      });
      await use(seen);
      if (seen.length > 0)
        throw new Error(`Content Security Policy violations in the console:\n${seen.join('\n')}`);
    },
    { auto: true },
  ],

  // The test's page fails it on any console error or uncaught page error, checked after the
  // test body (pages opened with helpers' `open` check theirs with `expectNoErrors`).
  page: async ({ page }, use) => {
    const errors = watchErrors(page);
    await use(page);
    expectNoErrors(page.url(), errors);
  },

  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
  axe: async ({}, use) => {
    await use(expectNoAxeViolations);
  },
});
