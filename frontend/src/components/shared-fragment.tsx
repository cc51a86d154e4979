// Fragments pages share (a site's header and footer, a car's card), rendered once per
// worker instead of once per page. In the browser, and in any render without a
// FragmentStore, <Shared> is its children and nothing else. The SSR worker's render
// (src/server/render.tsx) provides a store: there <Shared> leaves a placeholder element
// that the store replaces with the fragment's markup, rendered on its own the first time
// that `id` is seen with that `data`.
//
// The rule for what goes inside <Shared>: its markup depends on `id` and `data` alone
// (no useId, no context from outside it, no state read from elsewhere), so the markup
// rendered on its own is the markup it has in the page, byte for byte. The SSR tests render every
// page kind with and without the store and compare.
import { createContext, type ReactElement, useContext } from 'react';

/** What the server render gives <Shared>: the element to put in the page for a fragment. */
export interface FragmentStore {
  slot(id: string, data: object, element: ReactElement): ReactElement;
}

export const FragmentStoreContext = createContext<FragmentStore | null>(null);

/** `children`, whose markup depends only on `id` and `data`, shared between the pages
 *  that have them. */
export function Shared({
  id,
  data,
  children,
}: {
  id: string;
  data: object;
  children: ReactElement;
}) {
  const store = useContext(FragmentStoreContext);
  return store ? store.slot(id, data, children) : children;
}
