import { ComparisonRateNote } from '../../components/comparison-rate-note';
import type { OfferView } from '../../types/generated/OfferView';
import { Tile } from './tile';

/** A grid of special offer cards linking to their offer pages; the comparison rate
 *  warning follows when an offer quotes a rate. */
export function OfferCards({
  offers,
  headingLevel,
  label,
}: {
  offers: OfferView[];
  headingLevel: 2 | 3;
  label: string;
}) {
  return (
    <>
      <ul className="tile-grid" aria-label={label}>
        {offers.map((o) => (
          <Tile key={o.id} url={o.url} title={o.title} image={o.image} headingLevel={headingLevel}>
            {o.price_text ? <p className="tile__price">{o.price_text}</p> : null}
            {o.description ? <p>{o.description}</p> : null}
            {o.expiry_text ? <p className="tile__note">{o.expiry_text}</p> : null}
          </Tile>
        ))}
      </ul>
      {offers.some((o) => o.mentions_rate) ? <ComparisonRateNote /> : null}
    </>
  );
}
