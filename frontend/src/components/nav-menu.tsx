import { type FocusEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import type { LinkView } from '../types/generated/LinkView';
import type { MegaMenuView } from '../types/generated/MegaMenuView';
import { BrandLogoGrid } from './brand-logo-grid';
import { MenuModels } from './menu-models';

/** The header menu (seed 001 s2: Home, Models, Stock, Finance, Service & Parts,
 *  Company). An item with sub-links, or the item the mega menu opens from, keeps its
 *  link and gets a disclosure button beside it; one panel is open at a time. The mega
 *  panel shows the model thumbnails with their "from" prices, then the brand logos. Escape
 *  closes the open panel and returns focus to its button; so do a click outside the
 *  menu and moving the focus out of the item.
 *
 *  The mega panel's contents are first rendered when it first opens: a large range is
 *  hundreds of elements every page would otherwise parse and hydrate before the shopper
 *  can tap anything, for a panel most never open. The item's own link (the brands or
 *  models page) leads to the same range without scripts. */
export function NavMenu({ items, megaMenu }: { items: LinkView[]; megaMenu: MegaMenuView | null }) {
  const [open, setOpen] = useState<number | null>(null);
  const [megaOpened, setMegaOpened] = useState(false);
  const list = useRef<HTMLUListElement>(null);
  const toggles = useRef<(HTMLButtonElement | null)[]>([]);

  useEffect(() => {
    if (open === null) return undefined;
    const onPointerDown = (event: MouseEvent) => {
      if (!list.current?.contains(event.target as Node)) setOpen(null);
    };
    document.addEventListener('mousedown', onPointerDown);
    return () => document.removeEventListener('mousedown', onPointerDown);
  }, [open]);

  const onKeyDown = (index: number) => (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open === index) {
      event.stopPropagation();
      setOpen(null);
      toggles.current[index]?.focus();
    }
  };
  const onBlur = (index: number) => (event: FocusEvent<HTMLLIElement>) => {
    const next = event.relatedTarget as Node | null;
    if (open === index && next && !event.currentTarget.contains(next)) setOpen(null);
  };

  return (
    <ul ref={list} className="site-nav__list">
      {items.map((item, index) => {
        const mega = megaMenu && megaMenu.item_label === item.label ? megaMenu : null;
        const hasPanel = item.children.length > 0 || mega !== null;
        const panelId = `site-nav-panel-${index}`;
        const isOpen = open === index;
        return (
          <li
            key={`${item.label}-${item.url}`}
            className={`site-nav__item${hasPanel ? ' site-nav__item--panel' : ''}${mega ? ' site-nav__item--mega' : ''}`}
            onKeyDown={hasPanel ? onKeyDown(index) : undefined}
            onBlur={hasPanel ? onBlur(index) : undefined}
          >
            <a className="site-nav__link" href={item.url}>
              {item.label}
            </a>
            {hasPanel ? (
              <>
                <button
                  ref={(el) => {
                    toggles.current[index] = el;
                  }}
                  type="button"
                  className="site-nav__toggle"
                  aria-expanded={isOpen}
                  aria-controls={panelId}
                  onClick={() => {
                    if (mega) setMegaOpened(true);
                    setOpen(isOpen ? null : index);
                  }}
                >
                  <span className="visually-hidden">{item.label} menu</span>
                  <svg
                    viewBox="0 0 12 8"
                    width="12"
                    height="8"
                    aria-hidden="true"
                    focusable="false"
                  >
                    <path d="M1 1l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" />
                  </svg>
                </button>
                <div
                  id={panelId}
                  className={`site-nav__panel${mega ? ' site-nav__panel--mega' : ''}`}
                  hidden={!isOpen}
                >
                  {item.children.length > 0 ? (
                    <ul className="site-nav__children">
                      {item.children.map((child) => (
                        <li key={`${child.label}-${child.url}`}>
                          <a href={child.url}>{child.label}</a>
                        </li>
                      ))}
                    </ul>
                  ) : null}
                  {mega && megaOpened ? (
                    <>
                      <MenuModels
                        models={mega.models}
                        label={item.label}
                        pricesUrl={mega.prices_url}
                        open={isOpen}
                      />
                      {mega.groups.length > 0 ? (
                        <BrandLogoGrid groups={mega.groups} headingLevel={2} compact />
                      ) : null}
                    </>
                  ) : null}
                </div>
              </>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
