// Focus not obscured (WCAG 2.2): with the consent banner open, Tab through every control of
// the home, search, vehicle and location pages at the phone and desktop widths, and no
// fixed or sticky bar may cover any part of the focused control. The phone banner takes at
// most a fifth of the screen, and the vehicle bottom bar's labels fit their buttons. One
// dealer (the first reference dealer, or the one E2E_DEALERS names): the check is of the
// shared layout, not of a dealer's words. With E2E_FOCUS_SHOTS=<folder> a screenshot of the
// vehicle page with a focused control near the bottom is written at each width.
import { join } from 'node:path';
import { test, expect } from './fixtures.mjs';
import { expectNoErrors, open, peek, waitForHydration } from './helpers.mjs';
import { REFERENCE_DEALERS } from './reference-dealers.mjs';

const WIDTHS = [
  [390, 844],
  [1366, 768],
];
// Enough to reach the foot of each page kind's sample page; a page with more controls is
// checked over its first ones.
const MAX_TABS = 80;
const SHOTS = process.env.E2E_FOCUS_SHOTS;

const KINDS = [
  ['home', () => '/'],
  ['search', ({ searchPath }) => searchPath],
  [
    'vehicle',
    async ({ context, base, searchPath, vehiclePath }) =>
      vehiclePath ?? (await peek(context, base, searchPath, '.car-card__title a')).href,
  ],
  [
    'location',
    async ({ context, base }) =>
      (await peek(context, base, '/dealerships', '.location-card__name a')).href,
  ],
];

/** What covers the focused element, as a description, or null when nothing fixed or sticky
 *  lies over any of its centre and corners (points outside the window are not judged).
 *  Waits two frames first, so a bar drawn on scroll is in place. */
function coverOfFocused() {
  return new Promise((resolve) =>
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        const el = document.activeElement;
        if (!el || el === document.body || el === document.documentElement) return resolve(null);
        const box = el.getBoundingClientRect();
        if (box.width < 1 || box.height < 1) return resolve(null);
        const inset = Math.min(2, box.width / 4, box.height / 4);
        const points = [
          [(box.left + box.right) / 2, (box.top + box.bottom) / 2],
          [box.left + inset, box.top + inset],
          [box.right - inset, box.top + inset],
          [box.left + inset, box.bottom - inset],
          [box.right - inset, box.bottom - inset],
        ];
        const pinned = (node) => {
          for (let n = node; n && n !== document.documentElement; n = n.parentElement) {
            const position = getComputedStyle(n).position;
            if (position === 'fixed' || position === 'sticky') return n;
          }
          return null;
        };
        const name = (n) =>
          `${n.tagName.toLowerCase()}${typeof n.className === 'string' && n.className.trim() ? `.${n.className.trim().split(/\s+/).join('.')}` : ''}`;
        for (const [x, y] of points) {
          if (x < 0 || y < 0 || x >= window.innerWidth || y >= window.innerHeight) continue;
          const hit = document.elementFromPoint(x, y);
          if (!hit || el.contains(hit) || hit.contains(el)) continue;
          const bar = pinned(hit);
          if (bar && !bar.contains(el)) {
            const label = (el.getAttribute('aria-label') || el.textContent || '')
              .trim()
              .slice(0, 40);
            return resolve(
              `${name(el)} "${label}" (${Math.round(box.top)}..${Math.round(box.bottom)} px) is under ${name(bar)} at (${Math.round(x)}, ${Math.round(y)})`,
            );
          }
        }
        resolve(null);
      }),
    ),
  );
}

test.use({ consent: null });

for (const [kind, find] of KINDS) {
  test(`focus: on the ${kind} page no fixed or sticky bar covers a focused control, with the consent banner open, at 390 and 1366 px`, async ({
    context,
    base,
    dealer,
    searchPath,
    vehiclePath,
  }) => {
    test.skip(
      !process.env.E2E_DEALERS && !process.env.BASE_URL && dealer !== REFERENCE_DEALERS[0],
      'the layout is checked on one dealer',
    );
    const path = await find({ context, base, searchPath, vehiclePath });
    test.skip(!path, `${dealer} has no ${kind} page`);
    for (const [width, height] of WIDTHS) {
      const { page, errors } = await open(context, base, path);
      try {
        await page.setViewportSize({ width, height });
        await waitForHydration(page);
        const banner = page.locator('.consent-banner');
        // Every reference dealer has analytics tags, so a first visit is asked.
        await expect(banner).toBeVisible();
        if (width < 576) {
          const share = await banner.evaluate(
            (el) => el.getBoundingClientRect().height / window.innerHeight,
          );
          expect
            .soft(share, 'the phone consent banner takes at most a fifth of the screen')
            .toBeLessThanOrEqual(0.2);
        }
        // Start from the top of the page, as a shopper's first Tab does (the banner took
        // focus when it opened).
        await page.evaluate(() => {
          window.scrollTo(0, 0);
          document.body.tabIndex = -1;
          document.body.focus();
          document.body.removeAttribute('tabindex');
        });
        const covered = [];
        const seen = new Set();
        let shot = false;
        for (let i = 0; i < MAX_TABS; i += 1) {
          await page.keyboard.press('Tab');
          const cover = await page.evaluate(coverOfFocused);
          const id = await page.evaluate(() => {
            const el = document.activeElement;
            if (!el || el === document.body) return null;
            if (!el.dataset.focusSeen) el.dataset.focusSeen = String(Math.random());
            return el.dataset.focusSeen;
          });
          if (cover) covered.push(cover);
          // Round the page once: a control seen again means Tab has wrapped.
          if (id && seen.has(id)) break;
          if (id) seen.add(id);
          if (SHOTS && kind === 'vehicle' && !shot) {
            const nearFoot = await page.evaluate(() => {
              const el = document.activeElement;
              const box = el?.getBoundingClientRect();
              return (
                !!box && box.bottom > window.innerHeight * 0.6 && box.bottom <= window.innerHeight
              );
            });
            const label = await page.evaluate(() =>
              (document.activeElement?.textContent ?? '').trim(),
            );
            if (nearFoot && /^(Save|Share|Print)/.test(label)) {
              await page.screenshot({ path: join(SHOTS, `${dealer}-vehicle-${width}.png`) });
              shot = true;
            }
          }
        }
        expect(covered, `${path} at ${width} px`).toEqual([]);
        if (kind === 'vehicle' && width < 576) {
          // The bottom bar (shown past its threshold, on the banner): every label inside
          // its button.
          await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
          const bar = page.locator('.vehicle-bottom-bar');
          await expect(bar).toBeVisible();
          const spilled = await bar.evaluate((nav) =>
            Array.from(nav.querySelectorAll('.button'))
              .filter(
                (b) => b.scrollWidth > b.clientWidth + 1 || b.scrollHeight > b.clientHeight + 1,
              )
              .map((b) => b.textContent.trim()),
          );
          expect(spilled, 'bottom bar labels that run out of their buttons').toEqual([]);
          if (SHOTS)
            await page.screenshot({
              path: join(SHOTS, `${dealer}-vehicle-bottom-bar-${width}.png`),
            });
        }
        expectNoErrors(path, errors);
      } finally {
        await page.close();
      }
    }
  });
}
