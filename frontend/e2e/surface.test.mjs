// Surface journeys: one count source (the home page's make and stock-type
// links, the brand tiles and the landing pages they open give the number the live search
// answers for the same set) and a held car's card says Reserved, whatever its tag, in
// place of its Reserve Now button (checked by the reserve journey, which holds the car).
import { test } from './fixtures.mjs';
import { expectNoErrors, open } from './helpers.mjs';

function props(page) {
  return page.evaluate(() =>
    JSON.parse(document.getElementById('__FORECOURT_PROPS__').textContent),
  );
}

/** The live search's count for a landing page's fixed filters (`[{facet, value}]`). */
async function searchCount(page, apiPath, fixed, extra = '') {
  return page.evaluate(
    async ({ apiPath, fixed, extra }) => {
      const qs = fixed
        .map((f) => `refinementList[${f.facet}][0]=${encodeURIComponent(f.value)}`)
        .concat(extra ? [extra] : [])
        .join('&');
      const response = await fetch(`${apiPath}?${qs}`, { headers: { accept: 'application/json' } });
      if (!response.ok) throw new Error(`${apiPath}?${qs} answered ${response.status}`);
      return (await response.json()).count;
    },
    { apiPath, fixed, extra },
  );
}

/** Each link's count equals its landing page's count and the live search's answer. */
async function expectLinksAgree(context, base, links, where) {
  for (const link of links) {
    const target = new URL(link.url, base);
    const landing = await open(context, base, target.pathname);
    const view = (await props(landing.page)).page;
    // A link may add refinements to its landing page (a brand's "Used Toyota cars").
    const extra = target.search.slice(1);
    const live = await searchCount(landing.page, view.api_path, view.fixed_filters, extra);
    if (!extra && view.count !== link.count)
      throw new Error(
        `${where}: "${link.label}" says ${link.count}, its page ${target.pathname} says ${view.count}`,
      );
    if (live !== link.count)
      throw new Error(
        `${where}: "${link.label}" says ${link.count}, the search answers ${live} for ${link.url}`,
      );
    expectNoErrors(target.pathname, landing.errors);
    await landing.page.close();
  }
}

test('surface: home links, brand tiles and landing pages count what the search answers', async ({
  context,
  base,
}) => {
  const home = await open(context, base, '/');
  const view = (await props(home.page)).page;
  const hasBrands = await home.page.evaluate(async () => (await fetch('/brands')).ok);
  await home.page.close();
  const links = [...view.car_types, ...view.makes.slice(0, 3)];
  if (links.length === 0) throw new Error('the home page links to no stock');
  await expectLinksAgree(context, base, links, 'home');

  if (hasBrands) {
    const page = await open(context, base, '/brands');
    const tiles = (await props(page.page)).page.groups
      .flatMap((g) => g.brands)
      .filter((b) => !b.external && b.count > 0)
      .slice(0, 3)
      .map((b) => ({ label: b.name, url: new URL(b.url, base).pathname, count: b.count }));
    await page.page.close();
    // A tile links to the brand's overview; its count is the brand's search page's.
    const searchLinks = tiles.map((t) => ({
      ...t,
      url: `/search/${t.url.split('/').filter(Boolean)[0]}`,
    }));
    await expectLinksAgree(context, base, searchLinks, '/brands');
  }
});
