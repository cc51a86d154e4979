// The SSR bundle's one function: render a page kind with its props to body markup.
// The markup is exactly what the kind's hydration entry (src/entries/<kind>.tsx)
// renders in the browser, so hydrateRoot attaches without a mismatch.
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { PAGES } from './page-registry';

/** Thrown for a `kind` that has no page component. */
export class UnknownKindError extends Error {}

/** Renders `kind` with `props` to HTML (the content of `<div id="root">`). */
export function render(kind: string, props: unknown): string {
  const Page = (PAGES as Record<string, ComponentType<never> | undefined>)[kind];
  if (!Page) {
    throw new UnknownKindError(`unknown page kind "${kind}"; known kinds: ${Object.keys(PAGES).join(', ')}`);
  }
  if (props === null || typeof props !== 'object' || Array.isArray(props)) {
    throw new TypeError(`props of a "${kind}" page must be a JSON object`);
  }
  const Component = Page as ComponentType<Record<string, unknown>>;
  return renderToString(<Component {...(props as Record<string, unknown>)} />);
}
