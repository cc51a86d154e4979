// The range slider rules of seed 000 s5, as the browser applies them while the shopper
// drags or types; they run only here, tested on domain/tests/data/slider_cases.json. The
// default maximum comes from Rust as props (SearchLimits.default_slider_max, held to the
// table's default_slider_max by domain/tests/rules_search.rs).
import type { SliderKind } from '../../types/generated/SliderKind';

/** Seed 000 s5: price and km values round to the nearest 1000. */
const ROUND_TO = 1000;
/** Seed 000 s5: the step is one hundredth of the range. */
const STEP_DIVISOR = 100;

/** A facet's bounds and the selected values. */
export interface SliderValues {
  facetMin: number;
  facetMax: number;
  low: number;
  high: number;
}

/** One hundredth of the range, at least 1 so the slider moves. */
export function sliderStep(facetMin: number, facetMax: number): number {
  return Math.max((facetMax - facetMin) / STEP_DIVISOR, 1);
}

/** Price and km round to the nearest 1000 (halves up, as Rust's f64::round for
 *  positive values); other kinds are unchanged. */
export function roundValue(kind: SliderKind, value: number): number {
  if (kind === 'other') return value;
  const scaled = value / ROUND_TO;
  return Math.sign(scaled) * Math.round(Math.abs(scaled)) * ROUND_TO;
}

function settle(s: SliderValues, kind: SliderKind, value: number): number {
  return Math.min(Math.max(roundValue(kind, value), s.facetMin), s.facetMax);
}

function inFacet(s: SliderValues, value: number): boolean {
  return Number.isFinite(value) && value >= s.facetMin && value <= s.facetMax;
}

/** Input outside the facet is ignored (null); otherwise the value is rounded, clamped
 *  within the facet and cannot pass the high value. */
export function setLow(s: SliderValues, kind: SliderKind, value: number): SliderValues | null {
  if (!inFacet(s, value)) return null;
  return { ...s, low: Math.min(settle(s, kind, value), s.high) };
}

/** Like setLow; the high value cannot drop below the low value. */
export function setHigh(s: SliderValues, kind: SliderKind, value: number): SliderValues | null {
  if (!inFacet(s, value)) return null;
  return { ...s, high: Math.max(settle(s, kind, value), s.low) };
}

/** The slider over a facet's bounds with the URL's selection (a selection outside the
 *  bounds is clamped in); a facet without a maximum uses `defaultMax`. */
export function sliderValues(
  facetMin: number,
  facetMax: number | null,
  selected: { min: number | null; max: number | null } | undefined,
  defaultMax: number,
): SliderValues {
  const max = facetMax ?? defaultMax;
  const min = Math.min(facetMin, max);
  const clamp = (v: number) => Math.min(Math.max(v, min), max);
  const low = clamp(selected?.min ?? min);
  const high = Math.max(clamp(selected?.max ?? max), low);
  return { facetMin: min, facetMax: max, low, high };
}

/** The URL range of the slider: an end at its facet bound is open (null). */
export function rangeOf(s: SliderValues): { min: number | null; max: number | null } {
  return { min: s.low > s.facetMin ? s.low : null, max: s.high < s.facetMax ? s.high : null };
}
