import { describe, expect, it } from 'vitest';
import { rangeOffered } from './facet-sidebar';

describe('rangeOffered', () => {
  const year = { min: 2015, max: 2026 };

  it('drops the kilometres slider when no vehicle in the answer has an odometer', () => {
    // Caravans have no odometer: an answer of caravans has year stats but no km stats.
    expect(rangeOffered('km', { year, price: { min: 23990, max: 89990 } }, {})).toBe(false);
    expect(rangeOffered('km', { year, km: { min: 8, max: 52926 } }, {})).toBe(true);
  });

  it('keeps a slider the shopper has set, so the range can be widened again', () => {
    expect(rangeOffered('km', { year }, { km: { min: null, max: 5000 } })).toBe(true);
  });

  it("keeps the page's own ranges for the server-rendered answer, which has no stats", () => {
    expect(rangeOffered('km', {}, {})).toBe(true);
  });
});
