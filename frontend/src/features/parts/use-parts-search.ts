import { useEffect, useRef, useState } from 'react';
import { useUrlState } from '../search/use-url-state';
import { SEARCH_BOX_DEBOUNCE_MS } from '../../types/generated/constants';
import {
  emptyPartsState,
  parsePartsState,
  serializePartsState,
  setFilters,
  type PartsState,
} from './parts-filter';

/** The parts catalogue's search state, in the URL (read after hydration and on back and
 *  forward, written on every change). The search box keeps its own text and writes it
 *  to the state after a pause; a new filter or query goes back to the first page. */
export function usePartsSearch() {
  const [queryText, setQueryText] = useState('');
  const [state, update] = useUrlState<PartsState>(
    emptyPartsState,
    parsePartsState,
    serializePartsState,
    (next) => setQueryText(next.query),
  );
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // The query lands after a pause: on the state as it is then, not as it was when typed.
  const latest = useRef(state);
  latest.current = state;

  const cancelQuery = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };
  useEffect(() => cancelQuery, []);

  const applyQuery = (text: string) => {
    cancelQuery();
    if (text.trim() !== latest.current.query)
      update(setFilters(latest.current, { query: text.trim() }));
  };

  const onQuery = (text: string) => {
    setQueryText(text);
    cancelQuery();
    timer.current = setTimeout(() => applyQuery(text), SEARCH_BOX_DEBOUNCE_MS);
  };

  /** Enter in the search box: the query at once. */
  const submitQuery = () => applyQuery(queryText);

  const setFilter = (changes: Partial<Omit<PartsState, 'page'>>) =>
    update(setFilters(latest.current, changes));

  const setPage = (page: number) => update({ ...latest.current, page });

  const clear = () => {
    cancelQuery();
    setQueryText('');
    update(emptyPartsState());
  };

  return { state, queryText, onQuery, submitQuery, setFilter, setPage, clear };
}
