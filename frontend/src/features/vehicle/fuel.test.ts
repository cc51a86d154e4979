// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { inputNumber, weeklyFuelCost } from './fuel';
import { caseTable } from '../../testing/case-table';

type Case = {
  note: string;
  km_per_week: number;
  consumption: number;
  fuel_price: number;
  weekly_cost: number;
};
// The same cases drive domain::rules::fuel::weekly_fuel_cost (domain/src/view/vehicle.rs tests).
const shared = caseTable('fuel_cases.json') as { cases: Case[] };

describe('weeklyFuelCost mirrors the Rust rule', () => {
  it.each(shared.cases.map((c) => [c.note, c] as const))('%s', (_, c) => {
    expect(weeklyFuelCost(c.km_per_week, c.consumption, c.fuel_price)).toBe(c.weekly_cost);
  });
});

describe('inputNumber', () => {
  it('reads blank, negative and unreadable input as 0', () => {
    expect(inputNumber('')).toBe(0);
    expect(inputNumber('-5')).toBe(0);
    expect(inputNumber('abc')).toBe(0);
    expect(inputNumber('1.859')).toBe(1.859);
  });
});
