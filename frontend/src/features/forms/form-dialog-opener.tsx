// The button that opens a form dialog: without JavaScript, a plain link to the form's
// own page.
import { useEffect, useState, type MouseEvent } from 'react';

interface Props {
  label: string;
  /** The form's page, where the link goes before hydration. */
  url: string;
  className: string;
  onOpen: (event: MouseEvent<HTMLElement>) => void;
  /** Called when the button is pointed at or focused: the shopper may be about to open
   *  the dialog (start loading what it needs). */
  onIntent?: () => void;
}

/** A link to the form's page in the static markup; once hydrated, a button opening the
 *  dialog. */
export function FormDialogOpener({ label, url, className, onOpen, onIntent }: Props) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  if (!hydrated) {
    return (
      <a className={className} href={url}>
        {label}
      </a>
    );
  }
  return (
    <button
      type="button"
      className={className}
      aria-haspopup="dialog"
      onClick={onOpen}
      onPointerEnter={onIntent}
      onFocus={onIntent}
    >
      {label}
    </button>
  );
}
