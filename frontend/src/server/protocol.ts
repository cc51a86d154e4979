// The generator <-> SSR worker protocol of docs/contracts.md, as pure functions so the
// worker loop stays trivial and the protocol is unit tested.

/** One request line: `{"id": 17, "kind": "vehicle", "props": {...}}`. */
interface RenderRequest {
  id: number | string;
  kind: string;
  props: unknown;
}

/** One response: `{id, html}` or `{id, error}` (error includes the stack). */
type RenderResponse =
  { id: number | string | null; html: string } | { id: number | string | null; error: string };

/** The text of an error with its stack, for the `error` field. */
export function describeError(error: unknown): string {
  if (error instanceof Error) {
    return error.stack && error.stack.includes(error.message)
      ? error.stack
      : `${error.name}: ${error.message}\n${error.stack ?? ''}`;
  }
  return String(error);
}

/** Answers one request line with `render`; never throws. */
export function answerLine(
  line: string,
  render: (kind: string, props: unknown) => string,
): RenderResponse {
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
 *
 * The markup is encoded once, straight into the frame (room for 3 bytes per UTF-16 code
 * unit, the most UTF-8 takes), without measuring it first; its header then goes in the
 * room left in front of it. No copy of the markup is made.
 */
export function frameAnswer(answer: RenderResponse): Buffer {
  if ('html' in answer && answer.id !== null) {
    const id = JSON.stringify(answer.id);
    // `{"id":` + id + `,"bytes":` + at most 16 digits + `}\n`
    const room = Buffer.byteLength(id) + 33;
    const frame = Buffer.allocUnsafe(room + answer.html.length * 3);
    const bytes = frame.write(answer.html, room, 'utf8');
    const header = `{"id":${id},"bytes":${bytes}}\n`;
    const start = room - Buffer.byteLength(header);
    frame.write(header, start, 'utf8');
    return frame.subarray(start, room + bytes);
  }
  return Buffer.from(`${JSON.stringify(answer)}\n`, 'utf8');
}

/**
 * Splits a byte stream into lines: `push` each chunk, then `end`. `onLine` gets each
 * line without its `\n` (or a `\r` before it); a last line without a newline comes at
 * `end`. Lines are cut on the newline byte and only then decoded, so a chunk may end
 * anywhere, even inside a character; a request line is one long JSON text, found with a
 * byte search.
 */
export function lineSplitter(onLine: (line: string) => void): {
  push(chunk: Buffer): void;
  end(): void;
} {
  let pending: Buffer[] = [];
  const emit = (line: Buffer) => {
    const end = line.length > 0 && line[line.length - 1] === 13 ? line.length - 1 : line.length;
    onLine(line.toString('utf8', 0, end));
  };
  return {
    push(chunk) {
      let from = 0;
      for (let newline = chunk.indexOf(10); newline >= 0; newline = chunk.indexOf(10, from)) {
        const piece = chunk.subarray(from, newline);
        emit(pending.length === 0 ? piece : Buffer.concat([...pending, piece]));
        pending = [];
        from = newline + 1;
      }
      if (from < chunk.length) pending.push(chunk.subarray(from));
    },
    end() {
      if (pending.length > 0) emit(Buffer.concat(pending));
      pending = [];
    },
  };
}
