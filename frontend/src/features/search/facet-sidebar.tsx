import { useState } from 'react';
import type { FacetItemView } from '../../types/generated/FacetItemView';
import type { FacetView } from '../../types/generated/FacetView';
import { MESSAGES } from '../../types/generated/messages';
import type { RangeView } from '../../types/generated/RangeView';
import type { SearchState } from './search-state';

/** Seed 000 s9: makes shown at first. */
export const MAKES_SHOWN_FIRST = 7;

interface Props {
  facets: FacetView[];
  ranges: RangeView[];
  /** Live counts from the last answer, by facet name. */
  liveItems: Record<string, FacetItemView[]>;
  state: SearchState;
  onToggle: (facet: string, value: string) => void;
  onRange: (field: string, min: number | null, max: number | null) => void;
}

function FacetGroup({ facet, items, selected, onToggle }: { facet: FacetView; items: FacetItemView[]; selected: string[]; onToggle: Props['onToggle'] }) {
  const [showAll, setShowAll] = useState(false);
  const limited = facet.facet === 'make' && items.length > MAKES_SHOWN_FIRST && !showAll;
  const shown = limited ? items.slice(0, MAKES_SHOWN_FIRST) : items;
  return (
    <fieldset className="facet">
      <legend className="facet__title">{facet.label}</legend>
      <ul>
        {shown.map((item) => {
          const id = `facet-${facet.facet}-${item.value}`.replace(/[^A-Za-z0-9_-]/g, '-');
          return (
            <li key={item.value}>
              <input id={id} type="checkbox" checked={selected.includes(item.value)} onChange={() => onToggle(facet.facet, item.value)} />
              <label htmlFor={id}>
                {item.label} <span className="facet__count">({item.count})</span>
              </label>
            </li>
          );
        })}
      </ul>
      {facet.facet === 'make' && items.length > MAKES_SHOWN_FIRST ? (
        <button type="button" className="link-button" aria-expanded={showAll} onClick={() => setShowAll((s) => !s)}>
          {MESSAGES.SHOW_ALL_MAKES}
        </button>
      ) : null}
    </fieldset>
  );
}

function RangeGroup({ range, value, onRange }: { range: RangeView; value: { min: number | null; max: number | null } | undefined; onRange: Props['onRange'] }) {
  const read = (form: HTMLFormElement, name: string): number | null => {
    const input = form.elements.namedItem(name) as HTMLInputElement | null;
    if (!input || input.value.trim() === '') return null;
    const n = Number(input.value);
    return Number.isFinite(n) ? n : null;
  };
  return (
    <form
      className="facet facet--range"
      aria-label={range.label}
      onSubmit={(event) => {
        event.preventDefault();
        onRange(range.facet, read(event.currentTarget, 'min'), read(event.currentTarget, 'max'));
      }}
    >
      <fieldset>
        <legend className="facet__title">{range.label}</legend>
        <label>
          Min
          <input name="min" type="number" inputMode="numeric" min={range.min} max={range.max} placeholder={String(range.min)} defaultValue={value?.min ?? ''} />
        </label>
        <label>
          Max
          <input name="max" type="number" inputMode="numeric" min={range.min} max={range.max} placeholder={String(range.max)} defaultValue={value?.max ?? ''} />
        </label>
        <button type="submit" className="button button--small">
          Apply
        </button>
      </fieldset>
    </form>
  );
}

/** The filter sidebar, rendered from the landing page's facets. */
export function FacetSidebar({ facets, ranges, liveItems, state, onToggle, onRange }: Props) {
  return (
    <aside className="facet-sidebar" aria-label="Filters">
      <h2 className="facet-sidebar__title">Filters</h2>
      {facets.map((facet) => (
        <FacetGroup
          key={facet.facet}
          facet={facet}
          items={liveItems[facet.facet] ?? facet.items}
          selected={state.refinements[facet.facet] ?? []}
          onToggle={onToggle}
        />
      ))}
      {ranges.map((range) => (
        <RangeGroup key={`${range.facet}:${state.ranges[range.facet]?.min ?? ""}:${state.ranges[range.facet]?.max ?? ""}`} range={range} value={state.ranges[range.facet]} onRange={onRange} />
      ))}
    </aside>
  );
}
