import { useState } from 'react';
import type { VariantView } from '../../types/generated/VariantView';
import {
  INITIAL_SELECTION,
  selectGroup,
  selectVariant,
  stepColour,
  visibleColours,
} from './colour-picker-state';
import { Photo } from '../../components/photo';

/** The model colour picker (seed 001 s4): variant tabs, a body-style tab row when the
 *  variant has one, the car in the chosen colour, swatches and wrapping arrows. */
export function ColourPicker({ variants, title }: { variants: VariantView[]; title: string }) {
  const [selection, setSelection] = useState(INITIAL_SELECTION);
  const variant = variants[selection.variant];
  const colours = visibleColours(variants, selection);
  const colour = colours[selection.colour];
  if (!variant || colours.length === 0) return null;
  return (
    <section className="colour-picker" aria-labelledby="colour-picker-title">
      <h2 id="colour-picker-title">Colours</h2>
      {variants.length > 1 ? (
        <div className="tab-row" role="group" aria-label="Variant">
          {variants.map((v, i) => (
            <button
              key={`${i}-${v.name}`}
              type="button"
              className="tab"
              aria-pressed={i === selection.variant}
              onClick={() => setSelection(selectVariant(i))}
            >
              {v.name}
            </button>
          ))}
        </div>
      ) : null}
      {variant.body_style_tabs ? (
        <div className="tab-row tab-row--secondary" role="group" aria-label="Body style">
          {variant.colour_groups.map((g, i) => (
            <button
              key={`${i}-${g.label}`}
              type="button"
              className="tab"
              aria-pressed={i === selection.group}
              onClick={() => setSelection(selectGroup(selection, i))}
            >
              {g.label}
            </button>
          ))}
        </div>
      ) : null}
      <div className="colour-picker__stage">
        <button
          type="button"
          className="colour-picker__arrow"
          aria-label="Previous colour"
          onClick={() => setSelection(stepColour(selection, colours.length, -1))}
        >
          ‹
        </button>
        {colour ? (
          <Photo
            url={colour.image.url}
            srcset={colour.image.srcset}
            alt={colour.image.alt}
            layout="tile"
          />
        ) : null}
        <button
          type="button"
          className="colour-picker__arrow"
          aria-label="Next colour"
          onClick={() => setSelection(stepColour(selection, colours.length, 1))}
        >
          ›
        </button>
      </div>
      <p className="colour-picker__name" aria-live="polite">
        {variant.full_name}: {colour?.name}
      </p>
      <ul className="swatches" aria-label={`${title} colours`}>
        {colours.map((c, i) => (
          <li key={`${i}-${c.name}`}>
            <button
              type="button"
              className="swatch"
              style={{ background: c.hex }}
              aria-label={c.name}
              aria-pressed={i === selection.colour}
              title={c.name}
              onClick={() => setSelection({ ...selection, colour: i })}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
