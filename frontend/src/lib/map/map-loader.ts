// The map library comes only when a map is about to be seen or is asked for:
// no page's first load carries Leaflet. The module below is a separate chunk that one
// dynamic import fetches, once per page however many maps the page has.

/** Starts loading `importer`'s module on the first call; every call shares that load. A
 *  failed load is forgotten, so asking again (the Show map button) tries again. */
export function createLoader<T>(importer: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => {
    if (!pending) {
      pending = importer().catch((error: unknown) => {
        pending = null;
        throw error;
      });
    }
    return pending;
  };
}

/** Leaflet and the drawing code, as one lazily fetched chunk. */
export const loadMapModule = createLoader(() => import('./leaflet-map'));

/** How far below the viewport a map starts loading: about a screen, so it is drawn by
 *  the time it scrolls in. */
export const MAP_LOAD_MARGIN = '400px 0px';

/** Calls `onNear` once, when `element` comes within the margin of the viewport; returns
 *  the cleanup. Without IntersectionObserver nothing happens: the Show map button stays. */
export function whenNearViewport(element: Element, onNear: () => void): () => void {
  if (typeof IntersectionObserver === 'undefined') return () => {};
  const observer = new IntersectionObserver(
    (entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        observer.disconnect();
        onNear();
      }
    },
    { rootMargin: MAP_LOAD_MARGIN },
  );
  observer.observe(element);
  return () => observer.disconnect();
}
