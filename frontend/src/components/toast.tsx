// Toasts (seed 001 s4: one at a time). `showToast` replaces whatever toast is shown; the
// region is on every page (Layout) and announces politely to screen readers. A plain
// toast goes after TOAST_MS; one with an action (View List) stays until it is dismissed
// or replaced, so nobody has to race a timer to reach its link. A dismissed toast is only
// hidden from sight: its text stays in the live region for TOAST_REMOVE_MS, because taking
// it out of the page at once can cut a screen reader off mid-sentence.
import { useEffect, useSyncExternalStore } from 'react';

/** A toast: its text and an optional link (e.g. View List). */
interface Toast {
  text: string;
  action?: { label: string; href: string };
}

/** How long a toast without an action stays. */
export const TOAST_MS = 8000;

/** How long a dismissed toast's text stays (hidden) before it leaves the page. */
export const TOAST_REMOVE_MS = 1_000_000;

let current: { toast: Toast; seq: number; open: boolean } | null = null;
let seq = 0;
let removeTimer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

/** Shows `toast` instead of the one shown (toast limit 1). */
export function showToast(toast: Toast): void {
  clearTimeout(removeTimer);
  seq += 1;
  current = { toast, seq, open: true };
  emit();
}

/** Hides the toast; its text leaves the page after TOAST_REMOVE_MS. */
export function dismissToast(): void {
  if (!current || !current.open) return;
  current = { ...current, open: false };
  const dismissed = current.seq;
  clearTimeout(removeTimer);
  removeTimer = setTimeout(() => {
    if (current?.seq === dismissed) removeToast();
  }, TOAST_REMOVE_MS);
  emit();
}

/** Takes the toast, shown or dismissed, out of the page now. */
export function removeToast(): void {
  clearTimeout(removeTimer);
  current = null;
  emit();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The live region the toasts appear in. */
export function ToastRegion() {
  const shown = useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
  useEffect(() => {
    if (!shown || !shown.open || shown.toast.action) return undefined;
    const timer = window.setTimeout(() => {
      if (current?.seq === shown.seq) dismissToast();
    }, TOAST_MS);
    return () => window.clearTimeout(timer);
  }, [shown]);
  return (
    <div className="toast-region" role="status" aria-live="polite">
      {shown && !shown.open ? (
        // Hidden from sight and without its controls, but still read to the end.
        <div className="toast visually-hidden" data-state="closed">
          <p className="toast__text">{shown.toast.text}</p>
        </div>
      ) : shown ? (
        <div className="toast" data-state="open">
          <p className="toast__text">{shown.toast.text}</p>
          {shown.toast.action ? (
            <a className="toast__action" href={shown.toast.action.href}>
              {shown.toast.action.label}
            </a>
          ) : null}
          <button
            type="button"
            className="toast__close"
            aria-label="Dismiss"
            onClick={dismissToast}
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
      ) : null}
    </div>
  );
}
