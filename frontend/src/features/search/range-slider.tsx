import { useEffect, useRef, useState, type CSSProperties } from 'react';
import type { RangeView } from '../../types/generated/RangeView';
import { formatRangeValue, inputText, parseTyped } from './format';
import {
  rangeOf,
  setHigh,
  setLow,
  sliderStep,
  sliderValues,
  type SliderValues,
} from './slider-state';
import { useDebounced } from './use-debounce';
import './range-track.css';

type Selected = { min: number | null; max: number | null } | undefined;

interface Props {
  range: RangeView;
  /** The facet's bounds in the current answer (they ignore this range's own selection),
   *  else the server-rendered stock's. */
  bounds: { min: number; max: number | null };
  selected: Selected;
  defaultMax: number;
  delayMs: number;
  idPrefix: string;
  onRange: (field: string, min: number | null, max: number | null) => void;
}

/** A two-thumb range slider with its number inputs (seed 000 s5). The thumbs are native
 *  range inputs, so they are keyboard operable and carry their names and values; they
 *  move in steps of one hundredth of the range while the selected values follow the
 *  slider rules (price and km rounded to 1000, clamped within the facet, min never past
 *  max). Typed values outside the facet are ignored. A change applies after a pause. */
export function RangeSlider({
  range,
  bounds,
  selected,
  defaultMax,
  delayMs,
  idPrefix,
  onRange,
}: Props) {
  const fresh = () => sliderValues(bounds.min, bounds.max, selected, defaultMax);
  const [values, setValues] = useState<SliderValues>(fresh);
  // Where the thumbs sit: the raw positions, so a thumb keeps moving by its step even
  // when rounding holds the selected value (e.g. a step of 370 under 1000 rounding).
  const [thumbs, setThumbs] = useState({ low: values.low, high: values.high });
  const [typed, setTyped] = useState<{ low: string | null; high: string | null }>({
    low: null,
    high: null,
  });
  const apply = useDebounced((next: SliderValues) => {
    const { min, max } = rangeOf(next);
    onRange(range.facet, min, max);
  }, delayMs);

  // A selection or bounds changed from outside (back and forward, Clear Filters, other
  // filters narrowing the stock): start again from them. A change of our own arrives
  // here as the selection we already show, and changes nothing.
  const selMin = selected?.min ?? null;
  const selMax = selected?.max ?? null;
  const shownValues = useRef(values);
  shownValues.current = values;
  useEffect(() => {
    const current = shownValues.current;
    const next = sliderValues(bounds.min, bounds.max, { min: selMin, max: selMax }, defaultMax);
    const shown = rangeOf(current);
    if (
      current.facetMin === next.facetMin &&
      current.facetMax === next.facetMax &&
      shown.min === selMin &&
      shown.max === selMax
    )
      return;
    apply.cancel();
    setValues(next);
    setThumbs({ low: next.low, high: next.high });
    setTyped({ low: null, high: null });
  }, [bounds.min, bounds.max, selMin, selMax, defaultMax, apply]);

  const commit = (next: SliderValues | null, raw?: { low: number; high: number }) => {
    if (!next) return;
    setValues(next);
    setThumbs(raw ?? { low: next.low, high: next.high });
    apply.call(next);
  };

  const step = sliderStep(values.facetMin, values.facetMax);
  const span = values.facetMax - values.facetMin || 1;
  const percent = (v: number) => `${((v - values.facetMin) / span) * 100}%`;
  const fill = {
    '--range-from': percent(thumbs.low),
    '--range-to': percent(thumbs.high),
  } as CSSProperties;
  const id = `${idPrefix}-range-${range.facet}`;
  const show = (v: number) => formatRangeValue(range.unit, v);

  return (
    <fieldset className="facet facet--range">
      <legend className="facet__title">{range.label}</legend>
      <p className="range__values" id={`${id}-values`}>
        {show(values.low)} – {show(values.high)}
      </p>
      <div className="range__track" style={fill}>
        <input
          type="range"
          className="range__thumb range__thumb--low"
          aria-label={`Minimum ${range.label}`}
          aria-valuetext={show(values.low)}
          min={values.facetMin}
          max={values.facetMax}
          step={step}
          value={thumbs.low}
          onChange={(event) => {
            const raw = Math.min(Number(event.target.value), thumbs.high);
            commit(setLow(values, range.kind, raw), { low: raw, high: thumbs.high });
          }}
        />
        <input
          type="range"
          className="range__thumb range__thumb--high"
          aria-label={`Maximum ${range.label}`}
          aria-valuetext={show(values.high)}
          min={values.facetMin}
          max={values.facetMax}
          step={step}
          value={thumbs.high}
          onChange={(event) => {
            const raw = Math.max(Number(event.target.value), thumbs.low);
            commit(setHigh(values, range.kind, raw), { low: thumbs.low, high: raw });
          }}
        />
      </div>
      <div className="range__inputs">
        {(['low', 'high'] as const).map((side) => (
          <label key={side} htmlFor={`${id}-${side}`}>
            {side === 'low' ? 'From' : 'To'}
            <input
              id={`${id}-${side}`}
              type="text"
              inputMode="numeric"
              autoComplete="off"
              aria-describedby={`${id}-values`}
              value={typed[side] ?? inputText(range.unit, values[side])}
              onChange={(event) => {
                const text = event.target.value;
                setTyped((t) => ({ ...t, [side]: text }));
                const n = parseTyped(text);
                commit(
                  side === 'low' ? setLow(values, range.kind, n) : setHigh(values, range.kind, n),
                );
              }}
              onBlur={() => setTyped((t) => ({ ...t, [side]: null }))}
            />
          </label>
        ))}
      </div>
    </fieldset>
  );
}
