import { ScrollCarousel } from '../../components/scroll-carousel';
import type { WarrantyView } from '../../types/generated/WarrantyView';

const ICONS = [
  // Shield: warranty.
  'M12 2 4 5v6c0 5 3.4 9.3 8 11 4.6-1.7 8-6 8-11V5l-8-3zm-1 14-4-4 1.4-1.4L11 13.2l4.6-4.6L17 10l-6 6z',
  // Spanner: capped price servicing.
  'M22.7 19 13.6 9.9c.9-2.3.4-5-1.5-6.9-2-2-5-2.4-7.4-1.3L9 6 6 9 1.6 4.7C.4 7.1.9 10.1 2.9 12.1c1.9 1.9 4.6 2.4 6.9 1.5l9.1 9.1c.4.4 1 .4 1.4 0l2.3-2.3c.5-.4.5-1.1.1-1.4z',
  // Life ring: roadside assistance.
  'M12 1a11 11 0 1 0 0 22 11 11 0 0 0 0-22zm0 6a5 5 0 1 1 0 10 5 5 0 0 1 0-10zM10 1.2h4v5.9h-4zm0 15.7h4v5.9h-4zM1.2 10h5.9v4H1.2zm15.7 0h5.9v4h-5.9z',
];

/** The warranty carousel (seed 001 s2): 7-year unlimited km warranty, 7-year capped
 *  price servicing and up to 7 years roadside assistance, each linking to the dealer's
 *  page about it when it has one. */
export function WarrantyCarousel({ warranty }: { warranty: WarrantyView }) {
  return (
    <section className="warranty" aria-labelledby="warranty-heading">
      <h2 id="warranty-heading">{warranty.title}</h2>
      <ScrollCarousel label={warranty.title} itemWord="benefits" className="warranty__carousel">
        {warranty.items.map((item, i) => (
          <li key={item.title} className="warranty__item">
            <svg
              viewBox="0 0 24 24"
              width="40"
              height="40"
              aria-hidden="true"
              focusable="false"
              className="warranty__icon"
            >
              <path d={ICONS[i % ICONS.length]} fillRule="evenodd" />
            </svg>
            <h3 className="warranty__title">
              {item.url ? <a href={item.url}>{item.title}</a> : item.title}
            </h3>
          </li>
        ))}
      </ScrollCarousel>
    </section>
  );
}
