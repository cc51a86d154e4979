import { useState, type FormEvent } from 'react';
import type { FacetView } from '../../types/generated/FacetView';
import { MESSAGES } from '../../types/generated/messages';

interface Props {
  facet: FacetView;
  selected: string[];
  idPrefix: string;
  onPick: (facet: string, values: string[]) => void;
}

/** The dealership picker (seed 000 s2/s5): one location from a list with its car counts.
 *  Showing its stock needs a pick: without one the picker says
 *  '*Please select a dealership location.'; All dealerships clears the pick. */
export function DealershipPicker({ facet, selected, idPrefix, onPick }: Props) {
  const [value, setValue] = useState(selected[0] ?? '');
  const [error, setError] = useState(false);
  const [shown, setShown] = useState(selected[0] ?? '');
  // The URL's pick changed (back and forward, Clear Filters): show it.
  const current = selected[0] ?? '';
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
    onPick(facet.facet, [value]);
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
        {facet.items.map((item) => (
          <option key={item.value} value={item.value}>
            {item.label} ({item.count})
          </option>
        ))}
        {current !== '' && !facet.items.some((item) => item.value === current) ? (
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
          <button type="button" className="link-button" onClick={() => onPick(facet.facet, [])}>
            All dealerships
          </button>
        ) : null}
      </div>
    </form>
  );
}
