// A lead form in a modal dialog (seed 000 s2: "Test drive and enquiry open as modals"):
// the native <dialog> keeps focus inside while open, Escape and Close shut it, and focus
// returns to the button that opened it (openers: form-dialog-opener.tsx).
import { useId, useRef } from 'react';
import { useModalDialog } from '../../lib/use-modal-dialog';
import { ModalDialog } from '../../components/modal-dialog';
import type { FormPageView } from '../../types/generated/FormPageView';
import { LeadForm } from './lead-form';

/** One form dialog's state: pass it to a `FormDialog` and call `show` from its openers. */
export function useFormDialog() {
  const heading = useRef<HTMLHeadingElement>(null);
  return { heading, ...useModalDialog(heading) };
}

/** What `useFormDialog` answers. */
type FormDialogState = ReturnType<typeof useFormDialog>;

interface Props {
  state: FormDialogState;
  /** The form; null while it loads. */
  view: FormPageView | null;
  /** The heading while the form loads, and the form's own page, offered should loading
   *  fail. */
  pending?: { title: string; url: string; failed: boolean };
  /** The site's dealer slug, sent as dealership_slug. */
  dealershipSlug: string;
  /** Opens a page once the form is stored (tests). */
  navigate?: (path: string) => void;
}

/** The dialog of one form. The form is mounted while the dialog is open; what the
 *  shopper typed is kept in the form's draft meanwhile. */
export function FormDialog({ state, view, pending, dealershipSlug, navigate }: Props) {
  const titleId = `${useId()}-dialog-title`;
  const title = view?.title ?? pending?.title ?? '';
  return (
    <ModalDialog modal={state} className="form-dialog" labelledBy={titleId}>
      <div className="form-dialog__body">
        <div className="form-dialog__header">
          <h2 id={titleId} className="form-dialog__title" ref={state.heading} tabIndex={-1}>
            {title}
          </h2>
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={state.close}
          >
            Close
          </button>
        </div>
        {view ? (
          <>
            <p className="form-dialog__intro">{view.intro}</p>
            <LeadForm view={view} dealershipSlug={dealershipSlug} navigate={navigate} />
          </>
        ) : pending?.failed ? (
          <p className="form-dialog__intro" role="alert">
            The form could not be loaded. <a href={pending.url}>Open it on its own page</a>.
          </p>
        ) : (
          <p className="form-dialog__intro" role="status">
            Loading the form…
          </p>
        )}
      </div>
    </ModalDialog>
  );
}
