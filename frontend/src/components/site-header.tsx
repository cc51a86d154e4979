import { useEffect, useRef, useState } from 'react';
import type { SiteView } from '../types/generated/SiteView';
import { signInUrl, signOut, useSession, WATCHLIST_PATH } from '../features/account/session';
import { useSavedIds } from '../features/account/watchlist';
import { HeaderSearch, KeywordBox } from './keyword-box';
import { NavMenu } from './nav-menu';
import { PhoneLink } from './phone-link';

const icon = {
  viewBox: '0 0 24 24',
  width: 24,
  height: 24,
  'aria-hidden': true,
  focusable: false,
} as const;

/** The account button: a link to sign in, or once the session says so, who is signed in
 *  with their garage, watchlist and Sign out. The same 44 px square either way, so the
 *  bar does not move when the session answers (CLS 0). */
function AccountMenu({ site }: { site: SiteView }) {
  const session = useSession();
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return undefined;
    const onPointerDown = (event: MouseEvent) => {
      if (!box.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointerDown);
    return () => document.removeEventListener('mousedown', onPointerDown);
  }, [open]);
  const person = (
    <svg {...icon}>
      <circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M4 21c0-4 4-6 8-6s8 2 8 6" fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
  if (session.status !== 'signed-in') {
    const type = site.garage_path ? 'my-garage' : 'watchlist';
    const after = site.garage_path ?? WATCHLIST_PATH;
    return (
      <a className="icon-button" href={signInUrl(type, after, '/')} title="Sign in">
        {person}
        <span className="visually-hidden">Sign in</span>
      </a>
    );
  }
  return (
    <div
      ref={box}
      className="site-header__account"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          setOpen(false);
        }
      }}
    >
      <button
        type="button"
        className="icon-button icon-button--signed-in"
        aria-expanded={open}
        aria-controls="account-panel"
        onClick={() => setOpen(!open)}
      >
        {person}
        <span className="visually-hidden">Your account (signed in)</span>
      </button>
      <div id="account-panel" className="site-header__account-panel" hidden={!open}>
        <p className="site-header__who">Signed in as {session.phone}</p>
        <ul>
          {site.garage_path ? (
            <li>
              <a href={site.garage_path}>My Garage</a>
            </li>
          ) : null}
          {site.favourites ? (
            <li>
              <a href={WATCHLIST_PATH}>Watchlist</a>
            </li>
          ) : null}
        </ul>
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={() => void signOut().then(() => window.location.assign('/'))}
        >
          Sign out
        </button>
      </div>
    </div>
  );
}

/** Header: one bar of logo, menu (Home, Models, Stock, Finance, Service & Parts,
 *  Company), phone and account icons. On a phone the menu, the phone and the account
 *  links fold behind Menu, so the bar stays one 56 px row (about a tenth of the screen
 *  with the announcement). */
export function SiteHeader({ site }: { site: SiteView }) {
  const [open, setOpen] = useState(false);
  const menuToggle = useRef<HTMLButtonElement>(null);
  const accounts = site.favourites || site.garage_path !== null;
  // The cars saved on this device; none until hydrated, as every page was built.
  const saved = useSavedIds().size;
  return (
    <header className="site-header">
      {site.announcement ? (
        <div className="announcement">
          <div className="container announcement__text">
            {site.announcement.url ? (
              <a href={site.announcement.url}>{site.announcement.text}</a>
            ) : (
              site.announcement.text
            )}
          </div>
        </div>
      ) : null}
      <div className="site-header__bar container">
        <a className="site-header__logo" href="/">
          <img src={site.logo_url} alt={`${site.name} home`} width={160} height={48} />
        </a>
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
          {/* On a phone the bar has no room for a search button: the box opens the menu
              (which only opens with script, so the box is rendered then). */}
          {open ? (
            <div className="site-nav__search">
              <KeywordBox
                searchPath={site.search_path}
                idPrefix="menu-search"
                label="Search stock"
                labelHidden
              />
            </div>
          ) : null}
          <NavMenu items={site.header_menu} megaMenu={site.mega_menu} />
          {accounts ? (
            <ul className="site-nav__extra" aria-label="Your account">
              {site.favourites ? (
                <li>
                  <a href={WATCHLIST_PATH}>Watchlist</a>
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
              <svg {...icon} width={18} height={18}>
                <path
                  d="M6.6 10.8a15 15 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.25 11.4 11.4 0 0 0 3.6.57 1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.45.57 3.57a1 1 0 0 1-.25 1z"
                  fill="currentColor"
                />
              </svg>
              <PhoneLink phone={site.phone} />
            </div>
          ) : null}
        </nav>
        <div className="site-header__tools">
          <HeaderSearch searchPath={site.search_path} />
          {site.favourites ? (
            <a
              className="icon-button site-header__watchlist"
              href={WATCHLIST_PATH}
              title="Watchlist"
            >
              <svg {...icon}>
                <path
                  d="M12 21s-7-4.5-9.5-9A5.5 5.5 0 0 1 12 6a5.5 5.5 0 0 1 9.5 6C19 16.5 12 21 12 21z"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                />
              </svg>
              {saved > 0 ? (
                <span className="site-header__count" aria-hidden="true">
                  {saved}
                </span>
              ) : null}
              <span className="visually-hidden">
                {saved > 0
                  ? `Watchlist, ${saved} saved ${saved === 1 ? 'car' : 'cars'}`
                  : 'Watchlist'}
              </span>
            </a>
          ) : null}
          {accounts ? <AccountMenu site={site} /> : null}
          <button
            ref={menuToggle}
            type="button"
            className="site-header__toggle"
            aria-expanded={open}
            aria-controls="site-menu"
            onClick={() => setOpen((o) => !o)}
          >
            <svg {...icon} width={20} height={20}>
              <path
                d={open ? 'M5 5l14 14M19 5L5 19' : 'M3 6h18M3 12h18M3 18h18'}
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
              />
            </svg>
            Menu
          </button>
        </div>
      </div>
    </header>
  );
}
