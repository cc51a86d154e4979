// Hydration of a pre-rendered page: the document shell put the server markup in
// <div id="root"> and the props in <script type="application/json" id="__FORECOURT_PROPS__">.
import { startTransition, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { recordPageView } from '../lib/attribution';
import { enforceGate } from '../features/account/gate';
import type { SignInType } from '../types/generated/SignInType';

/** Reads the page props the document shell embedded. */
function readProps<P>(doc: Document = document): P {
  const script = doc.getElementById('__FORECOURT_PROPS__');
  if (!script?.textContent) {
    throw new Error('Forecourt: the page has no #__FORECOURT_PROPS__ script');
  }
  return JSON.parse(script.textContent) as P;
}

/** Hydrates `Page` into #root with the embedded props; a gated page (props.gate) then
 *  checks that somebody is signed in. */
export function hydratePage<P extends object>(Page: ComponentType<P>): void {
  const root = document.getElementById('root');
  if (!root) {
    throw new Error('Forecourt: the page has no #root element');
  }
  const props = readProps<P & { gate?: SignInType | null }>();
  // Before hydration, so a lead sent from this page already counts it.
  recordPageView(new URL(window.location.href), document.referrer, Date.now());
  // As a transition, hydration yields to the browser every few milliseconds instead of
  // holding the main thread for the whole page: a tap or scroll during it is not kept
  // waiting. A click on a part not yet hydrated hydrates it at once and is replayed.
  startTransition(() => {
    hydrateRoot(root, <Page {...props} />);
  });
  if (props.gate) void enforceGate(props.gate);
}
