import { MESSAGES } from '../../types/generated/messages';

/** The special offers list: every site builds it here (or a dealer's own offers page
 *  takes the path), as the Rust `OFFERS_PATH`. */
const OFFERS_PATH = '/special-offers';

/** The empty result panel: 'No Results Available' with Clear Filters and, where the page
 *  is not the offers list itself, a link to the special offers. The seed sends Clear
 *  Filters to the offers page; clearing in place is kept instead, because a shopper who
 *  narrowed a search too far usually wants the same kind of car with fewer filters, and
 *  the offers link beside it still gives the seed's way out. */
export function EmptyState({
  onClear,
  offersUrl = OFFERS_PATH,
}: {
  onClear: () => void;
  /** Where "See Special Offers" goes; null leaves it out (on the offers list). */
  offersUrl?: string | null;
}) {
  return (
    <section className="empty-state" aria-labelledby="empty-state-title">
      <h2 id="empty-state-title">{MESSAGES.NO_RESULTS_TITLE}</h2>
      <p>{MESSAGES.NO_RESULTS_TEXT}</p>
      <p className="empty-state__actions">
        <button type="button" className="button" onClick={onClear}>
          {MESSAGES.CLEAR_FILTERS}
        </button>
        {offersUrl ? (
          <a className="button button--secondary" href={offersUrl}>
            See Special Offers
          </a>
        ) : null}
      </p>
    </section>
  );
}
