// Draws one interactive map with Leaflet: the dealer's locations as markers, on the
// offline basemap the build makes (Australia's outline and the postcode dataset's
// localities, served from the site itself) or on a deployment's raster tiles. Only
// map-loader.ts imports this module, dynamically, so Leaflet is its own chunk.
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { MAP_DEFAULT_ZOOM, MAP_MAX_ZOOM } from '../../types/generated/constants';
import {
  cellsInView,
  labelled,
  OFFLINE_ATTRIBUTION,
  PLACES_MIN_ZOOM,
  type Basemap,
} from './map-config';
import './map.css';

/** A point in degrees. */
export interface LatLng {
  lat: number;
  lng: number;
}

/** One marker: a dealer location. */
export interface MapMarker extends LatLng {
  /** Its name, read by screen readers and shown in its popup. */
  label: string;
  /** Its page, linked from the popup. */
  url?: string | null;
  /** Seed 001 s3 `address.map_key`: a short mark printed on the pin. */
  mapKey?: string | null;
}

/** What a map shows. */
export interface MapOptions {
  markers: MapMarker[];
  basemap: Basemap;
  /** Called with the point a click (or the keyboard path) picks; no picking without it. */
  onPick?: ((point: LatLng) => void) | undefined;
}

/** What the page can do with a drawn map. */
export interface MapHandle {
  setMarkers(markers: MapMarker[]): void;
  setPicked(point: LatLng | null): void;
  centre(): LatLng;
  destroy(): void;
}

function pinIcon(className: string, mapKey?: string | null): L.DivIcon {
  // Built as nodes, not HTML text: the key comes from a dealer's config.
  const pin = document.createElement('span');
  pin.className = 'map-marker__pin';
  pin.setAttribute('aria-hidden', 'true');
  if (mapKey) {
    const key = document.createElement('span');
    key.className = 'map-marker__key';
    key.textContent = mapKey;
    pin.append(key);
  }
  return L.divIcon({
    className: `map-marker ${className}`,
    html: pin,
    iconSize: [24, 32],
    iconAnchor: [12, 32],
    popupAnchor: [0, -28],
  });
}

function popupContent(marker: MapMarker): HTMLElement {
  const box = document.createElement('div');
  if (marker.url) {
    const link = document.createElement('a');
    link.href = marker.url;
    link.textContent = marker.label;
    box.append(link);
  } else {
    box.textContent = marker.label;
  }
  return box;
}

/** The offline basemap: the outline once, then from PLACES_MIN_ZOOM in the names of the
 *  places in view (each cell's places fetched once), one per label box (`labelled`). */
function offlineBasemap(map: L.Map, base: string): void {
  const land = L.geoJSON(undefined, {
    interactive: false,
    style: { color: '#8a9a8c', weight: 1, fillColor: '#eef1e6', fillOpacity: 1 },
  }).addTo(map);
  land.bringToBack();
  void fetch(`${base}/au.json`)
    .then((r) => (r.ok ? r.json() : Promise.reject(new Error(`HTTP ${r.status}`))))
    .then((outline: GeoJSON.FeatureCollection) => land.addData(outline))
    .catch((error: unknown) => console.warn('The basemap outline did not load', error));

  map.createPane('places').style.zIndex = '350';
  const labels = L.layerGroup().addTo(map);
  const places: [number, number, string][] = [];
  const loaded = new Set<string>();
  let known: Promise<Set<string>> | null = null;
  const cells = () =>
    (known ??= fetch(`${base}/cells.json`)
      .then((r) => (r.ok ? r.json() : []))
      .then((keys: string[]) => new Set(keys))
      .catch(() => new Set<string>()));
  // The labels are redrawn for each view: which names fit depends on the zoom.
  const drawLabels = () => {
    labels.clearLayers();
    if (map.getZoom() < PLACES_MIN_ZOOM) return;
    const size = map.getSize();
    const points = places.map(([lat, lng]) => map.latLngToContainerPoint([lat, lng]));
    for (const i of labelled(points, size.x, size.y)) {
      const [lat, lng, name] = places[i]!;
      L.marker([lat, lng], {
        pane: 'places',
        interactive: false,
        keyboard: false,
        icon: L.divIcon({ className: 'map-place', html: '', iconSize: [0, 0] }),
      })
        .bindTooltip(name, {
          permanent: true,
          direction: 'right',
          className: 'map-place__label',
          pane: 'places',
        })
        .addTo(labels);
    }
  };
  const showPlaces = async () => {
    drawLabels();
    if (map.getZoom() < PLACES_MIN_ZOOM) return;
    const have = await cells();
    const b = map.getBounds();
    for (const key of cellsInView(b.getSouth(), b.getWest(), b.getNorth(), b.getEast())) {
      if (!have.has(key) || loaded.has(key)) continue;
      loaded.add(key);
      void fetch(`${base}/places/${key}.json`)
        .then((r) => (r.ok ? r.json() : []))
        .then((rows: [number, number, string][]) => {
          places.push(...rows);
          drawLabels();
        })
        .catch(() => loaded.delete(key));
    }
  };
  // A zoom ends with a moveend too.
  map.on('moveend', () => void showPlaces());
  void showPlaces();
}

/** Draws the map into `element` and returns its handle. */
export function drawMap(element: HTMLElement, options: MapOptions): MapHandle {
  const first = options.markers[0];
  const map = L.map(element, {
    center: first ? [first.lat, first.lng] : [-25.5, 134.5],
    zoom: first ? MAP_DEFAULT_ZOOM : 4,
    maxZoom: MAP_MAX_ZOOM,
    attributionControl: true,
  });
  if (options.basemap.kind === 'tiles') {
    L.tileLayer(options.basemap.template, {
      maxZoom: MAP_MAX_ZOOM,
      attribution: options.basemap.attribution,
    }).addTo(map);
  } else {
    map.attributionControl.addAttribution(OFFLINE_ATTRIBUTION);
    offlineBasemap(map, options.basemap.base);
  }

  const markers = L.layerGroup().addTo(map);
  let picked: L.Marker | null = null;

  const setMarkers = (list: MapMarker[]) => {
    markers.clearLayers();
    for (const m of list) {
      const marker = L.marker([m.lat, m.lng], {
        icon: pinIcon('map-marker--location', m.mapKey),
        title: m.label,
        keyboard: true,
      })
        .bindPopup(popupContent(m))
        .addTo(markers);
      marker.getElement()?.setAttribute('aria-label', m.label);
    }
    if (list.length > 1 && !picked) {
      map.fitBounds(L.latLngBounds(list.map((m) => [m.lat, m.lng])), {
        padding: [32, 32],
        maxZoom: MAP_DEFAULT_ZOOM,
      });
    }
  };

  const setPicked = (point: LatLng | null) => {
    picked?.remove();
    picked = null;
    if (!point) return;
    picked = L.marker([point.lat, point.lng], {
      icon: pinIcon('map-marker--picked'),
      title: 'The point you picked',
      keyboard: false,
      interactive: false,
    }).addTo(map);
  };

  if (options.onPick) {
    const onPick = options.onPick;
    element.classList.add('map--pickable');
    map.on('click', (e: L.LeafletMouseEvent) => onPick({ lat: e.latlng.lat, lng: e.latlng.lng }));
  }
  setMarkers(options.markers);

  return {
    setMarkers,
    setPicked,
    centre: () => {
      const c = map.getCenter();
      return { lat: c.lat, lng: c.lng };
    },
    destroy: () => map.remove(),
  };
}
