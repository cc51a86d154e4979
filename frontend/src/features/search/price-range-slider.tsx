import { useState, type CSSProperties } from 'react';
import type { PriceSliderView } from '../../types/generated/PriceSliderView';
import { formatRangeValue } from './format';
import { priceRangeSetHigh, priceRangeSetLow, priceSearchHref } from './price-range-state';
import './range-track.css';

/** The price-range slider of the home page's search block (seed 001 s2): two thumbs on
 *  500 steps between 5000 and 250000 that never meet, and a button that opens the search
 *  within that range, highest price first. The link works before hydration with the
 *  server-rendered range. */
export function PriceRangeSlider({ view }: { view: PriceSliderView }) {
  const [values, setValues] = useState({ low: view.low, high: view.high });
  const span = view.max - view.min || 1;
  const percent = (v: number) => `${((v - view.min) / span) * 100}%`;
  const fill = {
    '--range-from': percent(values.low),
    '--range-to': percent(values.high),
  } as CSSProperties;
  const show = (v: number) => formatRangeValue('dollars', v);
  return (
    <div className="price-slider" role="group" aria-labelledby="price-slider-title">
      <h3 id="price-slider-title" className="price-slider__title">
        Price range
      </h3>
      <p className="range__values" aria-live="polite">
        {show(values.low)} – {show(values.high)}
      </p>
      <div className="range__track" style={fill}>
        <input
          type="range"
          className="range__thumb range__thumb--low"
          aria-label="Minimum Price"
          aria-valuetext={show(values.low)}
          min={view.min}
          max={view.max}
          step={view.step}
          value={values.low}
          onChange={(event) => {
            const low = priceRangeSetLow(
              values.low,
              values.high,
              view.min,
              Number(event.target.value),
            );
            setValues({ ...values, low });
          }}
        />
        <input
          type="range"
          className="range__thumb range__thumb--high"
          aria-label="Maximum Price"
          aria-valuetext={show(values.high)}
          min={view.min}
          max={view.max}
          step={view.step}
          value={values.high}
          onChange={(event) => {
            const high = priceRangeSetHigh(
              values.low,
              values.high,
              view.max,
              Number(event.target.value),
            );
            setValues({ ...values, high });
          }}
        />
      </div>
      <a className="button" href={priceSearchHref(view, values.low, values.high)}>
        Search, highest price first
      </a>
    </div>
  );
}
