import type { SiteView } from '../types/generated/SiteView';

/** Footer: Models, Buyer Tools, Service & Parts and company links. */
export function SiteFooter({ site }: { site: SiteView }) {
  return (
    <footer className="site-footer">
      <div className="container site-footer__columns">
        {site.footer_columns.map((column) => (
          <nav key={column.title} aria-label={column.title} className="site-footer__column">
            <h2 className="site-footer__title">{column.title}</h2>
            <ul>
              {column.links.map((link) => (
                <li key={`${link.label}-${link.url}`}>
                  <a href={link.url}>{link.label}</a>
                </li>
              ))}
            </ul>
          </nav>
        ))}
        <nav aria-label="Company" className="site-footer__column">
          <h2 className="site-footer__title">{site.name}</h2>
          <ul>
            <li>
              <a href="/about-us">About Us</a>
            </li>
            <li>
              <a href="/dealerships">Our Dealerships</a>
            </li>
            <li>
              <a href="/contact">Contact Us</a>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
