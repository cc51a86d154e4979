import { useCallback, useEffect, useRef, useState } from 'react';
import type { SearchPageView } from '../../types/generated/SearchPageView';
import { AnswerCache, fetchSearch, type SearchAnswer } from './search-client';
import {
  apiQuery,
  emptyState,
  historyFilters,
  isDefaultState,
  parseSearchState,
  serializeSearchState,
  type SearchState,
} from './search-state';
import { recordSearch } from '../account/records';
import { applyUnderstood } from './understood';

/** Where the results stand. */
type SearchStatus = 'idle' | 'loading' | 'error';

function initialAnswer(page: SearchPageView): SearchAnswer {
  return {
    hits: page.hits,
    count: page.count,
    page: 0,
    pages: page.pages,
    facets: {},
    facets_stats: {},
  };
}

/** The search page's state: URL state, current answer and status. The server-rendered
 *  first page is the initial answer; after hydration a non-default URL is queried, and a
 *  default one is refreshed once (the API marks cars reserved since the build), quietly:
 *  the previous results stay shown while loading and on error. */
export function useSearch(page: SearchPageView) {
  const [state, setState] = useState<SearchState>(emptyState);
  const [answer, setAnswer] = useState<SearchAnswer>(() => initialAnswer(page));
  const [status, setStatus] = useState<SearchStatus>('idle');
  const cache = useRef(new AnswerCache(page.cache_size));
  const latest = useRef<AbortController | null>(null);
  const firstPage = useRef<SearchAnswer>(initialAnswer(page));
  // The last text read as filters, and the state before: text typed on from it (the
  // shopper was still typing "under 30k" when "under 3" was read) replaces those filters.
  const fromText = useRef<{ raw: string; before: SearchState } | null>(null);

  const run = useCallback(
    (next: SearchState) => {
      latest.current?.abort();
      if (isDefaultState(next)) {
        setAnswer(firstPage.current);
        setStatus('idle');
        return;
      }
      const controller = new AbortController();
      latest.current = controller;
      setStatus('loading');
      fetchSearch(
        page.api_path,
        apiQuery(next, page.fixed_filters, page.page_size, page.sort_by),
        cache.current,
        controller.signal,
      )
        .then((result) => {
          if (controller.signal.aborted) return;
          setAnswer(result);
          setStatus('idle');
          // The endpoint read filter phrases from the text: the URL and the sidebar take
          // the filters it searched with (same results, so no new request).
          if (result.understood) {
            const understood = applyUnderstood(next, result.understood);
            fromText.current = { raw: next.query, before: next };
            setState(understood);
            const query = serializeSearchState(understood);
            window.history.replaceState(null, '', `${page.route}${query ? `?${query}` : ''}`);
          }
        })
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          console.error('Search failed', error);
          setStatus('error');
        });
    },
    [page],
  );

  useEffect(() => {
    const fromUrl = () => {
      const next = parseSearchState(window.location.search);
      setState(next);
      run(next);
    };
    if (!isDefaultState(parseSearchState(window.location.search))) {
      fromUrl();
    } else {
      const controller = new AbortController();
      latest.current = controller;
      fetchSearch(
        page.api_path,
        apiQuery(emptyState(), page.fixed_filters, page.page_size, page.sort_by),
        cache.current,
        controller.signal,
        true,
      )
        .then((result) => {
          if (controller.signal.aborted) return;
          firstPage.current = result;
          setAnswer(firstPage.current);
        })
        .catch((error: unknown) => {
          if (!controller.signal.aborted) console.error('Search refresh failed', error);
        });
    }
    window.addEventListener('popstate', fromUrl);
    return () => {
      window.removeEventListener('popstate', fromUrl);
      latest.current?.abort();
    };
  }, [page, run]);

  const update = useCallback(
    (asked: SearchState) => {
      const last = fromText.current;
      fromText.current = null;
      const next =
        last && asked.query !== last.raw && asked.query.startsWith(last.raw)
          ? { ...asked, ranges: last.before.ranges, refinements: last.before.refinements }
          : asked;
      setState(next);
      const query = serializeSearchState(next);
      const path = `${page.route}${query ? `?${query}` : ''}`;
      window.history.pushState(null, '', path);
      // Search history (seed 001 s3): the last 5 searches with a filter.
      recordSearch(path, historyFilters(next));
      run(next);
    },
    [page.route, run],
  );

  return { state, answer, status, update };
}
