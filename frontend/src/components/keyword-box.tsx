// The keyword box of the home page and of the header's search entry: the shopper types
// words and goes to the dealer's search page with them as `query=`, or picks a make, a
// model or a body type of the dealer's stock and goes straight to that filter. A WAI-ARIA
// combobox (arrow keys, Enter, Escape, a live count of the suggestions). The suggestions
// come from the facets of the dealer's own search endpoint, fetched once when the box is
// first focused, so a page that is only looked at loads nothing for them.
import { useEffect, useRef, useState } from 'react';
import { search } from '../api/client';
import type { FacetItemView } from '../types/generated/FacetItemView';
import {
  emptyState,
  serializeSearchState,
  type SearchState,
} from '../features/search/search-state';
import { ComboboxListbox, useComboboxKeys } from './combobox';
import './keyword-box.css';

/** The dealer's search endpoint (GET; the answer's facets list the stock's values). */
const SEARCH_API = '/api/search';
/** Suggestions shown at most. */
const SUGGESTIONS_SHOWN = 8;
/** The make > model separator of the `make_model` facet. */
const MAKE_MODEL = ' > ';

/** One suggestion: a make, a model (with its make) or a body type of the stock. */
export interface Suggestion {
  kind: 'make' | 'model' | 'body';
  /** What the shopper reads ("Toyota RAV4"). */
  label: string;
  /** Cars in stock with it. */
  count: number;
  /** The search page filtered to it. */
  href: string;
}

const KIND_WORD: Record<Suggestion['kind'], string> = {
  make: 'Make',
  model: 'Model',
  body: 'Body type',
};

/** The search page with `state` written by the search URL's writer. */
function hrefOf(searchPath: string, state: Partial<SearchState>): string {
  const query = serializeSearchState({ ...emptyState(), ...state });
  return query ? `${searchPath}${searchPath.includes('?') ? '&' : '?'}${query}` : searchPath;
}

/** The search page filtered to one value of each facet named. */
const filteredHref = (searchPath: string, values: Record<string, string>) =>
  hrefOf(searchPath, {
    refinements: Object.fromEntries(Object.entries(values).map(([f, v]) => [f, [v]])),
  });

/** The search page for the text `query` (the plain search page for no text). */
export function queryHref(searchPath: string, query: string): string {
  return hrefOf(searchPath, { query: query.trim() });
}

/** The suggestions of a search answer's facets: makes, models (from `make_model`, so a
 *  model keeps its make) and body types, each linking to its filter. */
export function suggestionsFrom(
  facets: Record<string, FacetItemView[] | undefined>,
  searchPath: string,
): Suggestion[] {
  const out: Suggestion[] = [];
  for (const item of facets.make ?? []) {
    out.push({
      kind: 'make',
      label: item.label,
      count: item.count,
      href: filteredHref(searchPath, { make: item.value }),
    });
  }
  for (const item of facets.make_model ?? []) {
    const at = item.value.indexOf(MAKE_MODEL);
    if (at < 0) continue;
    const make = item.value.slice(0, at);
    const model = item.value.slice(at + MAKE_MODEL.length);
    if (!make || !model) continue;
    out.push({
      kind: 'model',
      label: `${make} ${model}`,
      count: item.count,
      href: filteredHref(searchPath, { make, model }),
    });
  }
  for (const item of facets.body ?? []) {
    out.push({
      kind: 'body',
      label: item.label,
      count: item.count,
      href: filteredHref(searchPath, { body: item.value }),
    });
  }
  return out.filter((s) => s.count > 0 && s.label.trim() !== '');
}

/** Lower case, letters and digits only ("CX-5" and "cx5" read the same). */
function squash(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '');
}

/** Whether every word typed starts a word of the label ("rav" and "toyota ra" find
 *  "Toyota RAV4"), or the typed text, without spaces and dashes, starts the label or one
 *  of its words so written ("cx5" finds "Mazda CX-5", "landcruiser" "LandCruiser 300"). */
function matches(label: string, text: string): boolean {
  const typed = words(text);
  if (typed.length === 0) return false;
  const own = words(label);
  if (typed.every((t) => own.some((w) => w.startsWith(t)))) return true;
  const squashed = squash(text);
  if (squashed.length < 2) return false;
  return own.some((_, i) => squash(own.slice(i).join(' ')).startsWith(squashed));
}

const KIND_RANK: Record<Suggestion['kind'], number> = { make: 0, model: 1, body: 2 };

/** The suggestions for what the shopper typed: makes, then models, then body types, the
 *  most stocked first within each, `limit` at most. */
export function matchSuggestions(
  all: Suggestion[],
  text: string,
  limit = SUGGESTIONS_SHOWN,
): Suggestion[] {
  return all
    .filter((s) => matches(s.label, text))
    .sort((a, b) => KIND_RANK[a.kind] - KIND_RANK[b.kind] || b.count - a.count)
    .slice(0, limit);
}

let loaded: Promise<FacetItemsByName> | null = null;
type FacetItemsByName = Record<string, FacetItemView[] | undefined>;

/** The stock's facets, fetched once per page (a failed fetch is tried again next focus). */
function loadFacets(): Promise<FacetItemsByName> {
  loaded ??= search(SEARCH_API, serializeSearchState({ ...emptyState(), hitsPerPage: 1 }, 0))
    .then((reply) => {
      if (!reply.ok) throw new Error(`search failed with HTTP ${reply.status}`);
      return (reply.body?.facets ?? {}) as FacetItemsByName;
    })
    .catch((error: unknown) => {
      loaded = null;
      throw error;
    });
  return loaded;
}

/** Forgets the fetched facets (tests). */
export function forgetSuggestions() {
  loaded = null;
}

interface Props {
  /** The dealer's default search page. */
  searchPath: string;
  /** Starts the ids of the box's elements, one per box on a page (ids from the props,
   *  not from React, so the header renders the same inside any page). */
  idPrefix: string;
  /** The visible label. */
  label?: string;
  /** Shows the label only to screen readers (the header's entry). */
  labelHidden?: boolean;
  /** Focuses the box when it appears (the header's entry, opened by the shopper). */
  focusOnMount?: boolean;
  /** Escape on a box with no open list (the header closes its entry). */
  onEscape?: () => void;
  /** Goes to a page (tests watch it). */
  navigate?: (href: string) => void;
}

/** A keyword box with suggestions from the dealer's stock. Without script it is a plain
 *  GET form to the search page with `query=`. */
export function KeywordBox({
  searchPath,
  idPrefix,
  label = 'Search our stock',
  labelHidden = false,
  focusOnMount = false,
  onEscape,
  navigate = (href) => window.location.assign(href),
}: Props) {
  const id = idPrefix;
  const inputId = `${id}-input`;
  const listId = `${id}-list`;
  const [text, setText] = useState('');
  const [all, setAll] = useState<Suggestion[]>([]);
  const [open, setOpen] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const shown = open ? matchSuggestions(all, text) : [];
  // Enter submits the form, which goes to the active suggestion or searches the words.
  const { active, setActive, expanded, onKey, inputProps } = useComboboxKeys(
    shown.length,
    open,
    setOpen,
  );
  useEffect(() => {
    if (focusOnMount) input.current?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the box appears
  }, []);

  const load = () => {
    loadFacets()
      .then((facets) => setAll(suggestionsFrom(facets, searchPath)))
      // Without suggestions the box still searches the words typed.
      .catch(() => undefined);
  };
  const go = (suggestion: Suggestion) => {
    setOpen(false);
    navigate(suggestion.href);
  };

  return (
    <form
      role="search"
      className="keyword-box"
      action={searchPath}
      method="get"
      onSubmit={(event) => {
        event.preventDefault();
        const picked = expanded && active >= 0 ? shown[active] : undefined;
        if (picked) go(picked);
        else navigate(queryHref(searchPath, text));
      }}
    >
      <label htmlFor={inputId} className={labelHidden ? 'visually-hidden' : 'keyword-box__label'}>
        {label}
      </label>
      <div className="keyword-box__field">
        <input
          ref={input}
          id={inputId}
          name="query"
          // Text, not search: HTML gives a combobox role to a text input only.
          type="text"
          inputMode="search"
          enterKeyHint="search"
          {...inputProps(listId)}
          maxLength={200}
          placeholder="Make, model or keyword"
          value={text}
          onFocus={load}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onKeyDown={(event) => {
            // Escape with no list open: the header closes its entry, else the text goes.
            if (onKey(event) || event.key !== 'Escape') return;
            if (onEscape) {
              event.preventDefault();
              event.stopPropagation();
              onEscape();
            } else if (text !== '') {
              event.preventDefault();
              setText('');
            }
          }}
        />
        <ComboboxListbox
          id={listId}
          label="Suggestions"
          options={shown}
          active={active}
          expanded={expanded}
          keyOf={(s) => `${s.kind}:${s.label}`}
          labelOf={(s) => `${s.label}, ${KIND_WORD[s.kind].toLowerCase()}, ${s.count} in stock`}
          onPick={go}
        >
          {(s) => (
            <>
              <span className="keyword-box__option-label">{s.label}</span>
              <span className="keyword-box__option-kind">
                {KIND_WORD[s.kind]} · {s.count}
              </span>
            </>
          )}
        </ComboboxListbox>
      </div>
      <button type="submit" className="button keyword-box__submit">
        Search
      </button>
      <p className="visually-hidden" role="status" aria-live="polite">
        {expanded
          ? `${shown.length} ${shown.length === 1 ? 'suggestion' : 'suggestions'}: up and down arrows to choose, Enter to go.`
          : ''}
      </p>
    </form>
  );
}

/** The header's search entry: a search button that opens the keyword box in a strip
 *  under the header bar (over the page, so nothing moves). Escape or a click elsewhere
 *  closes it and gives the focus back to the button. */
export function HeaderSearch({ searchPath }: { searchPath: string }) {
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const panelId = 'header-search-panel';
  useEffect(() => {
    if (!open) return undefined;
    const onPointerDown = (event: MouseEvent) => {
      if (!box.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointerDown);
    return () => document.removeEventListener('mousedown', onPointerDown);
  }, [open]);
  const close = () => {
    setOpen(false);
    toggle.current?.focus();
  };
  return (
    <div ref={box} className="header-search">
      <button
        ref={toggle}
        type="button"
        className="icon-button"
        aria-expanded={open}
        aria-controls={panelId}
        title="Search stock"
        onClick={() => setOpen((o) => !o)}
      >
        <svg viewBox="0 0 24 24" width={24} height={24} aria-hidden focusable={false}>
          <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M15.5 15.5L21 21" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
        <span className="visually-hidden">Search stock</span>
      </button>
      <div id={panelId} className="header-search__panel" hidden={!open}>
        {open ? (
          <div className="container">
            <KeywordBox
              searchPath={searchPath}
              idPrefix="header-search"
              label="Search stock"
              labelHidden
              focusOnMount
              onEscape={close}
            />
          </div>
        ) : null}
      </div>
    </div>
  );
}
