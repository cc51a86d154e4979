import { useState, type FormEvent } from 'react';
import type { DealershipPick } from '../../types/generated/DealershipPick';
import type { FacetView } from '../../types/generated/FacetView';
import { MESSAGES } from '../../types/generated/messages';

interface Props {
  facet: FacetView;
  /** The facet's selected names (a location name refinement). */
  selected: string[];
  /** The URL's `locationId` (empty: none). */
  locationId?: string;
  idPrefix: string;
  /** Picks location names (a location the dealer does not list), or clears the pick. */
  onPick: (facet: string, values: string[]) => void;
  /** Picks a dealership by its location id (seed 000 s2 dealer search parameter
   *  `locationId`). */
  onPickLocation?: (facet: string, locationId: string) => void;
}

/** One option of the picker: a dealership (value: its location id) or, for cars at a
 *  location the dealer does not list, the location name. */
interface Choice {
  value: string;
  label: string;
  count: number;
  pick: DealershipPick | null;
}

function choices(facet: FacetView): Choice[] {
  return facet.items.map((item) => {
    const pick = facet.dealerships.find((d) => d.value === item.value) ?? null;
    return pick
      ? { value: String(pick.location_id), label: pick.dealership_name, count: item.count, pick }
      : { value: item.value, label: item.label, count: item.count, pick: null };
  });
}

/** The dealership picker (seed 000 s2/s5): one dealership from a list with its car
 *  counts, carrying the seed 000 s3 fields dealership_name, location_id, dealership_id and
 *  dealership_slug; picking one searches its location (`locationId`). Showing its stock
 *  needs a pick: without one the picker says '*Please select a dealership location.';
 *  All dealerships clears the pick. */
export function DealershipPicker({
  facet,
  selected,
  locationId = '',
  idPrefix,
  onPick,
  onPickLocation,
}: Props) {
  const list = choices(facet);
  // The URL's pick: a location id, else a location name.
  const current = locationId || (selected[0] ?? '');
  const [value, setValue] = useState(current);
  const [error, setError] = useState(false);
  const [shown, setShown] = useState(current);
  // The URL's pick changed (back and forward, Clear Filters): show it.
  if (current !== shown) {
    setShown(current);
    setValue(current);
    setError(false);
  }
  const id = `${idPrefix}-dealership`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (value === '') {
      setError(true);
      return;
    }
    setError(false);
    const choice = list.find((c) => c.value === value);
    if (choice?.pick && onPickLocation) onPickLocation(facet.facet, value);
    else onPick(facet.facet, [value]);
  };
  const clear = () => {
    if (locationId && onPickLocation) onPickLocation(facet.facet, '');
    else onPick(facet.facet, []);
  };
  return (
    <form className="facet facet--picker" onSubmit={submit} noValidate>
      <label className="facet__title" htmlFor={id}>
        {facet.label}
      </label>
      <select
        id={id}
        value={value}
        required
        aria-invalid={error}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => {
          setValue(event.target.value);
          if (event.target.value !== '') setError(false);
        }}
      >
        <option value="">Select a dealership</option>
        {list.map((choice) => (
          <option
            key={choice.value}
            value={choice.value}
            data-dealership-id={choice.pick?.dealership_id ?? undefined}
            data-dealership-slug={choice.pick?.dealership_slug ?? undefined}
          >
            {choice.label} ({choice.count})
          </option>
        ))}
        {current !== '' && !list.some((choice) => choice.value === current) ? (
          <option value={current}>{current} (0)</option>
        ) : null}
      </select>
      {error ? (
        <p id={`${id}-error`} className="facet__error" role="alert">
          {MESSAGES.SELECT_DEALERSHIP_LOCATION}
        </p>
      ) : null}
      <div className="facet__actions">
        <button type="submit" className="button button--small">
          Show stock
        </button>
        {current !== '' ? (
          <button type="button" className="link-button" onClick={clear}>
            All dealerships
          </button>
        ) : null}
      </div>
    </form>
  );
}
