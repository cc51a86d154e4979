import { useState, type FormEvent } from 'react';
import { postcodePlace } from '../../api/client';
import type { DistanceView } from '../../types/generated/DistanceView';
import { MESSAGES } from '../../types/generated/messages';
import type { Near } from '../../components/search-state';

/** Where a postcode is (GET /api/postcodes/{postcode}). */
export interface Place {
  lat: number;
  lng: number;
}

/** Seed 001 s5: a postcode is exactly 4 digits. */
const POSTCODE = /^\d{4}$/;

/** Looks a postcode up; null when the dataset does not know it or the lookup fails
 *  (seed 001 s8: a failed lookup reads 'Invalid postcode.'). */
export async function lookUpPostcode(
  postcode: string,
  signal?: AbortSignal,
): Promise<Place | null> {
  try {
    const response = await postcodePlace(postcode, { signal });
    if (!response.ok) return null;
    const place: Partial<Place> = response.body ?? {};
    return typeof place.lat === 'number' && typeof place.lng === 'number'
      ? { lat: place.lat, lng: place.lng }
      : null;
  } catch (error) {
    if (!signal?.aborted) console.warn('Postcode lookup failed', error);
    return null;
  }
}

interface Props {
  view: DistanceView;
  near: Near | null;
  idPrefix: string;
  onNear: (near: Near | null) => void;
  /** The postcode lookup (tests). */
  lookUp?: (postcode: string) => Promise<Place | null>;
}

/** The distance picker (seed 000 s2/s9): the shopper's postcode, placed by the postcode
 *  dataset (no browser location needed), and a radius from the seed's choices. Changing
 *  the radius of a distance search applies at once. */
export function DistancePicker({ view, near, idPrefix, onNear, lookUp = lookUpPostcode }: Props) {
  const [postcode, setPostcode] = useState(near?.postcode ?? '');
  const [radius, setRadius] = useState(near?.radius ?? view.default_km);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState(near);
  // The URL's distance search changed (back and forward, Clear Filters): show it.
  if (near?.postcode !== shown?.postcode || near?.radius !== shown?.radius) {
    setShown(near);
    setPostcode(near?.postcode ?? '');
    setRadius(near?.radius ?? view.default_km);
    setError(null);
  }
  const id = `${idPrefix}-distance`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const code = postcode.trim();
    if (!POSTCODE.test(code)) {
      setError(MESSAGES.INVALID_POSTCODE_FORMAT);
      return;
    }
    setBusy(true);
    const place = await lookUp(code);
    setBusy(false);
    if (!place) {
      setError(MESSAGES.INVALID_POSTCODE);
      return;
    }
    setError(null);
    onNear({ lat: place.lat, lng: place.lng, radius, postcode: code });
  };

  return (
    <form
      className="facet facet--distance"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-labelledby={`${id}-title`}
    >
      <h3 className="facet__title" id={`${id}-title`}>
        Distance
      </h3>
      <label htmlFor={`${id}-postcode`}>Your postcode</label>
      <input
        id={`${id}-postcode`}
        type="text"
        inputMode="numeric"
        autoComplete="postal-code"
        maxLength={4}
        value={postcode}
        aria-invalid={error !== null}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => setPostcode(event.target.value)}
      />
      <label htmlFor={`${id}-radius`}>Within</label>
      <select
        id={`${id}-radius`}
        value={radius}
        onChange={(event) => {
          const km = Number(event.target.value);
          setRadius(km);
          if (near) onNear({ ...near, radius: km });
        }}
      >
        {view.choices_km.map((km) => (
          <option key={km} value={km}>
            {km} km
          </option>
        ))}
      </select>
      {error ? (
        <p id={`${id}-error`} className="facet__error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="facet__actions">
        <button type="submit" className="button button--small" disabled={busy}>
          Search nearby
        </button>
        {near ? (
          <button type="button" className="link-button" onClick={() => onNear(null)}>
            Any distance
          </button>
        ) : null}
      </div>
    </form>
  );
}
