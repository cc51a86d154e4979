import type { PromoNode } from '../../types/generated/PromoNode';
import { MESSAGES } from '../../types/generated/messages';
import { Photo } from '../../components/photo';

/** A promo card of the results grid (seed 000 s2): the We Want Your Car call to action
 *  or an image banner linking to its offer. */
export function PromoCard({ promo, headingLevel = 3 }: { promo: PromoNode; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const node = promo.node;
  if (node.kind === 'we_want_your_car') {
    return (
      <article className="promo-card promo-card--sell">
        <Heading className="promo-card__title">{MESSAGES.WE_WANT_YOUR_CAR}</Heading>
        <p>Thinking of selling? Get a valuation of your car online in minutes.</p>
        <a className="button" href={node.url}>
          {MESSAGES.GET_YOUR_VALUATION}
        </a>
      </article>
    );
  }
  return (
    <article className="promo-card promo-card--banner">
      <div className="promo-card__media">
        <Photo url={node.image} alt={node.alt} layout="card" />
      </div>
      <Heading className="promo-card__title">
        <a href={node.url}>{node.title}</a>
      </Heading>
    </article>
  );
}
