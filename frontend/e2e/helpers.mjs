// Page helpers the journeys share (not tests: a Playwright test file may not import
// another test file).
export { expectNoAxeViolations } from './axe.mjs';

/** Console messages and page errors of `page`, as they arrive. */
export function watchErrors(page) {
  const errors = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`console: ${msg.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
  return errors;
}

/** Opens `path` in a new page of `context`, failing on an HTTP error; `errors` collects the
 *  page's console errors and page errors for `expectNoErrors`. */
export async function open(context, base, path) {
  const page = await context.newPage();
  const errors = watchErrors(page);
  const response = await page.goto(new URL(path, base).toString(), { waitUntil: 'load' });
  if (!response || !response.ok()) throw new Error(`${path} answered HTTP ${response?.status()}`);
  return { page, errors };
}

/** `path` as the server answers it, without rendering it: whether it is there (after
 *  redirects) and the href of the first element matching `selector` in its markup. The
 *  fetch runs in a page showing the site's robots.txt, as Node's resolver does not know
 *  *.localhost hosts; no page of the site loads its scripts and photos for the question. */
export async function peek(context, base, path, selector = null) {
  const page = await context.newPage();
  try {
    await page.goto(new URL('/robots.txt', base).toString());
    return await page.evaluate(
      async ([path, selector]) => {
        const response = await fetch(path);
        if (!response.ok) return { ok: false, href: null };
        if (!selector) return { ok: true, href: null };
        const doc = new DOMParser().parseFromString(await response.text(), 'text/html');
        return { ok: true, href: doc.querySelector(selector)?.getAttribute('href') ?? null };
      },
      [path, selector],
    );
  } finally {
    await page.close();
  }
}

/** Whether the site has a page at `path` (some dealers have no models, brands or parts). */
export async function exists(context, base, path) {
  return (await peek(context, base, path)).ok;
}

export function expectNoErrors(path, errors) {
  if (errors.length > 0) throw new Error(`${path}:\n  ${errors.join('\n  ')}`);
}

/** Waits until React has hydrated #root. Hydration runs as a transition, in slices, so
 *  the root exists well before its markup is React's: until then only a click or a key
 *  (which hydrate at once) would work, not a value set on a control. React marks the
 *  root's state `isDehydrated` until the hydration commits. */
export async function waitForHydration(page) {
  await page.waitForFunction(
    () => {
      const root = document.getElementById('root');
      const key = root && Object.keys(root).find((k) => k.startsWith('__reactContainer'));
      return !!key && root[key].stateNode?.current?.memoizedState?.isDehydrated === false;
    },
    null,
    { timeout: 10_000 },
  );
}

/** Scrolls through the page so lazy images and anything drawn on scroll are in place. */
export async function scrollThrough(page) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += 700) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
    window.scrollTo(0, 0);
  });
}

/** Navigates `page` to `path` (relative to the project's baseURL), failing on an HTTP error. */
export async function visit(page, path) {
  const response = await page.goto(path, { waitUntil: 'load' });
  if (!response || !response.ok()) throw new Error(`${path} answered HTTP ${response?.status()}`);
  return response;
}
