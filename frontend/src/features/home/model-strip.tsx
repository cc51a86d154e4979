import type { ModelCardView } from '../../types/generated/ModelCardView';
import { Photo } from '../../components/photo';

/** The dealer's model range as a row of cards linking to the model pages. */
export function ModelStrip({ models }: { models: ModelCardView[] }) {
  if (models.length === 0) return null;
  return (
    <section className="model-strip" aria-labelledby="model-strip-heading">
      <h2 id="model-strip-heading">Explore the range</h2>
      <ul className="model-strip__list">
        {models.map((model) => (
          <li key={model.url} className="model-strip__card">
            <Photo url={model.image.url} srcset={model.image.srcset} alt="" layout="tile" />
            <h3 className="model-strip__title">
              <a href={model.url}>{model.title}</a>
            </h3>
            {model.badge ? <p className="model-strip__badge">{model.badge}</p> : null}
            {model.price_text ? <p className="model-strip__price">{model.price_text}</p> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
