// The <dialog> element of a `useModalDialog` state: its content is mounted only while it
// is open, it is named by its heading (or a label), and Escape and the browser's cancel
// close it through the state, so focus goes back to the opener.
import type { KeyboardEvent, ReactNode } from 'react';
import type { useModalDialog } from '../lib/use-modal-dialog';

interface Props {
  /** What `useModalDialog` answered. */
  modal: Pick<ReturnType<typeof useModalDialog>, 'open' | 'dialog' | 'onCancel' | 'onKeyDown'>;
  className: string;
  /** The id of the heading that names the dialog. */
  labelledBy?: string;
  /** The dialog's name when it has no heading. */
  label?: string;
  /** Keys beyond Escape (which always closes). */
  onKeyDown?: (event: KeyboardEvent<HTMLDialogElement>) => void;
  children: ReactNode;
}

/** A modal dialog of `modal`'s state. */
export function ModalDialog({ modal, className, labelledBy, label, onKeyDown, children }: Props) {
  return (
    <dialog
      ref={modal.dialog}
      className={className}
      aria-labelledby={labelledBy}
      aria-label={label}
      onCancel={modal.onCancel}
      onKeyDown={(event) => {
        modal.onKeyDown(event);
        onKeyDown?.(event);
      }}
    >
      {modal.open ? children : null}
    </dialog>
  );
}
