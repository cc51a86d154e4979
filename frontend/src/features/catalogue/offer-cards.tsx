import type { OfferView } from '../../types/generated/OfferView';
import { Tile } from './tile';

/** A grid of special offer cards linking to their offer pages. */
export function OfferCards({ offers, headingLevel, label }: { offers: OfferView[]; headingLevel: 2 | 3; label: string }) {
  return (
    <ul className="tile-grid" aria-label={label}>
      {offers.map((o) => (
        <Tile key={o.id} url={o.url} title={o.title} image={o.image} headingLevel={headingLevel}>
          {o.price_text ? <p className="tile__price">{o.price_text}</p> : null}
          {o.description ? <p>{o.description}</p> : null}
          {o.expiry_text ? <p className="tile__note">{o.expiry_text}</p> : null}
        </Tile>
      ))}
    </ul>
  );
}
