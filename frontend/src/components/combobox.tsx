// What the keyword box and the place field share as WAI-ARIA comboboxes: the keys of the
// input (arrows move through the options, Enter chooses, Escape closes the list) and the
// listbox under it. The input keeps the focus; the active option is named by
// aria-activedescendant, so the options themselves take no keys.
import {
  useState,
  type Dispatch,
  type KeyboardEvent,
  type ReactNode,
  type SetStateAction,
} from 'react';
import './combobox.css';

/** The id of a listbox's option `index`. */
export function optionId(listId: string, index: number): string {
  return `${listId}-${index}`;
}

/** The option after `active` one step (+1 down, -1 up) through `count` options. -1 is no
 *  option: past either end the text typed is current again, and one more step wraps. */
export function stepActive(active: number, step: 1 | -1, count: number): number {
  const next = active + step;
  if (next >= count) return -1;
  if (next < -1) return count - 1;
  return next;
}

interface ComboboxKeys {
  /** The active option's index, -1 for none. */
  active: number;
  setActive: Dispatch<SetStateAction<number>>;
  /** Whether the list shows: open, with options in it. */
  expanded: boolean;
  /** The input's keydown; true when the combobox took the key (the caller's own keys, such
   *  as an Escape with the list closed, come after a false). `choose` is called on Enter
   *  with the list expanded, with the active index (-1 for none); it returns whether it
   *  chose, and when it did not, Enter does what it would (a form is submitted). Without
   *  `choose`, Enter is always left to the form. */
  onKey: (event: KeyboardEvent<HTMLInputElement>, choose?: (index: number) => boolean) => boolean;
  /** The combobox attributes of the input over the list `listId`, and its blur. */
  inputProps: (listId: string) => ComboboxInputProps;
}

interface ComboboxInputProps {
  role: 'combobox';
  'aria-autocomplete': 'list';
  'aria-expanded': boolean;
  'aria-controls': string;
  'aria-activedescendant': string | undefined;
  autoComplete: 'off';
  onBlur: () => void;
}

/** The keys of a combobox's input over `count` options, open or not as its caller says. */
export function useComboboxKeys(
  count: number,
  open: boolean,
  setOpen: (open: boolean) => void,
): ComboboxKeys {
  const [active, setActive] = useState(-1);
  const expanded = open && count > 0;
  const onKey: ComboboxKeys['onKey'] = (event, choose) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) setOpen(true);
      else if (count > 0) {
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((a) => stepActive(a, step, count));
      }
      return true;
    }
    if (event.key === 'Enter' && expanded && choose?.(active)) {
      event.preventDefault();
      return true;
    }
    if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      // The list closes, not what holds the box (the header's search entry).
      event.stopPropagation();
      setOpen(false);
      setActive(-1);
      return true;
    }
    return false;
  };
  const inputProps = (listId: string): ComboboxInputProps => ({
    role: 'combobox',
    'aria-autocomplete': 'list',
    'aria-expanded': expanded,
    'aria-controls': listId,
    'aria-activedescendant': expanded && active >= 0 ? optionId(listId, active) : undefined,
    autoComplete: 'off',
    onBlur: () => setOpen(false),
  });
  return { active, setActive, expanded, onKey, inputProps };
}

interface ListboxProps<T> {
  /** The list's id (the input's aria-controls). */
  id: string;
  /** The list's accessible name. */
  label: string;
  options: readonly T[];
  active: number;
  expanded: boolean;
  /** React's key of an option. */
  keyOf: (option: T) => string;
  /** An option's accessible name, when its text does not say it well. */
  labelOf?: (option: T) => string;
  /** The shopper clicked an option. */
  onPick: (option: T) => void;
  /** What an option shows. */
  children: (option: T) => ReactNode;
}

/** The options of a combobox, under its input. */
export function ComboboxListbox<T>({
  id,
  label,
  options,
  active,
  expanded,
  keyOf,
  labelOf,
  onPick,
  children,
}: ListboxProps<T>) {
  return (
    <ul id={id} role="listbox" aria-label={label} className="combobox__list" hidden={!expanded}>
      {options.map((option, i) => (
        // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- the combobox's input takes the keys for its options (aria-activedescendant)
        <li
          key={keyOf(option)}
          id={optionId(id, i)}
          role="option"
          aria-selected={i === active}
          aria-label={labelOf?.(option)}
          className={`combobox__option${i === active ? ' combobox__option--active' : ''}`}
          // Keeps the focus in the input, so the click is not lost to its blur.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onPick(option)}
        >
          {children(option)}
        </li>
      ))}
    </ul>
  );
}
