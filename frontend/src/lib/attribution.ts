// Attribution that survives to the lead (seed 001 s3 lead_attributes): the
// first page view of a visit keeps its landing page, referrer and campaign parameters
// (utm_*, gclid, fbclid, msclkid); every later page view of the visit adds its path.
// Kept in local storage, bounded, and sent with every lead as `lead_attributes`; the
// API checks the same bounds (edge-api/src/delivery/lead.rs LeadAttributes).
import {
  ATTRIBUTION_MAX_PAGES,
  ATTRIBUTION_MAX_PARAM_NAME,
  ATTRIBUTION_MAX_PARAM_VALUE,
  ATTRIBUTION_MAX_PARAMS,
  ATTRIBUTION_MAX_URL,
} from '../types/generated/constants';
import { readStored, writeStored } from './local-store';

/** Local storage key of the visit. */
export const ATTRIBUTION_KEY = 'forecourt.attribution';
/** A visit ends after this long without a page view (the usual 30-minute session). */
export const VISIT_TIMEOUT_MS = 30 * 60 * 1000;
/** Pages kept per visit: the first and the latest ones (the API refuses more). */
export const MAX_VISITED_PAGES = ATTRIBUTION_MAX_PAGES;
/** Longest page, landing page or referrer kept (characters; longer ones are cut). */
export const MAX_URL_LENGTH = ATTRIBUTION_MAX_URL;
/** Query parameters kept (the API refuses more). */
export const MAX_QUERY_PARAMS = ATTRIBUTION_MAX_PARAMS;
/** Longest query parameter name kept. */
const MAX_PARAM_NAME = ATTRIBUTION_MAX_PARAM_NAME;
/** Longest query parameter value kept (characters; longer ones are cut). */
export const MAX_PARAM_VALUE = ATTRIBUTION_MAX_PARAM_VALUE;
/** Click ids of the ad networks, kept with the utm_* parameters. */
const CLICK_IDS = ['gclid', 'fbclid', 'msclkid'] as const;

/** One visit as stored. */
interface Visit {
  /** The first page of the visit (path and query). */
  landing_page: string;
  /** Where the shopper came from ('' when the browser did not say). */
  referrer: string;
  /** The landing page's campaign parameters. */
  linked_query_params: Record<string, string>;
  /** Pages seen in the visit, oldest first, the landing page included. */
  visited_pages: string[];
  /** Last page view (ms since the epoch). */
  last_seen: number;
}

/** What a lead carries (LeadAttributes of the API). */
export interface LeadAttributes {
  landing_page?: string;
  referrer?: string;
  visited_pages?: string[];
  linked_query_params?: Record<string, string>;
}

const cut = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

/** Whether `name` is a campaign parameter kept for the visit. */
function isCampaignParam(name: string): boolean {
  return name.startsWith('utm_') || (CLICK_IDS as readonly string[]).includes(name);
}

/** The parameters of `query` that `keep` accepts, within the bounds (first ones win). */
function boundedParams(
  query: URLSearchParams,
  keep: (name: string) => boolean = () => true,
): Record<string, string> {
  const params: Record<string, string> = {};
  let count = 0;
  for (const [name, value] of query) {
    if (count >= MAX_QUERY_PARAMS) break;
    if (name === '' || name.length > MAX_PARAM_NAME || !keep(name) || name in params) continue;
    params[name] = cut(value, MAX_PARAM_VALUE);
    count += 1;
  }
  return params;
}

/** The visited pages with `page` added: the landing page and the latest ones kept. */
function addPage(pages: string[], page: string): string[] {
  if (pages[pages.length - 1] === page) return pages;
  const next = [...pages, page];
  return next.length > MAX_VISITED_PAGES
    ? [next[0] as string, ...next.slice(next.length - MAX_VISITED_PAGES + 1)]
    : next;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A stored visit as read back (null when absent or not one). */
function parseVisit(value: unknown): Visit | null {
  if (!isRecord(value)) return null;
  const { landing_page, referrer, linked_query_params, visited_pages, last_seen } = value;
  if (typeof landing_page !== 'string' || typeof referrer !== 'string') return null;
  if (typeof last_seen !== 'number' || !Array.isArray(visited_pages)) return null;
  if (!isRecord(linked_query_params)) return null;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(linked_query_params)) {
    if (typeof v === 'string') params.append(k, v);
  }
  return {
    landing_page: cut(landing_page, MAX_URL_LENGTH),
    referrer: cut(referrer, MAX_URL_LENGTH),
    linked_query_params: boundedParams(params, isCampaignParam),
    visited_pages: visited_pages
      .filter((p): p is string => typeof p === 'string')
      .map((p) => cut(p, MAX_URL_LENGTH))
      .reduce<string[]>(addPage, []),
    last_seen,
  };
}

/** The stored visit, or null. */
export function currentVisit(): Visit | null {
  return readStored(ATTRIBUTION_KEY, parseVisit);
}

/** Records a page view at `now`: the first of a visit (none stored, the last one over
 *  VISIT_TIMEOUT_MS ago, or arriving from another campaign) starts a new visit. */
export function recordPageView(url: URL, referrer: string, now: number): Visit {
  const page = cut(url.pathname + url.search, MAX_URL_LENGTH);
  const campaign = boundedParams(url.searchParams, isCampaignParam);
  const stored = currentVisit();
  const otherCampaign =
    Object.keys(campaign).length > 0 &&
    JSON.stringify(campaign) !== JSON.stringify(stored?.linked_query_params);
  const visit: Visit =
    stored && now - stored.last_seen <= VISIT_TIMEOUT_MS && !otherCampaign
      ? { ...stored, visited_pages: addPage(stored.visited_pages, page), last_seen: now }
      : {
          landing_page: page,
          // A referrer on the site itself says nothing about where the visit came from.
          referrer: sameOrigin(referrer, url) ? '' : cut(referrer, MAX_URL_LENGTH),
          linked_query_params: campaign,
          visited_pages: [page],
          last_seen: now,
        };
  writeStored(ATTRIBUTION_KEY, visit);
  return visit;
}

function sameOrigin(referrer: string, url: URL): boolean {
  // No referrer is the common case (typed, bookmarked, from an app): answered without
  // the exception a failed parse would throw, which costs a phone milliseconds.
  if (!referrer) return false;
  try {
    return new URL(referrer).origin === url.origin;
  } catch {
    return false;
  }
}

/** The `lead_attributes` of a lead sent from a page with `query`: the visit's landing
 *  page, referrer and pages, and its campaign parameters over the page's own query
 *  parameters (a form's prefill link, say); undefined when there is nothing to send. */
export function leadAttributes(
  query: URLSearchParams,
  visit: Visit | null = currentVisit(),
): LeadAttributes | undefined {
  // The campaign's parameters come first, so the bound never drops them.
  const linked: Record<string, string> = { ...(visit?.linked_query_params ?? {}) };
  for (const [name, value] of Object.entries(boundedParams(query))) {
    if (!(name in linked)) linked[name] = value;
  }
  const names = Object.keys(linked).slice(0, MAX_QUERY_PARAMS);
  const attributes: LeadAttributes = {};
  if (visit) {
    attributes.landing_page = visit.landing_page;
    if (visit.referrer !== '') attributes.referrer = visit.referrer;
    attributes.visited_pages = visit.visited_pages;
  }
  if (names.length > 0) {
    attributes.linked_query_params = Object.fromEntries(names.map((n) => [n, linked[n] as string]));
  }
  return Object.keys(attributes).length > 0 ? attributes : undefined;
}
