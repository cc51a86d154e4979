import { useEffect, useMemo, useRef, useState } from 'react';
import { manufacturerLocations, postcodePlace, type Website } from '../api/client';
import { PlaceCombobox, type PlaceSuggestion } from '../components/place-combobox';
import type { LocatorProps } from '../app/props';
import { Layout } from '../components/layout';
import { LazyMap } from '../components/map/lazy-map';
import { MapKey } from '../components/map/map-key';
import {
  mapPickOrigin,
  matchText,
  nearby,
  postcodeOrigin,
  rows,
  type Origin,
} from '../features/locator/locator-state';
import { SEARCH_BOX_DEBOUNCE_MS } from '../types/generated/constants';
import { MESSAGES } from '../types/generated/messages';
import '../features/catalogue/catalogue.css';
import '../features/locator/locator.css';

type Status = 'loading' | 'ready' | 'failed';

/** The dealer locator (/dealer-locator): the dealer's own dealerships (then its
 *  manufacturer network where it has one), nearest first once the shopper gives a place:
 *  a suburb or postcode, their location, or a point on the map. A place lists every
 *  dealership within the chosen distance; a map pick the 5 nearest (seed 000 s9). */
export function LocatorPage({ site, page }: LocatorProps) {
  const [websites, setWebsites] = useState<Website[]>([]);
  const [status, setStatus] = useState<Status>('loading');
  const [text, setText] = useState('');
  const [filter, setFilter] = useState('');
  const [origin, setOrigin] = useState<Origin | null>(null);
  const [radius, setRadius] = useState(page.default_radius_km);
  const [picked, setPicked] = useState(false);
  // The point picked on the map, marked there until another search replaces it.
  const [mapPoint, setMapPoint] = useState<{ lat: number; lng: number } | null>(null);
  const [notice, setNotice] = useState('');
  // A place the postcode dataset does not know: nothing is listed (never the result of
  // an earlier search) and the status says so.
  const [unknown, setUnknown] = useState(false);
  // The last text whose place suggestions came back empty.
  const [placeless, setPlaceless] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // Each search gets a number; an answer for an older one (a slow postcode lookup) is
  // dropped, so the list and the status follow the last search.
  const searchSeq = useRef(0);

  useEffect(() => {
    const controller = new AbortController();
    manufacturerLocations(page.api_path, { signal: controller.signal })
      .then((response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        if (!Array.isArray(response.body)) throw new Error('the answer is not a list');
        return response.body;
      })
      .then((list) => {
        setWebsites(list);
        setStatus('ready');
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        // Seed 000 s8: the failure is logged and the list stays empty.
        console.error(page.failure_log, error);
        setStatus('failed');
      });
    return () => {
      controller.abort();
      if (timer.current) clearTimeout(timer.current);
    };
  }, [page.api_path, page.failure_log]);

  const all = useMemo(() => rows(websites), [websites]);

  /** A place the shopper gave: every dealership within the chosen distance. */
  const placeAt = (place: Origin) => {
    setMapPoint(null);
    setUnknown(false);
    setFilter('');
    setOrigin(place);
    setPicked(false);
    setNotice('');
  };

  /** A map pick (seed 000 s9): the radius widens and the nearest few are listed. */
  const pick = (place: Origin, onMap = false) => {
    setMapPoint(onMap ? { lat: place.lat, lng: place.lng } : null);
    setUnknown(false);
    setOrigin(place);
    setRadius(page.pick_radius_km);
    setPicked(true);
    setNotice(
      `Showing the ${page.pick_nearest} nearest to ${place.label} within ${page.pick_radius_km} km.`,
    );
  };

  /** A suggested suburb was picked: it is the place, at once. */
  const pickPlace = (place: PlaceSuggestion) => {
    if (timer.current) clearTimeout(timer.current);
    searchSeq.current += 1;
    placeAt({ lat: place.lat, lng: place.lng, label: place.label });
  };

  /** A 4-digit entry is a place: the postcode dataset says where (a postcode of a listed
   *  location stands in when the lookup is unavailable); other text filters the list. */
  const lookUp = async (postcode: string, seq: number) => {
    try {
      const response = await postcodePlace(postcode);
      if (seq !== searchSeq.current) return;
      if (response.ok) {
        const place = response.body;
        if (!place) throw new Error('the answer is not JSON');
        placeAt({
          lat: place.lat,
          lng: place.lng,
          label: `${place.locality} ${place.state} ${postcode}`,
        });
        return;
      }
      if (response.status === 404) {
        setFilter('');
        setOrigin(null);
        setPicked(false);
        setUnknown(true);
        setNotice(MESSAGES.INVALID_POSTCODE);
        return;
      }
      throw new Error(`HTTP ${response.status}`);
    } catch (error) {
      if (seq !== searchSeq.current) return;
      console.warn('Postcode lookup failed', error);
      const known = postcodeOrigin(all, postcode);
      if (known) {
        placeAt(known);
      } else {
        setOrigin(null);
        setNotice('');
        setFilter(postcode);
      }
    }
  };

  const onText = (value: string) => {
    setText(value);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const trimmed = value.trim();
      searchSeq.current += 1;
      if (/^\d{4}$/.test(trimmed)) {
        void lookUp(trimmed, searchSeq.current);
        return;
      }
      // Words filter the whole list: the place and its notice belong to an earlier search.
      setUnknown(false);
      setOrigin(null);
      setPicked(false);
      setMapPoint(null);
      setNotice('');
      setFilter(trimmed);
    }, SEARCH_BOX_DEBOUNCE_MS);
  };

  const useMyLocation = () => {
    if (!('geolocation' in navigator)) {
      setNotice('Your browser cannot share your location. Search by suburb or postcode instead.');
      return;
    }
    searchSeq.current += 1;
    const seq = searchSeq.current;
    setNotice('Finding your location…');
    navigator.geolocation.getCurrentPosition(
      (position) => {
        if (seq !== searchSeq.current) return;
        placeAt({
          lat: position.coords.latitude,
          lng: position.coords.longitude,
          label: 'your location',
        });
      },
      () => {
        if (seq === searchSeq.current)
          setNotice('Your location is not available. Search by suburb or postcode instead.');
      },
      { timeout: 10_000, maximumAge: 300_000 },
    );
  };

  /** A map pick (seed 000 s9): the point becomes the place, the radius widens to 250 km
   *  and the 5 nearest are listed. A pending postcode lookup no longer applies. */
  const pickOnMap = (point: { lat: number; lng: number }) => {
    if (timer.current) clearTimeout(timer.current);
    searchSeq.current += 1;
    setText('');
    setFilter('');
    pick(mapPickOrigin(point), true);
  };

  // Words that match no location are most likely a place being typed: its suggestions
  // offer it and picking one sorts by distance, so meanwhile the list stays whole. Only
  // words that match neither a location nor a place list nothing.
  const matched = matchText(all, filter);
  const listed = matched.length > 0 || filter === '' ? matched : placeless === filter ? [] : all;
  const shown = unknown
    ? []
    : origin
      ? nearby(listed, origin, radius, picked ? page.pick_nearest : null)
      : listed;
  const count = shown.length;
  // A place with nothing near it says so: "Showing the 5 nearest…" above an
  // empty list read as a contradiction.
  const noneNear = origin !== null && count === 0;
  const counted = `${count} ${count === 1 ? 'location' : 'locations'}`;
  const statusLine = unknown
    ? notice
    : noneNear
      ? `No dealers within ${radius} km of ${origin.label}.`
      : origin && !picked
        ? `${counted} within ${radius} km of ${origin.label}`
        : `${notice} ${counted}`.trim();

  return (
    <Layout site={site}>
      <h1>{page.title}</h1>
      {page.network ? (
        <p>
          Our dealerships first, then other {page.network} dealers, marked {page.network} network.
        </p>
      ) : null}
      <form
        className="locator-search"
        role="search"
        aria-label="Find a dealer"
        onSubmit={(e) => e.preventDefault()}
      >
        <PlaceCombobox
          label="Suburb or postcode"
          name="place"
          value={text}
          onChange={onText}
          onPick={pickPlace}
          onSuggestions={(query, places) => setPlaceless(places.length === 0 ? query : null)}
        />
        <label className="field">
          <span>Distance</span>
          {/* Always usable: a distance chosen before the place applies once it is given. */}
          <select
            name="radius"
            value={radius}
            onChange={(e) => {
              setRadius(Number(e.target.value));
              setPicked(false);
              setNotice('');
            }}
          >
            {page.distance_choices.map((km) => (
              <option key={km} value={km}>
                {km} km
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="button button--secondary" onClick={useMyLocation}>
          Use my location
        </button>
      </form>
      <div className="locator-map">
        <LazyMap
          label="Map of dealers"
          markers={(shown.length > 0 ? shown : all)
            .filter((row) => row.lat !== 0 || row.lng !== 0)
            .map((row) => ({
              lat: row.lat,
              lng: row.lng,
              label: row.name,
              url: row.url,
              mapKey: row.mapKey,
            }))}
          onPick={pickOnMap}
          picked={mapPoint}
        />
      </div>
      <p className="locator-status" role="status" aria-live="polite">
        {status === 'loading' ? 'Loading locations…' : status === 'ready' ? statusLine : ''}
      </p>
      {status === 'ready' && count === 0 ? (
        <p className="locator-empty">
          {unknown
            ? 'We could not find that postcode. Check it, or search by suburb instead.'
            : noneNear
              ? 'Choose a wider distance, pick another point on the map, or search by suburb or postcode.'
              : 'No dealers match your search. Try another suburb or postcode, or a wider distance.'}
        </p>
      ) : null}
      <ul className="locator-list">
        {shown.map((row) => (
          <li key={`${row.websiteUrl}-${row.id}`} className="locator-item">
            <h2 className="locator-item__name">
              {row.mapKey ? <MapKey value={row.mapKey} /> : null}
              <a href={row.url}>{row.name}</a>
            </h2>
            {row.website !== row.name ? <p className="locator-item__site">{row.website}</p> : null}
            {row.network ? <p className="locator-item__network">{row.network} network</p> : null}
            <p className="locator-item__address">
              {row.street}
              <br />
              {row.locality}
            </p>
            {row.distanceKm !== null ? (
              <p className="locator-item__distance">{row.distanceKm.toFixed(1)} km away</p>
            ) : null}
            <p className="locator-item__links">
              {row.phone ? (
                <a href={`tel:${row.phone.replace(/[^\d+]/g, '')}`}>{row.phone}</a>
              ) : null}
              <a
                href={`https://www.google.com/maps/search/?api=1&query=${row.lat},${row.lng}`}
                rel="noopener"
              >
                Directions<span className="visually-hidden"> to {row.name}</span>
              </a>
            </p>
          </li>
        ))}
      </ul>
    </Layout>
  );
}
