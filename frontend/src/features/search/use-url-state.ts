import { useEffect, useState } from 'react';

/** A page's state kept in its URL query, so a shared link or a reload shows the same
 *  thing: the server renders `initial`; after hydration the state is read from the URL,
 *  and again on back and forward; `update` writes each change as a new history entry.
 *  `onRead` sees every state read from the URL (inputs that keep their own text, such as
 *  a debounced search box, follow it there). */
export function useUrlState<S>(
  initial: () => S,
  parse: (search: string) => S,
  serialize: (state: S) => string,
  onRead?: (state: S) => void,
) {
  const [state, setState] = useState<S>(initial);

  useEffect(() => {
    const fromUrl = () => {
      const next = parse(window.location.search);
      setState(next);
      onRead?.(next);
    };
    fromUrl();
    window.addEventListener('popstate', fromUrl);
    return () => window.removeEventListener('popstate', fromUrl);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on mount: parse, serialize and onRead are fixed for a page
  }, []);

  const update = (next: S) => {
    setState(next);
    const query = serialize(next);
    window.history.pushState(null, '', `${window.location.pathname}${query ? `?${query}` : ''}`);
  };

  return [state, update] as const;
}
