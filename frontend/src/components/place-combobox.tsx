// The place field of the dealer locator, the search's distance picker and the delivery
// calculator: the shopper types a suburb, town or postcode and picks one of the Australian
// places GET /api/places suggests (seed 000: "Address autocomplete is limited to Australia;
// input applies after a 300 ms pause"). A WAI-ARIA combobox: arrow keys move through the
// suggestions, Enter picks, Escape closes the list, and a live region says how many there
// are. A failed lookup is only logged (seed 000): the field keeps working as plain text.
import { useEffect, useId, useRef, useState } from 'react';
import { places, type PlaceSuggestion } from '../api/client';
import { AUTOCOMPLETE_DEBOUNCE_MS } from '../types/generated/constants';
import { ComboboxListbox, useComboboxKeys } from './combobox';
import './place-combobox.css';

export type { PlaceSuggestion } from '../api/client';

/** Fewest characters that are looked up (one letter matches half the country). */
const MIN_QUERY_CHARS = 2;

/** Seed 001 s5: a postcode is exactly 4 digits. */
const POSTCODE = /^\d{4}$/;
/** A place written out with its postcode last ("Springwood QLD 4127"). */
const ENDS_WITH_POSTCODE = /\s(\d{4})$/;
/** Said when words were typed but no suggestion was picked. */
export const CHOOSE_A_PLACE = 'Choose a suburb from the suggestions, or enter a 4-digit postcode.';

/** The postcode in what the shopper typed: the whole text, or the end of a place's line. */
export function postcodeOf(text: string): string | null {
  const value = text.trim();
  if (POSTCODE.test(value)) return value;
  return ENDS_WITH_POSTCODE.exec(value)?.[1] ?? null;
}

/** Asks GET /api/places; throws when there is no usable answer. */
export async function fetchPlaces(query: string, signal: AbortSignal): Promise<PlaceSuggestion[]> {
  const reply = await places(query, { signal });
  if (!reply.ok) throw new Error(`place suggestions failed with HTTP ${reply.status}`);
  if (!Array.isArray(reply.body)) throw new Error('the place suggestions are not a list');
  return reply.body;
}

interface Props {
  /** The visible label. */
  label: string;
  /** The text in the field. */
  value: string;
  /** The shopper typed (every keystroke). */
  onChange: (text: string) => void;
  /** The shopper picked a suggestion (the field then reads its label). */
  onPick: (place: PlaceSuggestion) => void;
  /** The input's name in its form. */
  name?: string;
  /** The input's id (one is made up otherwise). */
  id?: string;
  /** Ids of what describes the field (an error, an answer). */
  describedBy?: string;
  invalid?: boolean;
  /** Class of the wrapper (the label and the field). */
  className?: string;
  /** The places found for the text (trimmed), once a lookup answers. */
  onSuggestions?: (query: string, places: PlaceSuggestion[]) => void;
  /** The lookup (tests). */
  lookUp?: (query: string, signal: AbortSignal) => Promise<PlaceSuggestion[]>;
}

/** A text field with Australian place suggestions. */
export function PlaceCombobox({
  label,
  value,
  onChange,
  onPick,
  name,
  id,
  describedBy,
  invalid = false,
  className = 'field',
  onSuggestions,
  lookUp = fetchPlaces,
}: Props) {
  const made = useId();
  const inputId = id ?? `${made}-input`;
  const listId = `${inputId}-list`;
  const [options, setOptions] = useState<PlaceSuggestion[]>([]);
  const [open, setOpen] = useState(false);
  // The text the options answer: a live count is only said for a finished lookup.
  const [answered, setAnswered] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inflight = useRef<AbortController | null>(null);
  const field = useRef<HTMLInputElement>(null);
  const cancel = () => {
    if (timer.current) clearTimeout(timer.current);
    inflight.current?.abort();
  };
  useEffect(() => {
    // The form was sent with the text as typed: suggestions for it would come too late.
    const form = field.current?.form;
    const sent = () => {
      cancel();
      setOpen(false);
    };
    form?.addEventListener('submit', sent);
    return () => {
      form?.removeEventListener('submit', sent);
      cancel();
    };
  }, []);
  const { active, setActive, expanded, onKey, inputProps } = useComboboxKeys(
    options.length,
    open,
    setOpen,
  );

  const schedule = (text: string) => {
    cancel();
    const query = text.trim();
    if (query.length < MIN_QUERY_CHARS) {
      setOptions([]);
      setAnswered(null);
      return;
    }
    timer.current = setTimeout(() => {
      const controller = new AbortController();
      inflight.current = controller;
      lookUp(query, controller.signal)
        .then((found) => {
          if (controller.signal.aborted) return;
          setOptions(found);
          setAnswered(query);
          setActive(-1);
          onSuggestions?.(query, found);
        })
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          console.error('Place suggestions failed', error);
          setOptions([]);
          setAnswered(null);
        });
    }, AUTOCOMPLETE_DEBOUNCE_MS);
  };

  const pick = (place: PlaceSuggestion) => {
    cancel();
    setOpen(false);
    setActive(-1);
    setOptions([]);
    setAnswered(null);
    onChange(place.label);
    onPick(place);
  };

  const live =
    open && answered !== null
      ? options.length === 0
        ? `No places match ${answered}.`
        : `${options.length} ${options.length === 1 ? 'place' : 'places'} found: up and down arrows to choose, Enter to pick.`
      : '';

  return (
    <div className={`place-combobox ${className}`}>
      <label htmlFor={inputId}>{label}</label>
      <div className="place-combobox__field">
        <input
          ref={field}
          id={inputId}
          name={name}
          type="text"
          {...inputProps(listId)}
          aria-describedby={describedBy}
          aria-invalid={invalid ? true : undefined}
          maxLength={60}
          value={value}
          onChange={(event) => {
            onChange(event.target.value);
            setOpen(true);
            setActive(-1);
            schedule(event.target.value);
          }}
          onKeyDown={(event) =>
            // With the list open, Enter picks the active place, else the best match;
            // otherwise the form is submitted with the text as typed.
            onKey(event, (index) => {
              const chosen = options[index] ?? options[0];
              if (chosen) pick(chosen);
              return chosen !== undefined;
            })
          }
        />
        <ComboboxListbox
          id={listId}
          label={`${label} suggestions`}
          options={options}
          active={active}
          expanded={expanded}
          keyOf={(place) => `${place.label}-${place.lat}-${place.lng}`}
          onPick={pick}
        >
          {(place) => (
            <>
              {place.name}{' '}
              <span className="place-combobox__where">
                {place.state} {place.postcode}
              </span>
            </>
          )}
        </ComboboxListbox>
      </div>
      <p className="visually-hidden" role="status" aria-live="polite">
        {live}
      </p>
    </div>
  );
}
