// What the account pages (sign-in, watchlist, garage) make of an edge API call made
// through the API client (api/client.ts): errors come back as {success: false, code,
// message, fields?} (edge-api/src/error.rs); a failed network call or a non-JSON answer
// is a failure with the seed's fallback text.
import type { Reply } from '../../api/client';
import { MESSAGES } from '../../types/generated/messages';
import { asObject, textAt } from '../../lib/local-store';

/** What a call came to: on success, the answer's body (typed from the API's schema) as far
 *  as it goes, since a proxy or an older deploy may answer with less. */
export type ApiResult<T> =
  | { ok: true; status: number; body: Partial<T> }
  | { ok: false; status: number; code: string; message: string; fields: Record<string, string> };

/** Account calls always ask the server: a session or a watchlist is never taken from the
 *  browser's cache. */
export const ACCOUNT_CALL = { cache: 'no-store' } as const;

/** Waits for `reply` (a call of the API client) and reads it as an account result. */
export async function callApi<T>(reply: Promise<Reply<T>>): Promise<ApiResult<T>> {
  let answer: Reply<T>;
  try {
    answer = await reply;
  } catch {
    return {
      ok: false,
      status: 0,
      code: 'network',
      message: MESSAGES.UNEXPECTED_ERROR,
      fields: {},
    };
  }
  const parsed = asObject(answer.body) ?? {};
  if (answer.ok) return { ok: true, status: answer.status, body: parsed as Partial<T> };
  const fields: Record<string, string> = {};
  const rawFields = asObject(parsed.fields);
  if (rawFields)
    for (const name of Object.keys(rawFields))
      if (textAt(rawFields, name)) fields[name] = textAt(rawFields, name);
  return {
    ok: false,
    status: answer.status,
    code: textAt(parsed, 'code'),
    // Seed 001 s8: a server error text is shown as-is, else 'An unexpected error occured'.
    message: textAt(parsed, 'message') || MESSAGES.UNEXPECTED_ERROR,
    fields,
  };
}
