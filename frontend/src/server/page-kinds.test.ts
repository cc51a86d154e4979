// One page-kind list: the Rust PageKind, exported to types/generated/PageKind.ts. Every
// kind has a hydration entry src/entries/<kind>.tsx and a page component in PAGES, and
// there is no entry or component of a kind the Rust side does not build.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PAGES } from './page-registry';

// src/, from this file's place (jsdom's URL does not resolve file URLs).
const src = `${resolve(dirname(fileURLToPath(import.meta.url)), '..')}/`;

/** The string literals of the exported union, in order. */
function unionMembers(declaration: string): string[] {
  const union = /export type PageKind\s*=\s*([^;]+);/.exec(declaration)?.[1];
  if (!union) throw new Error('PageKind.ts has no `export type PageKind = ...;`');
  return union.split('|').map((member) => JSON.parse(member.trim()) as string);
}

const kinds = unionMembers(readFileSync(`${src}types/generated/PageKind.ts`, 'utf8'));

describe('page kinds', () => {
  it('reads the kinds of the generated union', () => {
    expect(unionMembers('export type PageKind = "home" | "not_found";')).toEqual([
      'home',
      'not_found',
    ]);
    expect(kinds).toContain('vehicle');
  });

  it('has one hydration entry per kind and none other', () => {
    const entries = readdirSync(`${src}entries`)
      .filter((name) => name.endsWith('.tsx'))
      .map((name) => name.slice(0, -'.tsx'.length));
    expect([...entries].sort()).toEqual([...kinds].sort());
  });

  it('has one page component per kind and none other', () => {
    expect(Object.keys(PAGES).sort()).toEqual([...kinds].sort());
  });

  it('names each entry after its kind', () => {
    for (const kind of kinds) {
      const entry = readFileSync(`${src}entries/${kind}.tsx`, 'utf8');
      expect(entry, kind).toContain(`Hydration entry of the "${kind}" page kind.`);
    }
  });
});
