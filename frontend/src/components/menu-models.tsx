import type { MenuModelView } from '../types/generated/MenuModelView';
import './menu-models.css';
import { Photo } from './photo';

/** The mega menu's model thumbnails: the model's image (or its cheapest listed car's
 *  photo) and "from $NN,NNN", the lowest price the search lists it at; a model without
 *  a priced car has no "from" line. The image is decorative: the title names the link. */
export function MenuModels({ models, label }: { models: MenuModelView[]; label: string }) {
  if (models.length === 0) return null;
  return (
    <ul className="menu-models" aria-label={label}>
      {models.map((model) => (
        <li key={model.url}>
          <a className="menu-models__link" href={model.url}>
            {model.image ? (
              <Photo
                className="menu-models__image"
                url={model.image.url}
                srcset={model.image.srcset}
                alt=""
                layout="menu"
              />
            ) : (
              <span className="menu-models__image" aria-hidden="true" />
            )}
            <span className="menu-models__text">
              <span className="menu-models__title">{model.title}</span>
              {model.price_text ? (
                <span className="menu-models__price">{model.price_text}</span>
              ) : null}
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}
