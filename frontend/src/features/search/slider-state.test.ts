import { describe, expect, it } from 'vitest';
import type { SliderKind } from '../../types/generated/SliderKind';
import { rangeOf, roundValue, setHigh, setLow, sliderStep, sliderValues } from './slider-state';
import { caseTable } from '../../testing/case-table';

// The table of the slider rules (Rust checks only its default_slider_max).
type Table = {
  default_slider_max: number;
  steps: { name: string; facet_min: number; facet_max: number; step: number }[];
  moves: {
    name: string;
    kind: SliderKind;
    side: 'low' | 'high';
    value: number;
    state: [number, number, number, number];
    expected: [number, number] | null;
  }[];
};
const table: Table = caseTable('slider_cases.json');

describe('range slider rules (domain/tests/data/slider_cases.json)', () => {
  it.each(table.steps.map((c) => [c.name, c] as const))('step: %s', (_name, c) => {
    expect(sliderStep(c.facet_min, c.facet_max)).toBe(c.step);
  });

  it.each(table.moves.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const [facetMin, facetMax, low, high] = c.state;
    const state = { facetMin, facetMax, low, high };
    const moved =
      c.side === 'low' ? setLow(state, c.kind, c.value) : setHigh(state, c.kind, c.value);
    expect(moved ? [moved.low, moved.high] : null).toEqual(c.expected);
  });

  it('uses the default maximum for a facet without one and clamps the URL selection in', () => {
    const s = sliderValues(1000, null, { min: 500, max: 250_000 }, table.default_slider_max);
    expect(s).toEqual({ facetMin: 1000, facetMax: 100_000, low: 1000, high: 100_000 });
    expect(rangeOf(s)).toEqual({ min: null, max: null });
    expect(rangeOf({ ...s, low: 5000 })).toEqual({ min: 5000, max: null });
    expect(roundValue('km', -1500)).toBe(-2000);
  });
});
