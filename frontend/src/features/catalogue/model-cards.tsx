import type { ModelCardView } from '../../types/generated/ModelCardView';
import { Tile } from './tile';

/** A grid of model cards linking to their model pages. */
export function ModelCards({
  models,
  headingLevel,
}: {
  models: ModelCardView[];
  headingLevel: 2 | 3;
}) {
  return (
    <ul className="tile-grid">
      {models.map((m) => (
        <Tile key={m.url} url={m.url} title={m.title} image={m.image} headingLevel={headingLevel}>
          {m.badge ? <span className="tile__badge">{m.badge}</span> : null}
          {m.price_text ? <p className="tile__price">{m.price_text}</p> : null}
          {m.short_description ? <p>{m.short_description}</p> : null}
        </Tile>
      ))}
    </ul>
  );
}
