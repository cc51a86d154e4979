// The button that opens a form dialog: without JavaScript, a plain link to the form's
// own page.
import { useEffect, useState, type MouseEvent } from 'react';

interface Props {
  label: string;
  /** The form's page, where the link goes before hydration. */
  url: string;
  className: string;
  onOpen: (event: MouseEvent<HTMLElement>) => void;
}

/** A link to the form's page in the static markup; once hydrated, a button opening the
 *  dialog. */
export function FormDialogOpener({ label, url, className, onOpen }: Props) {
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
    <button type="button" className={className} aria-haspopup="dialog" onClick={onOpen}>
      {label}
    </button>
  );
}
