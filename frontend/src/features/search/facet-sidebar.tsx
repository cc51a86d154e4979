import type { FacetView } from '../../types/generated/FacetView';
import type { SearchPageView } from '../../types/generated/SearchPageView';
import { DealershipPicker } from './dealership-picker';
import { DistancePicker, type Place } from './distance-picker';
import { FacetList, withLogos } from './facet-list';
import { MakeFilter } from './make-filter';
import { RangeSlider } from './range-slider';
import type { SearchAnswer } from './search-client';
import {
  emptyState,
  hasFilters,
  setLocation,
  setNear,
  setRange,
  setRefinement,
  toggleRefinement,
  type SearchState,
} from './search-state';

/** Whether a range slider is offered for the answer shown: not when an answer from the
 *  search service (one with range stats) has no value of this field in its results (no
 *  vehicle there has an odometer: caravans), unless the shopper has set that range and
 *  needs the slider to widen it. The first, server-rendered answer has no stats: the
 *  page's own ranges hold. */
export function rangeOffered(
  name: string,
  stats: SearchAnswer['facets_stats'],
  selected: SearchState['ranges'],
): boolean {
  if (Object.keys(stats).length === 0) return true;
  return stats[name] !== undefined || selected[name] !== undefined;
}

interface Props {
  page: SearchPageView;
  /** The answer shown: live facet counts and range bounds. */
  answer: SearchAnswer;
  state: SearchState;
  /** Keeps the ids of the sidebar and of the mobile drawer's copy apart. */
  idPrefix: string;
  onChange: (next: SearchState) => void;
  /** Shows the Filters heading (the drawer has its own). */
  titled?: boolean;
  /** The postcode lookup (tests). */
  lookUp?: (postcode: string) => Promise<Place | null>;
}

/** The filter widgets in the dealer's filter order (SearchPageView.order): value facets
 *  as checkboxes or tiles, the make refinement with its model list, the dealership
 *  picker, the distance picker and the range sliders. A facet the route fixes (the make
 *  of /search/toyota) is not offered again; its models are. */
export function FacetSidebar({
  page,
  answer,
  state,
  idPrefix,
  onChange,
  titled = true,
  lookUp,
}: Props) {
  const fixed = new Set(page.fixed_filters.map((f) => f.facet));
  const byName = new Map(page.facets.map((f) => [f.facet, f]));
  const live = (name: string): FacetView | null => {
    const rendered = byName.get(name);
    const items = withLogos(answer.facets[name], rendered?.items ?? []);
    if (!rendered && items.length === 0) return null;
    return {
      facet: name,
      label: rendered?.label ?? 'Model',
      widget: rendered?.widget ?? 'checkbox',
      items,
      dealerships: rendered?.dealerships ?? [],
    };
  };
  const selected = (name: string) => state.refinements[name] ?? [];
  const onToggle = (facet: string, value: string) =>
    onChange(toggleRefinement(state, facet, value));
  const makeListed = page.order.includes('make') && byName.has('make') && !fixed.has('make');
  const modelShown =
    page.model_filter &&
    (fixed.has('make') || !page.order.includes('make') || selected('make').length > 0);

  const widget = (name: string) => {
    const range = page.ranges.find((r) => r.facet === name);
    if (range) {
      if (!rangeOffered(name, answer.facets_stats, state.ranges)) return null;
      const stats = answer.facets_stats[name];
      return (
        <RangeSlider
          key={name}
          range={range}
          bounds={stats ? { min: stats.min, max: stats.max } : { min: range.min, max: range.max }}
          selected={state.ranges[name]}
          defaultMax={page.limits.default_slider_max}
          delayMs={page.limits.slider_debounce_ms}
          idPrefix={idPrefix}
          onRange={(field, min, max) => onChange(setRange(state, field, min, max))}
        />
      );
    }
    if (name === 'distance') {
      return page.distance ? (
        <DistancePicker
          key={name}
          view={page.distance}
          near={state.near}
          idPrefix={idPrefix}
          onNear={(near) => onChange(setNear(state, near))}
          lookUp={lookUp}
        />
      ) : null;
    }
    if (name === 'model' && makeListed) return null;
    if (name === 'model' && !modelShown) return null;
    if (fixed.has(name) && name !== 'model') return null;
    const facet = live(name);
    if (!facet || (facet.items.length === 0 && selected(name).length === 0)) return null;
    if (name === 'make') {
      const model = modelShown ? live('model') : null;
      return (
        <MakeFilter
          key={name}
          make={facet}
          model={model && model.items.length > 0 ? model : null}
          selectedMakes={selected('make')}
          selectedModels={selected('model')}
          limits={page.limits}
          idPrefix={idPrefix}
          onToggle={onToggle}
        />
      );
    }
    if (facet.widget === 'picker') {
      return (
        <DealershipPicker
          key={name}
          facet={facet}
          selected={selected(name)}
          locationId={state.locationId}
          idPrefix={idPrefix}
          onPick={(f, values) => onChange(setRefinement(state, f, values))}
          onPickLocation={(f, id) => onChange(setLocation(state, f, id))}
        />
      );
    }
    return (
      <fieldset key={name} className="facet">
        <legend className="facet__title">{facet.label}</legend>
        <FacetList
          facet={name}
          items={facet.items}
          selected={selected(name)}
          widget={facet.widget}
          idPrefix={idPrefix}
          onToggle={onToggle}
        />
      </fieldset>
    );
  };

  return (
    <div className="facet-sidebar">
      <div className="facet-sidebar__head">
        {titled ? <h2 className="facet-sidebar__title">Filters</h2> : null}
        {hasFilters(state) ? (
          <button
            type="button"
            className="link-button"
            onClick={() => onChange({ ...emptyState(), sortBy: state.sortBy })}
          >
            Clear all filters
          </button>
        ) : null}
      </div>
      {page.order.map(widget)}
    </div>
  );
}
