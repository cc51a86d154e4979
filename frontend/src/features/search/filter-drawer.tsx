import type { VehicleWords } from '../../types/generated/VehicleWords';
import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useModalDialog } from '../../lib/use-modal-dialog';
import { ModalDialog } from '../../components/modal-dialog';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface Props {
  /** Filters applied, shown on the opener. */
  active: number;
  /** Cars found, shown on the close button at the foot. */
  count: number;
  /** What the count calls the stock ("car", "cars"; the dealer's vehicle words). */
  words: VehicleWords;
  children: ReactNode;
}

/** The filters on small screens (below lg): a button opening a modal dialog that holds
 *  the filter widgets. The dialog is labelled by its heading, Tab and Shift+Tab stay
 *  inside it, Escape and Close shut it, and focus returns to the opener. */
export function FilterDrawer({ active, count, words, children }: Props) {
  const heading = useRef<HTMLHeadingElement>(null);
  const modal = useModalDialog(heading);
  const trap = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab') return;
    const focusable = Array.from(event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE));
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    const here = document.activeElement;
    if (event.shiftKey && (here === first || here === heading.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && here === last) {
      event.preventDefault();
      first.focus();
    }
  };
  return (
    <>
      <button
        type="button"
        ref={modal.opener}
        className="button button--secondary filter-drawer__open"
        aria-haspopup="dialog"
        onClick={modal.show}
      >
        Filters{active > 0 ? ` (${active})` : ''}
      </button>
      <ModalDialog
        modal={modal}
        className="filter-drawer"
        labelledBy="filter-drawer-title"
        onKeyDown={trap}
      >
        <div className="filter-drawer__body">
          <div className="filter-drawer__header">
            <h2 id="filter-drawer-title" ref={heading} tabIndex={-1}>
              Filters
            </h2>
            <button
              type="button"
              className="button button--secondary button--small"
              onClick={modal.close}
            >
              Close
            </button>
          </div>
          {children}
          <div className="filter-drawer__footer">
            <button type="button" className="button" onClick={modal.close}>
              Show {count} {count === 1 ? words.one : words.many}
            </button>
          </div>
        </div>
      </ModalDialog>
    </>
  );
}
