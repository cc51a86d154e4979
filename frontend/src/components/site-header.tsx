import { useRef, useState } from 'react';
import type { SiteView } from '../types/generated/SiteView';
import { NavMenu } from './nav-menu';
import { PhoneLink } from './phone-link';

/** Header: logo, menu (Home, Models, Stock, Finance, Service & Parts, Company) and phone. */
export function SiteHeader({ site }: { site: SiteView }) {
  const [open, setOpen] = useState(false);
  const menuToggle = useRef<HTMLButtonElement>(null);
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
          ref={menuToggle}
          type="button"
          className="site-header__toggle"
          aria-expanded={open}
          aria-controls="site-menu"
          onClick={() => setOpen((o) => !o)}
        >
          Menu
        </button>
        <nav
          id="site-menu"
          className={`site-nav${open ? ' site-nav--open' : ''}`}
          aria-label="Main"
          onKeyDown={(event) => {
            // Escape closes the small-screen menu (an open panel inside closes first).
            if (event.key === 'Escape' && open) {
              setOpen(false);
              menuToggle.current?.focus();
            }
          }}
        >
          <NavMenu items={site.header_menu} megaMenu={site.mega_menu} />
        </nav>
        {site.favourites || site.garage_path ? (
          <ul className="site-header__account" aria-label="Your account">
            {site.favourites ? (
              <li>
                <a href="/watchlist">Watchlist</a>
              </li>
            ) : null}
            {site.garage_path ? (
              <li>
                <a href={site.garage_path}>My Garage</a>
              </li>
            ) : null}
          </ul>
        ) : null}
        {site.phone ? (
          <div className="site-header__phone">
            <PhoneLink phone={site.phone} />
          </div>
        ) : null}
      </div>
    </header>
  );
}
