// The SSR bundle's functions: render a page kind with its props to body markup.
// The markup is exactly what the kind's hydration entry (src/entries/<kind>.tsx)
// renders in the browser, so hydrateRoot attaches without a mismatch.
//
// `render` (the worker's) shares the fragments pages have in common (<Shared>, see
// src/components/shared-fragment.tsx: a site's header and footer, a car's card): each
// is rendered once per worker for the same data (while kept), and spliced into the page
// where a placeholder stands. `renderWhole` is a plain renderToString of the whole page
// (the bench's ceiling and the test of `render`).
import { randomUUID } from 'node:crypto';
import type { ComponentType, ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { type FragmentStore, FragmentStoreContext } from '../components/shared-fragment';
import { PAGES } from './page-registry';

/** Thrown for a `kind` that has no page component. */
class UnknownKindError extends Error {}

function pageElement(kind: string, props: unknown): ReactElement {
  const Page = (PAGES as Record<string, ComponentType<never> | undefined>)[kind];
  if (!Page) {
    throw new UnknownKindError(
      `unknown page kind "${kind}"; known kinds: ${Object.keys(PAGES).join(', ')}`,
    );
  }
  if (props === null || typeof props !== 'object' || Array.isArray(props)) {
    throw new TypeError(`props of a "${kind}" page must be a JSON object`);
  }
  const Component = Page as ComponentType<Record<string, unknown>>;
  return <Component {...(props as Record<string, unknown>)} />;
}

/** Renders `kind` with `props` to HTML (the content of `<div id="root">`), every part
 *  rendered for this page. */
export function renderWhole(kind: string, props: unknown): string {
  return renderToString(pageElement(kind, props));
}

/** Markup of shared fragments kept per worker, by id and then by their data's JSON text:
 *  the headers and footers of a few sites, the cards of the cars seen lately. Each id
 *  keeps up to KEPT_CHARS characters of data text and markup, dropping the least recently
 *  used first, so a worker's memory stays bounded however large the build. */
const KEPT_CHARS = 48 * 1024 * 1024;
const fragments = new Map<string, { byData: Map<string, FragmentMarkup>; chars: number }>();

/** A placeholder attribute no page content can forge: dealer HTML that is passed through
 *  (content pages) cannot know this process's nonce. */
const NONCE = randomUUID();

/** Whether two values parsed from JSON are equal, member by member. */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i += 1) if (!sameJson(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const key of keys) {
    if (
      !Object.hasOwn(b, key) ||
      !sameJson((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key])
    )
      return false;
  }
  return true;
}

/** Per fragment id, the last `data` a page shared and its JSON text: the pages of a site
 *  come one after another with equal (not identical) site data, and comparing is cheaper
 *  than serializing. The same text also keeps its hash, which makes the lookup cheap. */
const lastData = new Map<string, { data: object; key: string }>();
/** The text of data objects already keyed: a page's header and footer share its site. */
const keyed = new WeakMap<object, string>();

/** The key a fragment's markup is kept by: its data's JSON text. */
function dataKey(id: string, data: object): string {
  let key = keyed.get(data);
  if (key !== undefined) return key;
  const last = lastData.get(id);
  key = last !== undefined && sameJson(data, last.data) ? last.key : JSON.stringify(data);
  lastData.set(id, { data, key });
  keyed.set(data, key);
  return key;
}

/** One page's store: hands out placeholders and remembers what goes in each. */
class PageFragments implements FragmentStore {
  readonly slots: { marker: string; id: string; key: string; element: ReactElement }[] = [];

  slot(id: string, data: object, element: ReactElement): ReactElement {
    const name = `${NONCE}-${this.slots.length}`;
    this.slots.push({
      marker: `<template data-forecourt-shared="${name}"></template>`,
      id,
      key: dataKey(id, data),
      element,
    });
    return <template data-forecourt-shared={name} />;
  }
}

/** A fragment's markup, split as renderToString emits it: the resources React hoists to
 *  the front of a render (`<link rel="preload" as="image">` for its images), then the
 *  fragment itself. */
interface FragmentMarkup {
  hoisted: string[];
  body: string;
  /** What keeping it costs: its data text and markup, in characters. */
  chars: number;
}

/** The `<link>` tags React puts before the markup of a render, and where they end. */
function leadingLinks(html: string): { links: string[]; end: number } {
  const links: string[] = [];
  let at = 0;
  while (html.startsWith('<link ', at)) {
    const end = html.indexOf('/>', at);
    if (end < 0) break;
    links.push(html.slice(at, end + 2));
    at = end + 2;
  }
  return { links, end: at };
}

function fragmentMarkup(id: string, key: string, element: ReactElement): FragmentMarkup {
  let kept = fragments.get(id);
  if (kept === undefined) {
    kept = { byData: new Map(), chars: 0 };
    fragments.set(id, kept);
  }
  let markup = kept.byData.get(key);
  if (markup !== undefined) {
    // Most recently used goes last.
    kept.byData.delete(key);
    kept.byData.set(key, markup);
    return markup;
  }
  const html = renderToString(element);
  const { links, end } = leadingLinks(html);
  markup = { hoisted: links, body: html.slice(end), chars: key.length + html.length };
  kept.byData.set(key, markup);
  kept.chars += markup.chars;
  for (const [oldKey, old] of kept.byData) {
    if (kept.chars <= KEPT_CHARS || old === markup) break;
    kept.byData.delete(oldKey);
    kept.chars -= old.chars;
  }
  return markup;
}

/** Renders `kind` with `props` to HTML (the content of `<div id="root">`): the same
 *  markup as `renderWhole`, with the shared fragments rendered once per worker.
 *
 *  The first fragment's hoisted preloads go first, before the page's own and without
 *  repeating one the page has too: where a whole render puts them when the fragment is
 *  the first part of the page with images (the header). Where a later fragment hoists a
 *  preload, its place among the page's own is not known here: that page is rendered
 *  whole. The SSR test compares every page with `renderWhole`. */
export function render(kind: string, props: unknown): string {
  const store = new PageFragments();
  const html = renderToString(
    <FragmentStoreContext.Provider value={store}>
      {pageElement(kind, props)}
    </FragmentStoreContext.Provider>,
  );
  if (store.slots.length === 0) return html;
  const page = leadingLinks(html);
  const hoisted: string[] = [];
  const parts: string[] = [];
  let from = page.end;
  for (const [index, { marker, id, key, element }] of store.slots.entries()) {
    const at = html.indexOf(marker, from);
    if (at < 0)
      throw new Error(`the shared fragment placeholder ${marker} is missing from the page`);
    const fragment = fragmentMarkup(id, key, element);
    if (fragment.hoisted.length > 0 && index > 0) return renderWhole(kind, props);
    for (const link of fragment.hoisted) if (!hoisted.includes(link)) hoisted.push(link);
    parts.push(html.slice(from, at), fragment.body);
    from = at + marker.length;
  }
  parts.push(html.slice(from));
  for (const link of page.links) if (!hoisted.includes(link)) hoisted.push(link);
  return hoisted.join('') + parts.join('');
}
