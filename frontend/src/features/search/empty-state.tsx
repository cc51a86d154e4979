import { MESSAGES } from '../../types/generated/messages';

/** The empty result panel: 'No Results Available' with a Clear Filters button. */
export function EmptyState({ onClear }: { onClear: () => void }) {
  return (
    <section className="empty-state" aria-labelledby="empty-state-title">
      <h2 id="empty-state-title">{MESSAGES.NO_RESULTS_TITLE}</h2>
      <p>{MESSAGES.NO_RESULTS_TEXT}</p>
      <button type="button" className="button" onClick={onClear}>
        {MESSAGES.CLEAR_FILTERS}
      </button>
    </section>
  );
}
