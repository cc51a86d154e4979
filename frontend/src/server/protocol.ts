// The generator <-> SSR worker protocol of docs/contracts.md, as pure functions so the
// worker loop stays trivial and the protocol is unit tested.

/** One request line: `{"id": 17, "kind": "vehicle", "props": {...}}`. */
export interface RenderRequest {
  id: number | string;
  kind: string;
  props: unknown;
}

/** One response: `{id, html}` or `{id, error}` (error includes the stack). */
export type RenderResponse = { id: number | string | null; html: string } | { id: number | string | null; error: string };

/** The text of an error with its stack, for the `error` field. */
export function describeError(error: unknown): string {
  if (error instanceof Error) {
    return error.stack && error.stack.includes(error.message) ? error.stack : `${error.name}: ${error.message}\n${error.stack ?? ''}`;
  }
  return String(error);
}

/** Answers one request line with `render`; never throws. */
export function answerLine(line: string, render: (kind: string, props: unknown) => string): RenderResponse {
  let request: unknown;
  try {
    request = JSON.parse(line);
  } catch (error) {
    return { id: null, error: `invalid JSON request: ${describeError(error)}` };
  }
  if (request === null || typeof request !== 'object') {
    return { id: null, error: 'request must be a JSON object with id, kind and props' };
  }
  const { id, kind, props } = request as Partial<RenderRequest>;
  const safeId = typeof id === 'number' || typeof id === 'string' ? id : null;
  if (safeId === null) {
    return { id: null, error: 'request has no numeric or string "id"' };
  }
  if (typeof kind !== 'string') {
    return { id: safeId, error: 'request has no string "kind"' };
  }
  try {
    return { id: safeId, html: render(kind, props) };
  } catch (error) {
    return { id: safeId, error: describeError(error) };
  }
}

/**
 * The bytes of one answer on stdout. Markup goes as a header line `{"id":17,"bytes":N}`
 * followed by the N bytes of the markup (UTF-8), so it is never escaped into JSON and
 * unescaped again; an error (or an answer without an id) is one JSON line.
 */
export function frameAnswer(answer: RenderResponse): Buffer {
  if ('html' in answer && answer.id !== null) {
    const bytes = Buffer.byteLength(answer.html, 'utf8');
    const header = `${JSON.stringify({ id: answer.id, bytes })}\n`;
    const headerBytes = Buffer.byteLength(header, 'utf8');
    const frame = Buffer.allocUnsafe(headerBytes + bytes);
    frame.write(header, 0, 'utf8');
    frame.write(answer.html, headerBytes, 'utf8');
    return frame;
  }
  return Buffer.from(`${JSON.stringify(answer)}\n`, 'utf8');
}
