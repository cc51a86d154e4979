// GET /api/search (through the API client) with a client cache of a configured size
// (oldest answer dropped when full, seed 000 s4). The answer's hits are the card view
// models the generator indexed.
import { search, type Schemas } from '../../api/client';
import { FifoCache } from '../../lib/fifo-cache';
import type { CardView } from '../../types/generated/CardView';
import type { FacetItemView } from '../../types/generated/FacetItemView';

/** The endpoint's answer (the API schema's `SearchReply`), less the timing the page does
 *  not use, with the hits as the card view models they are (the schema leaves the stored
 *  cards untyped) and the facet items as the page's view type. */
export type SearchAnswer = Omit<Schemas['SearchReply'], 'hits' | 'facets' | 'ms'> & {
  hits: CardView[];
  facets: Record<string, FacetItemView[]>;
};

function isCard(value: unknown): value is CardView {
  if (value === null || typeof value !== 'object') return false;
  const card = value as Partial<CardView>;
  return (
    typeof card.id === 'number' &&
    typeof card.path === 'string' &&
    typeof card.name === 'string' &&
    typeof card.price_text === 'string'
  );
}

/** Checks the answer's shape; throws a readable error when it is not a search answer. */
export function parseAnswer(json: unknown): SearchAnswer {
  if (json === null || typeof json !== 'object') throw new Error('search answer is not an object');
  const answer = json as Record<string, unknown>;
  if (!Array.isArray(answer.hits) || !answer.hits.every(isCard))
    throw new Error('search answer has no card hits');
  if (typeof answer.count !== 'number' || typeof answer.pages !== 'number')
    throw new Error('search answer has no count');
  return {
    hits: answer.hits,
    count: answer.count,
    page: typeof answer.page === 'number' ? answer.page : 0,
    pages: answer.pages,
    facets: (answer.facets as Record<string, FacetItemView[]> | undefined) ?? {},
    facets_stats: (answer.facets_stats as SearchAnswer['facets_stats'] | undefined) ?? {},
    understood: (answer.understood as SearchAnswer['understood']) ?? null,
    relaxed: (answer.relaxed as SearchAnswer['relaxed']) ?? null,
    suggestion: (answer.suggestion as SearchAnswer['suggestion']) ?? null,
  };
}

/** A first-in first-out cache of answers by query string. */
export class AnswerCache extends FifoCache<SearchAnswer> {}

/** Fetches (or takes from the cache) the answer of `query`. */
export async function fetchSearch(
  apiPath: string,
  query: string,
  cache: AnswerCache,
  signal?: AbortSignal,
  fresh = false,
): Promise<SearchAnswer> {
  const cached = fresh ? undefined : cache.get(query);
  if (cached) return cached;
  // `fresh` revalidates with the server instead of taking the browser's cached answer.
  const response = await search(apiPath, query, { signal, cache: fresh ? 'no-cache' : 'default' });
  if (!response.ok) throw new Error(`search failed with HTTP ${response.status}`);
  const answer = parseAnswer(response.body);
  cache.set(query, answer);
  return answer;
}
