// The two sample dealers the journeys kept off the full six-dealer matrix run on: a group
// with several dealerships and a single dealership. Journeys tagged `@two-dealers` (the
// code a dealer's config only feeds data to: maps, forms, search, the account) run only on
// these, and looks.test.mjs checks the tablet and desktop widths only on these; the phone
// width, axe and every journey a dealer's theme, finance or pages decide run on all six.
// That keeps the browser journeys within CI's time. E2E_ALL_DEALERS=1 runs everything
// everywhere; a run narrowed to named dealers (E2E_DEALERS) or one site (BASE_URL) runs
// everything on those.
export const REFERENCE_DEALERS = ['moreton-motor-group', 'kingfisher-chery'];

/** Whether `dealer` runs the journeys and widths kept to the reference dealers. */
export function runsEverything(dealer) {
  if (process.env.E2E_ALL_DEALERS || process.env.E2E_DEALERS || process.env.BASE_URL) return true;
  return REFERENCE_DEALERS.includes(dealer);
}
