// Photos through the image service: the vehicle page's hero is the page's
// largest image, so it is served by /img/ with a srcset over the width ladder, is neither
// lazy nor late (fetchpriority high, preloaded in the head with the same candidates), and
// the service answers it as AVIF or WebP to a browser that accepts them. The sample feed
// of scripts/e2e.sh is photographic (JPEG), which the service takes; SVG drawings would
// keep their plain URL.
import { expect, test } from './fixtures.mjs';
import { open, waitForHydration } from './helpers.mjs';

/** The first car of the search page that has photos (the not-found image has no srcset). */
async function photographedCar(context, base, searchPath) {
  const search = await open(context, base, searchPath);
  const paths = await search.page.locator('.car-card').evaluateAll((cards) =>
    cards
      .filter((card) => card.querySelector('.car-card__media img[srcset]'))
      .map((card) => card.querySelector('.car-card__title a')?.getAttribute('href'))
      .filter(Boolean),
  );
  await search.page.close();
  return paths[0] ?? null;
}

test('images: the vehicle hero comes from the image service, eager, high priority, preloaded, as AVIF or WebP', async ({
  context,
  base,
  searchPath,
  vehiclePath,
}) => {
  const path = vehiclePath ?? (await photographedCar(context, base, searchPath));
  test.skip(!path, 'no car with photos on the search page');
  const { page, errors } = await open(context, base, path);
  await waitForHydration(page);
  const hero = page.locator('.gallery__main img').first();
  const srcset = (await hero.getAttribute('srcset')) ?? '';
  const candidates = srcset.split(', ').filter(Boolean);
  expect(candidates.length).toBeGreaterThan(3);
  for (const candidate of candidates) expect(candidate).toMatch(/^\/img\/w_\d+,q_\d+\/\S+ \d+w$/);
  expect(await hero.getAttribute('src')).toMatch(/^\/img\/w_\d+,q_\d+\//);
  expect(await hero.getAttribute('sizes')).toContain('(min-width: 992px)');
  expect(await hero.getAttribute('fetchpriority')).toBe('high');
  expect(await hero.getAttribute('loading')).toBeNull();
  expect(await hero.getAttribute('width')).toBeTruthy();
  expect(await hero.getAttribute('height')).toBeTruthy();

  // The head preloads exactly what the <img> will choose from.
  const preload = page.locator('head link[rel="preload"][as="image"]');
  await expect(preload).toHaveCount(1);
  expect(await preload.getAttribute('imagesrcset')).toBe(srcset);
  expect(await preload.getAttribute('imagesizes')).toBe(await hero.getAttribute('sizes'));

  // What the browser took for the hero is an /img/ variant, answered as AVIF or WebP.
  const current = await hero.evaluate((img) => img.currentSrc);
  expect(new URL(current).pathname).toMatch(/^\/img\//);
  // Asked from the page: Node's resolver does not know *.localhost, Chromium's does.
  const answer = await page.evaluate(async (url) => {
    const response = await fetch(url, {
      headers: { accept: 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8' },
    });
    return { status: response.status, type: response.headers.get('content-type') ?? '' };
  }, current);
  expect(answer.status).toBe(200);
  expect(answer.type).toMatch(/^image\/(avif|webp)\b/);
  expect(errors).toEqual([]);
  await page.close();
});

test('images: search results load the first photo eagerly and the rest lazily', async ({
  page,
  base,
  searchPath,
}) => {
  await page.goto(new URL(searchPath, base).toString());
  // Read after hydration and all at once: the results may re-render while a locator walks
  // them one by one.
  await waitForHydration(page);
  const images = await page
    .locator('.car-card__media img')
    .evaluateAll((all) =>
      all.map((img) =>
        Object.fromEntries(
          ['fetchpriority', 'loading', 'width', 'height', 'decoding'].map((name) => [
            name,
            img.getAttribute(name),
          ]),
        ),
      ),
    );
  test.skip(images.length < 2, 'fewer than two results');
  expect(images[0].fetchpriority).toBe('high');
  expect(images[0].loading).toBeNull();
  expect(images[1].loading).toBe('lazy');
  for (const img of images) {
    expect(img.width).toBeTruthy();
    expect(img.height).toBeTruthy();
    expect(img.decoding).toBe('async');
  }
});
