// The site part of the page props, for components deep in a page (the save toggle asks
// whether the site offers favourites). Layout provides it.
import { createContext, useContext } from 'react';
import type { SiteView } from '../types/generated/SiteView';

export const SiteContext = createContext<SiteView | null>(null);

/** The site of the page, or null outside a Layout (component tests). */
export function useSite(): SiteView | null {
  return useContext(SiteContext);
}
