import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { fnv1a64, landingTurn, spinPrize } from './spin';

interface Case {
  dealer: string;
  email: string;
  weights: number[];
  hash: string;
  prize: number | null;
}

const { cases } = JSON.parse(
  readFileSync(
    resolve(
      dirname(fileURLToPath(import.meta.url)),
      '../../../../../domain/tests/data/spin_cases.json',
    ),
    'utf8',
  ),
) as { cases: Case[] };

describe('spin to win', () => {
  // Seed 001 s2 /spin-to-win: the spin is decided deterministically and
  // honestly: the browser and the Rust rule land on the same prize for an entry.
  it.each(cases)('$dealer / $email wins prize $prize', (c) => {
    const key = `${c.dealer}\n${c.email.trim().toLowerCase()}`;
    expect(fnv1a64(key).toString()).toBe(c.hash);
    expect(spinPrize(c.dealer, c.email, c.weights)).toBe(c.prize);
  });

  it('turns the middle of the won segment under the pointer', () => {
    // Two equal segments: the second's middle is at 270 degrees, a quarter turn short.
    expect(landingTurn([1, 1], 1, 0)).toBe(90);
    expect(landingTurn([1, 1], 0, 2)).toBe(2 * 360 + 270);
  });
});
