// @vitest-environment node
// Seed 001 s9: "Style breakpoints (min-width): xs 400px, sm 576px, md 768px, lg 992px,
// xl 1200px, xxl 1400px; matching max-width down variants for sm, md, lg and xl."
// Plain CSS has no named media queries, so every stylesheet is read here: each width a
// media query names is one of the seed's (from the generated constants, which come from
// domain::rules::constants::breakpoints), and each down variant is used.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BREAKPOINTS, BREAKPOINTS_DOWN } from '../types/generated/constants';

const SRC = join(dirname(fileURLToPath(import.meta.url)), '..');

function stylesheets(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return stylesheets(path);
    return entry.name.endsWith('.css') ? [path] : [];
  });
}

/** Every (feature, px) a media query of `css` names, e.g. ['max-width', 767.98]. */
function mediaWidths(css: string): [string, number][] {
  const widths: [string, number][] = [];
  for (const query of css.matchAll(/@media([^{]*)\{/g))
    for (const [, feature, px] of query[1]!.matchAll(/\((min-width|max-width):\s*([\d.]+)px\)/g))
      widths.push([feature!, Number(px)]);
  return widths;
}

describe('breakpoints', () => {
  it('are the seed values: six min-width, four max-width down variants', () => {
    expect(BREAKPOINTS).toEqual([
      ['xs', 400],
      ['sm', 576],
      ['md', 768],
      ['lg', 992],
      ['xl', 1200],
      ['xxl', 1400],
    ]);
    expect(BREAKPOINTS_DOWN).toEqual([
      ['sm-down', 575.98],
      ['md-down', 767.98],
      ['lg-down', 991.98],
      ['xl-down', 1199.98],
    ]);
  });

  it('are the only widths the stylesheets query, and every down variant is used', () => {
    const min = new Set<number>(BREAKPOINTS.map(([, px]) => px));
    const max = new Set<number>(BREAKPOINTS_DOWN.map(([, px]) => px));
    const used = new Set<number>();
    const files = stylesheets(SRC);
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) {
      for (const [feature, px] of mediaWidths(readFileSync(file, 'utf8'))) {
        const allowed = feature === 'min-width' ? min : max;
        expect(allowed.has(px), `${file}: @media (${feature}: ${px}px)`).toBe(true);
        if (feature === 'max-width') used.add(px);
      }
    }
    expect([...max].filter((px) => !used.has(px))).toEqual([]);
  });
});
