// JSON calls to the edge API from the account pages (sign-in, watchlist). Errors come
// back as {success: false, code, message, fields?} (edge-api/src/error.rs); a failed
// network call or a non-JSON answer is a failure with the seed's fallback text.
import { MESSAGES } from '../../types/generated/messages';
import { asObject, textAt } from '../local-store';

/** What a call came to. */
export type ApiResult =
  | { ok: true; status: number; body: Record<string, unknown> }
  | { ok: false; status: number; code: string; message: string; fields: Record<string, string> };

/** Calls `path` with a JSON body (POST) or none (GET); cookies go along (same origin). */
export async function callApi(
  path: string,
  body?: unknown,
  fetchImpl: typeof fetch = fetch,
): Promise<ApiResult> {
  let response: Response;
  try {
    response = await fetchImpl(path, {
      method: body === undefined ? 'GET' : 'POST',
      credentials: 'same-origin',
      cache: 'no-store',
      headers:
        body === undefined
          ? { accept: 'application/json' }
          : { accept: 'application/json', 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    return {
      ok: false,
      status: 0,
      code: 'network',
      message: MESSAGES.UNEXPECTED_ERROR,
      fields: {},
    };
  }
  let parsed: Record<string, unknown> = {};
  try {
    parsed = asObject(await response.json()) ?? {};
  } catch {
    // Not JSON (a proxy's error page): an answer without a message.
  }
  if (response.ok) return { ok: true, status: response.status, body: parsed };
  const fields: Record<string, string> = {};
  const rawFields = asObject(parsed.fields);
  if (rawFields)
    for (const name of Object.keys(rawFields))
      if (textAt(rawFields, name)) fields[name] = textAt(rawFields, name);
  return {
    ok: false,
    status: response.status,
    code: textAt(parsed, 'code'),
    // Seed 001 s8: a server error text is shown as-is, else 'An unexpected error occured'.
    message: textAt(parsed, 'message') || MESSAGES.UNEXPECTED_ERROR,
    fields,
  };
}
