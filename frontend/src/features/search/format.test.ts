import { describe, expect, it } from 'vitest';
import { formatRangeValue, inputText } from './format';

describe('range values', () => {
  it('adds / week to subscription prices (seed 000 s9: "price ranges for subscription prices add / week")', () => {
    expect(formatRangeValue('subscription_per_week', 1495)).toBe('$1,495 / week');
    expect(inputText('subscription_per_week', 1495)).toBe('1,495');
  });

  it('shows weekly finance with /wk (seed 000 s9: "Weekly finance amount shown with /wk")', () => {
    expect(formatRangeValue('dollars_per_week', 189)).toBe('$189/wk');
    expect(formatRangeValue('dollars', 42000)).toBe('$42,000');
  });
});
