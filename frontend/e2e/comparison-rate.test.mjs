// Comparison rate journey (National Credit Code s 164): wherever a page shows a repayment
// or an interest rate, the comparison rate is next to it, no less prominent, and the
// prescribed warning is on the same page, all visible without a click or hover. Opens one
// page of every page kind the dealer's home page links to (told apart by the hydration
// entry each page loads), the search page and a vehicle page whose card shows a
// repayment; audits the hydrated DOM of each.
import { readFile } from 'node:fs/promises';
import { test } from './fixtures.mjs';
import { expectNoAxeViolations } from './helpers.mjs';
import { signInByApi, signOutByApi } from './session.mjs';
import { expectNoErrors, open, waitForHydration } from './helpers.mjs';

/** At most this many same-host links are fetched to tell their page kinds apart. */
const MAX_PROBES = 80;
/** Paths of one shape (first segment and depth) fetched at most, so the walk spreads out. */
const PER_SHAPE = 3;

/** A generated constant's text from `src/types/generated/messages.ts`, so the test reads
 *  the one wording the pages use. */
async function message(name) {
  const source = await readFile(
    new URL('../src/types/generated/messages.ts', import.meta.url),
    'utf8',
  );
  const match = new RegExp(`\\b${name}: ("(?:[^"\\\\]|\\\\.)*")`).exec(source);
  if (!match) throw new Error(`messages.ts has no ${name}`);
  return JSON.parse(match[1]);
}

/** The finance provider in `dealers/<slug>/dealer.toml` of the host's dealer; undefined when
 *  the dealer's folder is not beside this checkout (a remote BASE_URL), null when none. */
async function dealerProvider(base) {
  const slug = new URL(base).hostname.split('.')[0];
  let toml;
  try {
    toml = await readFile(new URL(`../../dealers/${slug}/dealer.toml`, import.meta.url), 'utf8');
  } catch {
    return undefined;
  }
  const section = /^\[finance\][ \t]*\r?\n([\s\S]*?)(?=^\[|(?![\s\S]))/m.exec(toml)?.[1] ?? '';
  return /^provider\s*=\s*"([^"]+)"/m.exec(section)?.[1] ?? null;
}

/** Runs in the page: every visible repayment and interest rate, and whether each has a
 *  comparison rate beside it that is no smaller or lighter, and whether the warning shows. */
function audit(warning) {
  const money = String.raw`\$\s?\d[\d,]*(?:\.\d{2})?`;
  const repaymentRe = new RegExp(
    `${money}\\s*(?:/\\s?(?:wk|week|fortnight|mth|month)\\b|per\\s+(?:week|fortnight|month)\\b)|\\b(?:weekly|fortnightly|monthly)\\s+(?:repayments?|payments?)\\b[^$]{0,20}${money}`,
    'i',
  );
  const rateRe = /\d+(?:\.\d+)?\s?%\s?(?:p\.\s?a\.|per annum)/i;
  const comparisonRe =
    /comparison rate[^%]{0,40}?\d+(?:\.\d+)?\s?%|\d+(?:\.\d+)?\s?%[^%]{0,40}?comparison rate/i;
  const percentRe = /\d+(?:\.\d+)?\s?%/;
  const skip = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'HEAD']);

  const visible = (el) =>
    typeof el.checkVisibility === 'function'
      ? el.checkVisibility({ visibilityProperty: true, opacityProperty: false })
      : el.getClientRects().length > 0;
  /** The innermost visible elements under `root` (itself included) whose rendered text matches `re`. */
  const innermost = (root, re) => {
    // textContent runs block texts together ("per weekInterest"), so its quick pre-check
    // drops the word boundaries the rendered-text check keeps.
    const loose = new RegExp(re.source.replaceAll('\\b', ''), re.flags);
    const out = [];
    const walk = (el) => {
      if (
        skip.has(el.tagName) ||
        !loose.test(el.textContent ?? '') ||
        !visible(el) ||
        !re.test(el.innerText ?? '')
      )
        return false;
      let child = false;
      for (const c of el.children) child = walk(c) || child;
      if (!child) out.push(el);
      return true;
    };
    walk(root);
    return out;
  };
  /** Computed font of the text node matching `re` inside `el` (else of `el`). */
  const fontOf = (el, re) => {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    let target = el;
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (re.test(n.textContent ?? '')) {
        target = n.parentElement ?? el;
        break;
      }
    }
    const style = getComputedStyle(target);
    return { size: parseFloat(style.fontSize), weight: parseInt(style.fontWeight, 10) || 400 };
  };
  const describe = (el) => {
    const cls =
      typeof el.className === 'string' && el.className
        ? `.${el.className.trim().split(/\s+/).join('.')}`
        : '';
    return `<${el.tagName.toLowerCase()}${cls}> "${(el.innerText ?? '').replace(/\s+/g, ' ').trim().slice(0, 80)}"`;
  };

  const failures = [];
  const found = { repayments: [], rates: [] };
  const check = (el, kind, valueRe) => {
    // The comparison rate must be within a few levels: the same line, figure list or box.
    let near = el;
    for (let i = 0; near && i < 6 && !comparisonRe.test(near.innerText ?? ''); i += 1)
      near = near.parentElement;
    if (!near || !comparisonRe.test(near.innerText ?? '')) {
      failures.push(`${kind} ${describe(el)} has no comparison rate beside it`);
      return;
    }
    const comparison = innermost(near, comparisonRe)[0];
    if (!comparison) {
      failures.push(`${kind} ${describe(el)}: the comparison rate beside it is not visible`);
      return;
    }
    const shown = fontOf(el, valueRe);
    const beside = fontOf(comparison, percentRe);
    if (beside.size + 0.01 < shown.size || beside.weight < shown.weight) {
      failures.push(
        `${kind} ${describe(el)} is ${shown.size}px/${shown.weight}, the comparison rate ${describe(comparison)} only ${beside.size}px/${beside.weight}`,
      );
    }
  };
  for (const el of innermost(document.body, repaymentRe)) {
    // A search filter's weekly range ("$33/wk – $760/wk") bounds what the shopper
    // looks for; it offers no repayment, so it needs no comparison rate of its own.
    if (el.closest('.facet--range')) continue;
    found.repayments.push(describe(el));
    check(el, 'repayment', /\$/);
  }
  for (const el of innermost(document.body, rateRe)) {
    // The comparison rate figure itself is not an interest rate that needs one.
    if (
      comparisonRe.test(el.innerText ?? '') ||
      /comparison/i.test(el.previousElementSibling?.innerText ?? '')
    )
      continue;
    found.rates.push(describe(el));
    check(el, 'interest rate', percentRe);
  }
  // Any rate on the page, a comparison rate included, needs the warning.
  const shows =
    found.repayments.length + found.rates.length + innermost(document.body, comparisonRe).length >
    0;
  const text = (document.body.innerText ?? '').replace(/\s+/g, ' ');
  if (shows && !text.includes(warning))
    failures.push('the comparison rate warning is not visible on the page');
  return { ...found, failures };
}

/** Opens `path`, waits for hydration and the client's own requests, audits it. */
async function auditPage(context, base, path, warning) {
  const { page, errors } = await open(context, base, path);
  await waitForHydration(page);
  await page.waitForLoadState('networkidle').catch(() => {});
  const result = await page.evaluate(audit, warning);
  const props = await page.evaluate(
    () => document.getElementById('__FORECOURT_PROPS__')?.textContent ?? '',
  );
  return { page, errors, result, props };
}

test('comparison rate beside every repayment and interest rate, with the warning, on every page kind', async ({
  context,
  base,
  searchPath,
  vehiclePath,
}) => {
  // Signed in, so a gated finance or checkout page shows its rates instead of
  // leaving for sign-in (seed 001 s6).
  await signInByApi(context, base);
  try {
    await auditEveryKind({ context, base, searchPath, vehiclePath });
  } finally {
    await signOutByApi(context, base);
  }
});

/** Opens a page of every kind the site links to and checks every rate on it. */
async function auditEveryKind({ context, base, searchPath, vehiclePath }) {
  const warning = await message('COMPARISON_RATE_WARNING');
  const provider = await dealerProvider(base);

  // The search page first: it names a vehicle page whose card shows a repayment.
  const search = await open(context, base, searchPath);
  await waitForHydration(search.page);
  const financed = await search.page
    .locator('.car-card')
    .filter({ has: search.page.locator('.car-card__comparison') })
    .locator('.car-card__title a')
    .first()
    .getAttribute('href', { timeout: 2_000 })
    .catch(() => null);
  const anyCar = await search.page
    .locator('.car-card__title a')
    .first()
    .getAttribute('href', { timeout: 2_000 })
    .catch(() => null);
  await search.page.close();

  // One page of each kind reachable from the home page: a breadth-first walk over the
  // site's links that fetches a few paths of each shape (first segment and depth) and reads
  // the kind from the hydration entry. Fetched inside the page: Chromium resolves
  // *.localhost hosts, Node may not.
  const paths = ['/', searchPath, vehiclePath ?? financed ?? anyCar].filter(Boolean);
  const home = await open(context, base, '/');
  const found = await home.page.evaluate(
    async ({ start, max, perShape }) => {
      const shape = (path) => {
        const parts = path.split('/').filter(Boolean);
        return `${parts[0] ?? ''}/${parts.length}`;
      };
      const queue = [...start];
      const shapes = new Map();
      const tried = new Set();
      const kinds = {};
      let probes = 0;
      while (queue.length > 0 && probes < max) {
        const path = (queue.shift() ?? '').split(/[?#]/)[0];
        if (
          !path.startsWith('/') ||
          /\.(?:xml|txt|svg|png|jpe?g|pdf|js|css)$/i.test(path) ||
          tried.has(path)
        )
          continue;
        if ((shapes.get(shape(path)) ?? 0) >= perShape) continue;
        tried.add(path);
        shapes.set(shape(path), (shapes.get(shape(path)) ?? 0) + 1);
        probes += 1;
        const response = await fetch(path).catch(() => null);
        if (!response?.ok || !(response.headers.get('content-type') ?? '').includes('text/html'))
          continue;
        const doc = new DOMParser().parseFromString(await response.text(), 'text/html');
        // The boot script names the page kind's hydration entry (app/boot.ts).
        const src = doc.querySelector('script[data-entry]')?.getAttribute('data-entry') ?? '';
        const kind = /\/assets\/([a-z_]+)-[^/]*\.js$/.exec(src)?.[1];
        if (kind && !(kind in kinds)) kinds[kind] = path;
        for (const a of doc.querySelectorAll('a[href^="/"]'))
          queue.push(a.getAttribute('href') ?? '');
      }
      return kinds;
    },
    { start: paths, max: MAX_PROBES, perShape: PER_SHAPE },
  );
  await home.page.close();
  const byKind = new Map(Object.entries(found));
  for (const path of paths) {
    if (![...byKind.values()].includes(path)) byKind.set(`${path} (named)`, path);
  }

  const failures = [];
  let shown = 0;
  for (const [kind, path] of byKind) {
    const { page, errors, result, props } = await auditPage(context, base, path, warning);
    shown += result.repayments.length;
    if (process.env.E2E_VERBOSE) {
      console.log(
        `     ${kind} ${path}: ${result.repayments.length} repayment(s), ${result.rates.length} rate(s) ${JSON.stringify([...result.repayments.slice(0, 6), ...result.rates.slice(0, 6)])}`,
      );
    }
    // A card or sidebar the build gave finance must show it (not drop it silently).
    if (/"finance":\{"weekly":/.test(props) && result.repayments.length === 0) {
      failures.push(`${kind} ${path}: the props carry a repayment but the page shows none`);
    }
    failures.push(...result.failures.map((f) => `${kind} ${path}: ${f}`));
    if (path === financed && result.repayments.length > 0) {
      // The sidebar's note and the marked rates must keep axe clean (contrast included).
      await expectNoAxeViolations(page);
    }
    expectNoErrors(
      path,
      errors.filter(
        (e) => !/Failed to load resource: the server responded with a status of 40[04]/.test(e),
      ),
    );
    await page.close();
  }
  if (provider && shown === 0) {
    failures.push(
      `the dealer's finance provider is ${provider} but none of ${[...byKind.values()].join(', ')} shows a repayment`,
    );
  }
  if (failures.length > 0) throw new Error(failures.join('\n'));
}
