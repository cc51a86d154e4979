import { useEffect, useRef, useState } from 'react';
import { useDebounced } from './use-debounce';

interface Props {
  query: string;
  /** Pause before the typed text becomes the query (seed 000 s2/s9: 300 ms). */
  delayMs: number;
  onQuery: (query: string) => void;
}

/** The search box: what the shopper types becomes the `query` parameter after a pause,
 *  or at once on Enter. */
export function SearchBox({ query, delayMs, onQuery }: Props) {
  const [text, setText] = useState(query);
  const sent = useRef(query);
  const later = useDebounced((value: string) => {
    if (value === sent.current) return;
    sent.current = value;
    onQuery(value);
  }, delayMs);
  const typed = useRef(text);
  typed.current = text;
  // The query changed from outside (back and forward, Clear Filters, the words left once
  // "under 30k" became a price filter): show it, unless the shopper has typed on since
  // the last query was sent (their text is sent in turn).
  useEffect(() => {
    if (query !== sent.current) {
      const typingOn = typed.current !== sent.current;
      sent.current = query;
      if (typingOn) return;
      later.cancel();
      setText(query);
    }
  }, [query, later]);
  return (
    <form
      role="search"
      className="search-box"
      onSubmit={(event) => {
        event.preventDefault();
        later.cancel();
        if (text !== sent.current) {
          sent.current = text;
          onQuery(text);
        }
      }}
    >
      <label htmlFor="search-box-input">Search stock</label>
      <input
        id="search-box-input"
        type="search"
        value={text}
        placeholder="Make, model or keyword"
        autoComplete="off"
        maxLength={200}
        onChange={(event) => {
          setText(event.target.value);
          later.call(event.target.value);
        }}
      />
      <button type="submit" className="button button--small">
        Search
      </button>
    </form>
  );
}
