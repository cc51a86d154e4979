import { useState } from 'react';
import type { DealerComments as Comments } from '../../types/generated/DealerComments';
import { MESSAGES } from '../../types/generated/messages';

/** Dealer comments cut at 400 characters with Show More / Show Less (the cut and the
 *  pending message come from the Rust rule), under the dealer's heading ("Dealer
 *  Comments", or "Our Comments" where the dealer sets it). */
export function DealerComments({
  comments,
  title = MESSAGES.DEALER_COMMENTS,
}: {
  comments: Comments;
  title?: string;
}) {
  const [expanded, setExpanded] = useState(false);
  const paragraphs =
    comments.truncated && !expanded ? comments.short_paragraphs : comments.paragraphs;
  return (
    <section className="dealer-comments" aria-labelledby="dealer-comments-title">
      <h2 id="dealer-comments-title">{title}</h2>
      <div
        id="dealer-comments-text"
        className={comments.pending ? 'dealer-comments__pending' : undefined}
      >
        {paragraphs.map((p, i) => (
          <p key={i}>{p}</p>
        ))}
      </div>
      {comments.truncated ? (
        <button
          type="button"
          className="link-button"
          aria-expanded={expanded}
          aria-controls="dealer-comments-text"
          onClick={() => setExpanded((e) => !e)}
        >
          {expanded ? MESSAGES.SHOW_LESS : MESSAGES.SHOW_MORE}
        </button>
      ) : null}
    </section>
  );
}
