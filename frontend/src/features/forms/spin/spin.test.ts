import { describe, expect, it } from 'vitest';
import { fnv1a64, landingTurn, spinPrize } from './spin';
import { caseTable } from '../../../testing/case-table';

interface Case {
  dealer: string;
  email: string;
  weights: number[];
  hash: string;
  prize: number | null;
}

const { cases } = caseTable('spin_cases.json') as { cases: Case[] };

describe('spin to win', () => {
  // Seed 001 s2 /spin-to-win: the spin is decided deterministically and honestly, by
  // the published rule the table (domain/tests/data/spin_cases.json) writes down.
  it.each(cases)('$dealer / $email wins prize $prize', (c) => {
    const key = `${c.dealer}\n${c.email.trim().toLowerCase()}`;
    expect(fnv1a64(key).toString()).toBe(c.hash);
    expect(spinPrize(c.dealer, c.email, c.weights)).toBe(c.prize);
  });

  it('gives each prize about its share of the weight over many entrants', () => {
    const weights = [70, 20, 10];
    const won = weights.map(() => 0);
    for (let i = 0; i < 20_000; i++) {
      const prize = spinPrize('acme', `shopper${i}@example.com`, weights);
      if (prize === null) throw new Error('a wheel with weight always gives a prize');
      won[prize] = (won[prize] ?? 0) + 1;
    }
    won.forEach((count, i) => {
      const share = count / (((weights[i] ?? 0) / 100) * 20_000);
      expect(share).toBeGreaterThan(0.9);
      expect(share).toBeLessThan(1.1);
    });
  });

  it('turns the middle of the won segment under the pointer', () => {
    // Two equal segments: the second's middle is at 270 degrees, a quarter turn short.
    expect(landingTurn([1, 1], 1, 0)).toBe(90);
    expect(landingTurn([1, 1], 0, 2)).toBe(2 * 360 + 270);
  });
});
