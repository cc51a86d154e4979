// A modal <dialog> driven by React state: opening calls showModal (focus moves to
// `initialFocus` when given), closing calls close; `close()` returns focus to the button
// that opened it (the element whose click called `show`, else `opener`), and the
// dialog's cancel (Escape) closes through state too.
import {
  type KeyboardEvent,
  type RefObject,
  type SyntheticEvent,
  useCallback,
  useEffect,
  useRef,
  useState,
} from 'react';

/** State and refs of one modal dialog: put `dialog` on the <dialog>, `opener` on the
 *  button that calls `show` (or pass `show` as the onClick of several openers: focus
 *  returns to the one clicked), `onCancel` as the dialog's onCancel and `onKeyDown`
 *  (Escape closes) as its onKeyDown. */
export function useModalDialog(initialFocus?: RefObject<HTMLElement | null>) {
  const [open, setOpen] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const returnTo = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    if (open && !el.open) {
      if (typeof el.showModal === 'function') el.showModal();
      else el.setAttribute('open', '');
      initialFocus?.current?.focus();
    } else if (!open && el.open) {
      if (typeof el.close === 'function') el.close();
      else el.removeAttribute('open');
    }
  }, [open, initialFocus]);

  const show = useCallback((from?: { currentTarget: EventTarget | null }) => {
    const target = from?.currentTarget;
    returnTo.current = target instanceof HTMLElement ? target : null;
    setOpen(true);
  }, []);
  const close = useCallback(() => {
    setOpen(false);
    (returnTo.current?.isConnected ? returnTo.current : opener.current)?.focus();
  }, []);
  const onCancel = useCallback(
    (event: SyntheticEvent) => {
      event.preventDefault();
      close();
    },
    [close],
  );
  const onKeyDown = useCallback(
    (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        close();
      }
    },
    [close],
  );
  return { open, show, close, onCancel, onKeyDown, dialog, opener };
}
