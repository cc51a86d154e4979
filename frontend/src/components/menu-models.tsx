import { useEffect, useState } from 'react';
import type { MenuModelView } from '../types/generated/MenuModelView';
import './menu-models.css';
import { Photo } from './photo';

const priceFiles = new Map<string, Promise<Record<string, string>>>();

/** The site's "from" prices by model URL, fetched once per page load (a failed fetch is
 *  tried again at the next opening). */
function loadMenuPrices(url: string): Promise<Record<string, string>> {
  let prices = priceFiles.get(url);
  if (!prices) {
    prices = fetch(url, { headers: { accept: 'application/json' } }).then((response) => {
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      return response.json() as Promise<Record<string, string>>;
    });
    prices.catch(() => priceFiles.delete(url));
    priceFiles.set(url, prices);
  }
  return prices;
}

/** Forgets fetched prices (tests). */
export function clearMenuPrices() {
  priceFiles.clear();
}

/** The mega menu's model thumbnails: the model's image (or a listed car's photo) and
 *  "from $NN,NNN", the lowest price the search lists it at. The prices live in one site
 *  file fetched when the menu first opens, so a price change re-renders no page; a model
 *  without a priced car has no "from" line. The image is decorative: the title names the
 *  link. */
export function MenuModels({
  models,
  label,
  pricesUrl = null,
  open = false,
}: {
  models: MenuModelView[];
  label: string;
  pricesUrl?: string | null;
  open?: boolean;
}) {
  const [prices, setPrices] = useState<Record<string, string>>({});
  useEffect(() => {
    if (!open || !pricesUrl) return undefined;
    let live = true;
    loadMenuPrices(pricesUrl).then(
      (loaded) => {
        if (live) setPrices(loaded);
      },
      // Without prices the menu still names and links every model.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [open, pricesUrl]);
  if (models.length === 0) return null;
  return (
    <ul className="menu-models" aria-label={label}>
      {models.map((model) => {
        const price = prices[model.url] ?? model.price_text;
        return (
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
                {price ? <span className="menu-models__price">{price}</span> : null}
              </span>
            </a>
          </li>
        );
      })}
    </ul>
  );
}
