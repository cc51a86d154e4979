import { useState } from 'react';
import type { SiteView } from '../types/generated/SiteView';
import { PhoneLink } from './phone-link';

/** Header: logo, menu (Home, Models, Stock, Finance, Service & Parts, Company) and phone. */
export function SiteHeader({ site }: { site: SiteView }) {
  const [open, setOpen] = useState(false);
  return (
    <header className="site-header">
      {site.announcement ? (
        <div className="announcement">
          {site.announcement.url ? <a href={site.announcement.url}>{site.announcement.text}</a> : site.announcement.text}
        </div>
      ) : null}
      <div className="site-header__bar container">
        <a className="site-header__logo" href="/">
          <img src={site.logo_url} alt={`${site.name} home`} width={160} height={48} />
        </a>
        <button
          type="button"
          className="site-header__toggle"
          aria-expanded={open}
          aria-controls="site-menu"
          onClick={() => setOpen((o) => !o)}
        >
          Menu
        </button>
        <nav id="site-menu" className={`site-nav${open ? ' site-nav--open' : ''}`} aria-label="Main">
          <ul>
            {site.header_menu.map((item) => (
              <li key={`${item.label}-${item.url}`}>
                <a href={item.url}>{item.label}</a>
                {item.children.length > 0 ? (
                  <ul className="site-nav__children">
                    {item.children.map((child) => (
                      <li key={`${child.label}-${child.url}`}>
                        <a href={child.url}>{child.label}</a>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ul>
        </nav>
        {site.phone ? (
          <div className="site-header__phone">
            <PhoneLink phone={site.phone} />
          </div>
        ) : null}
      </div>
    </header>
  );
}
