// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { saleInterval, salesSoFarToday } from './sales-count';

type Case = { note: string; instant: string; sales: number };
// The same cases drive domain::rules::counts::sales_so_far_today (domain/tests/rules_models.rs).
const shared = JSON.parse(
  readFileSync(
    new URL('../../../../domain/tests/data/sales_counter_cases.json', import.meta.url),
    'utf8',
  ),
) as { cases: Case[] };
const brisbane = { sales_per_day: 192, seconds_per_sale: 450, utc_offset_seconds: 36_000 };

describe('salesSoFarToday mirrors the Rust rule', () => {
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
