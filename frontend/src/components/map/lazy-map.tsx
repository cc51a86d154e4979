import { useEffect, useRef, useState } from 'react';
import type { LatLng, MapHandle, MapMarker } from '../../lib/map/leaflet-map';
import { loadMapModule, whenNearViewport } from '../../lib/map/map-loader';
import { basemapFromEnv, type Basemap } from '../../lib/map/map-config';
import './lazy-map.css';

type State = 'waiting' | 'loading' | 'ready' | 'failed';

/** The basemap this build draws on (the deployment's tiles, else the offline one). */
const DEFAULT_BASEMAP: Basemap = basemapFromEnv(import.meta.env);

/** An interactive map whose library loads only when the map nears the viewport or the
 *  shopper presses Show map. Its box has a fixed height from the first paint, so the page
 *  does not move when the map draws (CLS 0). */
export function LazyMap({
  markers,
  label,
  basemap = DEFAULT_BASEMAP,
  onPick,
  picked = null,
}: {
  markers: MapMarker[];
  /** The map's accessible name, e.g. "Map of Jacaranda Toyota Grafton". */
  label: string;
  basemap?: Basemap;
  /** Makes the map a place picker: a click, or Use the map centre, picks a point. */
  onPick?: (point: LatLng) => void;
  /** The picked point, marked on the map. */
  picked?: LatLng | null;
}) {
  const frame = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLDivElement>(null);
  const handle = useRef<MapHandle | null>(null);
  const [state, setState] = useState<State>('waiting');
  // The latest values, read by the map's callbacks and by the first draw.
  const latest = useRef({ markers, onPick, picked, basemap });
  latest.current = { markers, onPick, picked, basemap };
  const pickable = onPick !== undefined;

  const load = () => {
    if (handle.current || state === 'loading') return;
    setState('loading');
    loadMapModule()
      .then((mod) => {
        if (!canvas.current || handle.current) return;
        const now = latest.current;
        handle.current = mod.drawMap(canvas.current, {
          markers: now.markers,
          basemap: now.basemap,
          onPick: pickable ? (point) => latest.current.onPick?.(point) : undefined,
        });
        handle.current.setPicked(now.picked);
        setState('ready');
      })
      .catch((error: unknown) => {
        console.warn('The map did not load', error);
        setState('failed');
      });
  };
  const loadRef = useRef(load);
  loadRef.current = load;

  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    const stop = whenNearViewport(element, () => loadRef.current());
    return () => {
      stop();
      handle.current?.destroy();
      handle.current = null;
    };
  }, []);

  const markersKey = JSON.stringify(markers);
  useEffect(() => {
    handle.current?.setMarkers(latest.current.markers);
  }, [markersKey, state]);
  useEffect(() => {
    handle.current?.setPicked(picked);
  }, [picked, state]);

  return (
    <div className="lazy-map">
      <div
        ref={frame}
        className="lazy-map__frame"
        role="region"
        aria-label={label}
        data-map-state={state}
      >
        <div ref={canvas} className="lazy-map__canvas map-canvas" />
        {state === 'ready' ? null : (
          <div className="lazy-map__cover">
            {state === 'failed' ? <p>The map could not load.</p> : null}
            <button
              type="button"
              className="button button--secondary"
              onClick={load}
              disabled={state === 'loading'}
            >
              {state === 'loading' ? 'Loading map…' : 'Show map'}
            </button>
          </div>
        )}
      </div>
      {pickable ? (
        <p className="lazy-map__pick">
          <button
            type="button"
            className="button button--secondary"
            disabled={state !== 'ready'}
            onClick={() => {
              const centre = handle.current?.centre();
              if (centre) latest.current.onPick?.(centre);
            }}
          >
            Use the map centre
          </button>
          <span className="lazy-map__hint">
            Click the map, or move it with the arrow keys and use its centre, to list the nearest
            dealers.
          </span>
        </p>
      ) : null}
    </div>
  );
}
