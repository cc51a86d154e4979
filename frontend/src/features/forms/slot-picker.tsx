import { forwardRef, useEffect, useRef, useState } from 'react';
import type { FieldView } from '../../types/generated/FieldView';
import type { LocationOption } from '../../types/generated/LocationOption';
import { fetchSlots, type SlotList } from './appointments-client';
import { errorId, fieldId } from './form-field';

type Load =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'error' }
  | { state: 'ready'; list: SlotList };

interface Props {
  formId: string;
  /** The slot field (`appointment.time`). */
  field: FieldView;
  /** GET endpoint of the slots. */
  apiPath: string;
  /** What is booked, lower case, in the vehicle's words ("test drive", "test ride",
   *  "inspection"): the form's `appointment.visit`. */
  visit: string;
  /** The location the test drive is at (none until the shopper picks one). */
  location: LocationOption | null;
  /** The chosen date, YYYY-MM-DD ('' for none). */
  date: string;
  /** The chosen start time, HH:MM ('' for none). */
  value: string;
  error: string | undefined;
  /** Changing it loads the slots again (after a slot was taken meanwhile). */
  reload: number;
  onChange: (name: string, value: string) => void;
  /** The labels of the loaded slots by time ("09:30" -> "9:30am"). */
  onSlots?: (labels: Record<string, string>) => void;
  fetchImpl?: typeof fetch;
}

/** The start times a location offers on the chosen date, as a radio group (arrow keys
 *  move between times), with loading, empty and error states; a chosen time that is no
 *  longer offered is cleared when the list loads. */
export const SlotPicker = forwardRef<HTMLFieldSetElement, Props>(function SlotPicker(
  {
    formId,
    field,
    apiPath,
    visit,
    location,
    date,
    value,
    error,
    reload,
    onChange,
    onSlots,
    fetchImpl,
  },
  ref,
) {
  const [load, setLoad] = useState<Load>({ state: 'idle' });
  const [retry, setRetry] = useState(0);
  const current = useRef(value);
  current.current = value;
  const slug = location?.slug ?? '';

  useEffect(() => {
    if (slug === '' || date === '') {
      setLoad({ state: 'idle' });
      return;
    }
    const controller = new AbortController();
    setLoad({ state: 'loading' });
    fetchSlots(apiPath, slug, date, controller.signal, fetchImpl)
      .then((list) => {
        if (controller.signal.aborted) return;
        setLoad({ state: 'ready', list });
        onSlots?.(Object.fromEntries(list.slots.map((s) => [s.time, s.label])));
        if (current.current !== '' && !list.slots.some((s) => s.time === current.current))
          onChange(field.name, '');
      })
      .catch(() => {
        if (!controller.signal.aborted) setLoad({ state: 'error' });
      });
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- onChange and onSlots are the form's setters and fetchImpl a test seam; the list depends on where and when only
  }, [apiPath, slug, date, reload, retry, field.name]);

  const id = fieldId(formId, field.name);
  const statusId = `${id}-status`;
  const describedBy = [statusId, error ? errorId(formId, field.name) : null]
    .filter(Boolean)
    .join(' ');
  let status: string;
  if (slug === '') status = 'Choose a location to see the available times.';
  else if (date === '') status = 'Choose a date to see the available times.';
  else if (load.state === 'loading' || load.state === 'idle')
    status = 'Loading the available times…';
  else if (load.state === 'error') status = 'The available times could not be loaded.';
  else if (load.list.slots.length === 0)
    status =
      load.list.hours === null
        ? `${location?.name ?? 'We'} is closed on that day. Please choose another date.`
        : 'No times are left on that day. Please choose another date.';
  else {
    const { slots: offered, hours, slotMinutes } = load.list;
    status = `${offered.length} ${offered.length === 1 ? 'time' : 'times'} available${hours ? ` (open ${hours})` : ''}.${slotMinutes ? ` Each ${visit} takes ${slotMinutes} minutes.` : ''}`;
  }

  const slots = load.state === 'ready' ? load.list.slots : [];
  return (
    <fieldset
      ref={ref}
      tabIndex={-1}
      role="radiogroup"
      className="form-field form-field--slot slot-picker"
      aria-describedby={describedBy}
      aria-busy={load.state === 'loading'}
      aria-invalid={error ? true : undefined}
    >
      <legend className="form-field__label">{field.label}</legend>
      <p id={statusId} className="slot-picker__status" role="status">
        {status}
      </p>
      {load.state === 'error' ? (
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={() => setRetry((n) => n + 1)}
        >
          Try again
        </button>
      ) : null}
      {slots.length > 0 ? (
        <div className="slot-picker__slots">
          {slots.map((slot) => {
            const slotId = `${id}-${slot.time.replace(':', '')}`;
            return (
              <div className="slot-picker__slot" key={slot.time}>
                <input
                  id={slotId}
                  type="radio"
                  name={field.name}
                  value={slot.time}
                  checked={value === slot.time}
                  onChange={() => onChange(field.name, slot.time)}
                />
                <label htmlFor={slotId}>{slot.label}</label>
              </div>
            );
          })}
        </div>
      ) : null}
      {value !== '' && slots.length > 0 ? (
        <button
          type="button"
          className="link-button slot-picker__clear"
          onClick={() => onChange(field.name, '')}
        >
          No preferred time
        </button>
      ) : null}
      {error ? (
        <p className="form-field__error" id={errorId(formId, field.name)}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
});
