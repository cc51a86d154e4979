// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { saleInterval, salesSoFarToday } from './sales-count';
import { caseTable } from '../../testing/case-table';

type Case = { note: string; instant: string; sales: number };
type Figures = { sales_per_day: number; seconds_per_sale: number; utc_offset_seconds: number };
// domain/tests/rules_models.rs holds `counter` to the figures the home page sends.
const shared = caseTable('sales_counter_cases.json') as { counter: Figures; cases: Case[] };
const brisbane = shared.counter;

describe('salesSoFarToday (domain/tests/data/sales_counter_cases.json)', () => {
  it.each(shared.cases.map((c) => [c.note, c] as const))('%s', (_, c) => {
    expect(salesSoFarToday(Date.parse(c.instant), brisbane)).toBe(c.sales);
  });

  it('never passes the daily total', () => {
    expect(
      salesSoFarToday(Date.parse('2026-11-22T13:59:59Z'), { ...brisbane, sales_per_day: 100 }),
    ).toBe(100);
  });
});

describe('saleInterval', () => {
  it('words the seconds per sale in minutes', () => {
    expect(saleInterval(450)).toBe('7.5 minutes');
    expect(saleInterval(600)).toBe('10 minutes');
  });
});
