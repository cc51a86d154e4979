import { useId } from 'react';
import { useModalDialog } from '../../lib/use-modal-dialog';
import { ModalDialog } from '../../components/modal-dialog';
import type { HolidayHoursRow } from '../../types/generated/HolidayHoursRow';
import { MESSAGES } from '../../types/generated/messages';

/** The View Holiday Hours button and its modal dialog listing the special hours of the
 *  coming dates (seed 001 s2); nothing when there are none. Escape, the Close button
 *  and the dialog's cancel close it and return focus to the button. */
export function HolidayHoursDialog({
  rows,
  locationName,
}: {
  rows: HolidayHoursRow[];
  locationName: string;
}) {
  const modal = useModalDialog();
  const { show, close, opener } = modal;
  const titleId = useId();
  if (rows.length === 0) return null;
  return (
    <>
      <button
        ref={opener}
        type="button"
        className="button button--secondary button--small"
        aria-haspopup="dialog"
        onClick={show}
      >
        {MESSAGES.VIEW_HOLIDAY_HOURS}
      </button>
      <ModalDialog modal={modal} className="holiday-dialog" labelledBy={titleId}>
        <h2 id={titleId} className="holiday-dialog__title">
          Holiday hours: {locationName}
        </h2>
        <table className="holiday-dialog__table">
          <tbody>
            {rows.map((row) => (
              <tr key={row.date}>
                <th scope="row">
                  <time dateTime={row.date}>{row.label}</time>
                  {row.occasion ? (
                    <span className="holiday-dialog__occasion">{row.occasion}</span>
                  ) : null}
                </th>
                <td>{row.text}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <button type="button" className="button" onClick={close}>
          Close
        </button>
      </ModalDialog>
    </>
  );
}
