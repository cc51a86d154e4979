import type { SiteView } from '../types/generated/SiteView';
import { hasTags, openConsentSettings } from '../lib/consent';

/** Icon paths of the social networks the config allows (24 px box). */
const SOCIAL_ICONS: Record<string, string> = {
  facebook: 'M14 8h3V4h-3c-2.8 0-4 1.7-4 4.3V10H7v4h3v8h4v-8h3l.5-4H14V8.6c0-.4.2-.6.6-.6z',
  instagram:
    'M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4zm5 5a4 4 0 1 0 0 8 4 4 0 0 0 0-8zm5.5-2a1 1 0 1 0 0 2 1 1 0 0 0 0-2z',
  youtube:
    'M22 8.2a3 3 0 0 0-2.1-2.1C18 5.6 12 5.6 12 5.6s-6 0-7.9.5A3 3 0 0 0 2 8.2 31 31 0 0 0 1.6 12 31 31 0 0 0 2 15.8a3 3 0 0 0 2.1 2.1c1.9.5 7.9.5 7.9.5s6 0 7.9-.5a3 3 0 0 0 2.1-2.1 31 31 0 0 0 .4-3.8 31 31 0 0 0-.4-3.8zM10 15V9l5.2 3z',
  tiktok:
    'M16 3c.3 2.2 1.7 3.7 4 4v3.2c-1.5 0-2.8-.4-4-1.2V15a6 6 0 1 1-6-6v3.3a2.7 2.7 0 1 0 2.7 2.7V3z',
  linkedin:
    'M4 9h3.5v11H4zm1.8-5.5a2 2 0 1 1 0 4 2 2 0 0 1 0-4zM10 9h3.3v1.5c.5-.9 1.7-1.8 3.4-1.8 3.6 0 4.3 2.3 4.3 5.4V20h-3.5v-5.2c0-1.3 0-2.9-1.8-2.9s-2.1 1.4-2.1 2.8V20H10z',
  x: 'M4 3h4.7l4.1 5.7L17.8 3H20l-6.2 7.1L21 21h-4.7l-4.5-6.2L6.4 21H4.2l6.6-7.5z',
};

/** Footer: the dealer's link columns (Models, Buyer Tools, Service & Parts), its stock
 *  shortcuts and company links, then a base line with the social links, legal links
 *  (only pages the dealer configures, so none is a dead link), ABN, dealer licence and
 *  copyright, and Cookie settings where the dealer has tags. */
export function SiteFooter({ site }: { site: SiteView }) {
  const { footer } = site;
  return (
    <footer className="site-footer">
      <div className="container site-footer__columns">
        {footer.stock_links.length > 0 ? (
          <nav aria-label="Shop stock" className="site-footer__column">
            <h2 className="site-footer__title">Shop</h2>
            <ul>
              {footer.stock_links.map((link) => (
                <li key={link.url}>
                  <a href={link.url}>{link.label}</a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
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
      <div className="container site-footer__base">
        {footer.social.length > 0 ? (
          <ul className="site-footer__social" aria-label={`${site.name} on social media`}>
            {footer.social.map((link) => (
              <li key={link.url}>
                <a
                  className="site-footer__social-link"
                  href={link.url}
                  rel="noopener"
                  target="_blank"
                >
                  <svg
                    viewBox="0 0 24 24"
                    width={20}
                    height={20}
                    aria-hidden="true"
                    focusable="false"
                  >
                    <path d={SOCIAL_ICONS[link.network] ?? ''} fill="currentColor" />
                  </svg>
                  <span className="visually-hidden">{link.label} (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        ) : null}
        {footer.legal.length > 0 ? (
          <ul className="site-footer__legal" aria-label="Legal">
            {footer.legal.map((link) => (
              <li key={link.url}>
                <a href={link.url}>{link.label}</a>
              </li>
            ))}
          </ul>
        ) : null}
        {hasTags(site.analytics) ? (
          // The consent choice can change later, from any page.
          <button type="button" className="site-footer__consent" onClick={openConsentSettings}>
            Cookie settings
          </button>
        ) : null}
        <p className="site-footer__business">
          <span>{footer.copyright}</span>
          {footer.abn ? <span>{footer.abn}</span> : null}
          {footer.licence ? <span>{footer.licence}</span> : null}
        </p>
      </div>
    </footer>
  );
}
