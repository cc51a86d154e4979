import { useId, useState } from 'react';
import type { Truncated } from '../../types/generated/Truncated';
import { MESSAGES } from '../../types/generated/messages';

/** A lender disclaimer cut at 197 characters (the cut comes from the Rust rule) with
 *  Show More / Show Less (seed 001 s4/s9). */
export function Disclaimer({
  full,
  short,
  anchorId,
}: {
  full: string;
  short: Truncated;
  /** The anchor links use (seed 001 s2: #financeDisclaimer), on the page's one calculator. */
  anchorId?: string;
}) {
  const [expanded, setExpanded] = useState(false);
  const id = useId();
  return (
    <div className="finance-disclaimer" id={anchorId}>
      <p id={id} className="finance-disclaimer__text">
        {short.truncated && !expanded ? short.text : full}
      </p>
      {short.truncated ? (
        <button
          type="button"
          className="link-button"
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded((e) => !e)}
        >
          {expanded ? MESSAGES.SHOW_LESS : MESSAGES.SHOW_MORE}
        </button>
      ) : null}
    </div>
  );
}
