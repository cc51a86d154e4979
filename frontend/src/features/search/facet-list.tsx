import type { FacetItemView } from '../../types/generated/FacetItemView';
import type { FacetWidget } from '../../types/generated/FacetWidget';
import { FallbackImage } from '../../components/fallback-image';

interface Props {
  facet: string;
  items: FacetItemView[];
  selected: string[];
  widget: FacetWidget;
  idPrefix: string;
  onToggle: (facet: string, value: string) => void;
}

/** The values of a facet with their counts: a checkbox each, or a tile each (logo when
 *  known, label, count) that toggles like a checkbox (aria-pressed). */
export function FacetList({ facet, items, selected, widget, idPrefix, onToggle }: Props) {
  if (widget === 'tiles') {
    return (
      <ul className="facet-tiles">
        {items.map((item) => {
          const on = selected.includes(item.value);
          return (
            <li key={item.value}>
              <button
                type="button"
                className={`facet-tile${on ? ' facet-tile--on' : ''}`}
                aria-pressed={on}
                onClick={() => onToggle(facet, item.value)}
              >
                {item.logo ? (
                  <FallbackImage
                    className="facet-tile__logo"
                    src={item.logo}
                    alt=""
                    width={48}
                    height={32}
                  />
                ) : null}
                <span className="facet-tile__label">{item.label}</span>{' '}
                <span className="facet__count">({item.count})</span>
              </button>
            </li>
          );
        })}
      </ul>
    );
  }
  return (
    <ul>
      {items.map((item) => {
        const id = `${idPrefix}-${facet}-${item.value}`.replace(/[^A-Za-z0-9_-]/g, '-');
        return (
          <li key={item.value}>
            <input
              id={id}
              type="checkbox"
              checked={selected.includes(item.value)}
              onChange={() => onToggle(facet, item.value)}
            />
            <label htmlFor={id}>
              {item.label} <span className="facet__count">({item.count})</span>
            </label>
          </li>
        );
      })}
    </ul>
  );
}

/** Live items of a facet with the logos of the server-rendered ones (the search answer
 *  has no logos). */
export function withLogos(
  live: FacetItemView[] | undefined,
  rendered: FacetItemView[],
): FacetItemView[] {
  if (!live) return rendered;
  const logos = new Map(rendered.filter((i) => i.logo).map((i) => [i.value, i.logo]));
  return live.map((item) =>
    logos.has(item.value) ? { ...item, logo: logos.get(item.value) } : item,
  );
}
