// Toasts (seed 001 s4: one at a time). `showToast` replaces whatever toast is shown; the
// region is on every page (Layout) and announces politely to screen readers. A plain
// toast goes after TOAST_MS; one with an action (View List) stays until it is dismissed
// or replaced, so nobody has to race a timer to reach its link.
import { useEffect, useSyncExternalStore } from 'react';

/** A toast: its text and an optional link (e.g. View List). */
export interface Toast {
  text: string;
  action?: { label: string; href: string };
}

/** How long a toast without an action stays. */
export const TOAST_MS = 8000;

let current: { toast: Toast; seq: number } | null = null;
let seq = 0;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

/** Shows `toast` instead of the one shown (toast limit 1). */
export function showToast(toast: Toast): void {
  seq += 1;
  current = { toast, seq };
  emit();
}

/** Hides the toast. */
export function dismissToast(): void {
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
    if (!shown || shown.toast.action) return undefined;
    const timer = window.setTimeout(() => {
      if (current?.seq === shown.seq) dismissToast();
    }, TOAST_MS);
    return () => window.clearTimeout(timer);
  }, [shown]);
  return (
    <div className="toast-region" role="status" aria-live="polite">
      {shown ? (
        <div className="toast">
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
