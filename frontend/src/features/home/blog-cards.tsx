import type { BlogCardView } from '../../types/generated/BlogCardView';

/** Blog promo cards: title (cut at 80 characters) and description (cut at 100) by the
 *  Rust view, each linking to its post. */
export function BlogCards({ cards, heading }: { cards: BlogCardView[]; heading: string }) {
  if (cards.length === 0) return null;
  return (
    <section className="blog-cards" aria-labelledby="blog-cards-heading">
      <h2 id="blog-cards-heading">{heading}</h2>
      <ul className="blog-cards__list">
        {cards.map((card) => (
          <li key={card.url} className="blog-card">
            <h3 className="blog-card__title">
              <a href={card.url}>{card.title}</a>
            </h3>
            {card.description ? <p className="blog-card__text">{card.description}</p> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
