import { useState, type FormEvent } from 'react';
import { postcodePlace } from '../../api/client';
import {
  CHOOSE_A_PLACE,
  PlaceCombobox,
  postcodeOf,
  type PlaceSuggestion,
} from '../../components/place-combobox';
import type { DistanceView } from '../../types/generated/DistanceView';
import { MESSAGES } from '../../types/generated/messages';
import type { Near } from './search-state';

/** Where a postcode is (GET /api/postcodes/{postcode}). */
export interface Place {
  lat: number;
  lng: number;
}

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
  /** The place suggestions (tests). */
  suggest?: (query: string, signal: AbortSignal) => Promise<PlaceSuggestion[]>;
}

/** The distance picker (seed 000 s2/s9): the shopper's suburb (picked from suggestions,
 *  applied at once) or postcode (placed by the postcode dataset; no browser location
 *  needed), and a radius from the seed's choices. Changing the radius of a distance search
 *  applies at once. */
export function DistancePicker({
  view,
  near,
  idPrefix,
  onNear,
  lookUp = lookUpPostcode,
  suggest,
}: Props) {
  const [postcode, setPostcode] = useState(near?.postcode ?? '');
  const [radius, setRadius] = useState(near?.radius ?? view.default_km);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState(near);
  // The suburb picked last, so the field keeps reading its name once it applies.
  const [picked, setPicked] = useState<PlaceSuggestion | null>(null);
  // The URL's distance search changed (back and forward, Clear Filters): show it.
  if (near?.postcode !== shown?.postcode || near?.radius !== shown?.radius) {
    setShown(near);
    setPostcode(near && picked?.postcode === near.postcode ? picked.label : (near?.postcode ?? ''));
    setRadius(near?.radius ?? view.default_km);
    setError(null);
  }
  const id = `${idPrefix}-distance`;

  const pickPlace = (place: PlaceSuggestion) => {
    setError(null);
    setPicked(place);
    onNear({ lat: place.lat, lng: place.lng, radius, postcode: place.postcode });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const code = postcodeOf(postcode);
    if (code === null) {
      // Digits are a postcode being typed (the seed's message); words are a suburb that
      // was not picked from the suggestions.
      setError(/^\d*$/.test(postcode.trim()) ? MESSAGES.INVALID_POSTCODE_FORMAT : CHOOSE_A_PLACE);
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
      <PlaceCombobox
        id={`${id}-postcode`}
        label="Your suburb or postcode"
        className="facet__place"
        value={postcode}
        invalid={error !== null}
        describedBy={error ? `${id}-error` : undefined}
        onChange={setPostcode}
        onPick={pickPlace}
        lookUp={suggest}
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
