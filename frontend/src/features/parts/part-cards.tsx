import type { PartView } from '../../types/generated/PartView';

/** One part: what it is, what it fits and costs, and the link that orders it. */
function PartCard({ part, headingLevel }: { part: PartView; headingLevel: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <li className="part-card">
      <Heading className="part-card__name">{part.name}</Heading>
      <dl className="part-card__facts">
        <div>
          <dt>Part number</dt>
          <dd>{part.number}</dd>
        </div>
        <div>
          <dt>Category</dt>
          <dd>{part.category}</dd>
        </div>
        <div>
          <dt>Fits</dt>
          <dd>{part.fits}</dd>
        </div>
      </dl>
      {part.description ? <p className="part-card__description">{part.description}</p> : null}
      <p className="part-card__price">{part.price_text}</p>
      {/* The name tells the links of a page apart; it starts with the words shown (WCAG 2.5.3). */}
      <a
        className="button part-card__order"
        href={part.order_url}
        aria-label={`Order this part: ${part.name}`}
      >
        Order this part
      </a>
    </li>
  );
}

/** A grid of part cards. */
export function PartCards({ parts, headingLevel }: { parts: PartView[]; headingLevel: 2 | 3 }) {
  return (
    <ul className="parts-grid" aria-label="Parts">
      {parts.map((part) => (
        <PartCard key={part.number} part={part} headingLevel={headingLevel} />
      ))}
    </ul>
  );
}
