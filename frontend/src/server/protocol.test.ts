import { describe, expect, it } from 'vitest';
import { answerLine, frameAnswer, lineSplitter } from './protocol';

const render = (kind: string) => {
  if (kind === 'boom') throw new TypeError('page exploded');
  return `<p>${kind}</p>`;
};

describe('worker protocol', () => {
  it('answers {id, html}', () => {
    expect(answerLine('{"id":17,"kind":"home","props":{}}', render)).toEqual({
      id: 17,
      html: '<p>home</p>',
    });
  });

  it('answers {id, error} with the stack and carries on', () => {
    const answer = answerLine('{"id":3,"kind":"boom","props":{}}', render);
    expect(answer.id).toBe(3);
    expect('error' in answer && answer.error).toMatch(/TypeError: page exploded\n\s+at /);
  });

  it('answers bad lines with a null id', () => {
    expect(answerLine('not json', render)).toMatchObject({ id: null });
    expect(answerLine('{"kind":"home"}', render)).toMatchObject({ id: null });
    expect(answerLine('{"id":4}', render)).toEqual({
      id: 4,
      error: 'request has no string "kind"',
    });
  });

  it('frames markup as a header line and its UTF-8 bytes, errors as a JSON line', () => {
    const html = '<p title="a \\"quote\\"">Café ✓\nline</p>';
    const frame = frameAnswer({ id: 9, html });
    const newline = frame.indexOf(10);
    const header = JSON.parse(frame.subarray(0, newline).toString('utf8'));
    expect(header).toEqual({ id: 9, bytes: Buffer.byteLength(html) });
    expect(frame.subarray(newline + 1).toString('utf8')).toBe(html);
    expect(frame.length).toBe(newline + 1 + header.bytes);
    // A string id (any characters) and markup of every UTF-8 length.
    const wide = '😀 ✓ é a'.repeat(300);
    const named = frameAnswer({ id: 'página ✓', html: wide });
    const end = named.indexOf(10);
    expect(JSON.parse(named.subarray(0, end).toString('utf8'))).toEqual({
      id: 'página ✓',
      bytes: Buffer.byteLength(wide),
    });
    expect(named.subarray(end + 1).toString('utf8')).toBe(wide);
    expect(frameAnswer({ id: 3, html: '' }).toString('utf8')).toBe('{"id":3,"bytes":0}\n');
    expect(frameAnswer({ id: 2, error: 'boom' }).toString('utf8')).toBe(
      '{"id":2,"error":"boom"}\n',
    );
    expect(frameAnswer({ id: null, error: 'bad' }).toString('utf8')).toBe(
      '{"id":null,"error":"bad"}\n',
    );
  });

  it('splits a byte stream into lines wherever its chunks end, even inside a character', () => {
    const text = '{"a":"Café ✓"}\r\n\n{"b":2}\n{"c":"last"}\n';
    const bytes = Buffer.from(text, 'utf8');
    for (let size = 1; size <= bytes.length; size += 1) {
      const lines: string[] = [];
      const split = lineSplitter((line) => lines.push(line));
      for (let at = 0; at < bytes.length; at += size) split.push(bytes.subarray(at, at + size));
      split.end();
      expect(lines).toEqual(['{"a":"Café ✓"}', '', '{"b":2}', '{"c":"last"}']);
    }
  });

  it('keeps a line without its newline until the newline or the end comes', () => {
    const lines: string[] = [];
    const split = lineSplitter((line) => lines.push(line));
    split.push(Buffer.from('{"id":1'));
    expect(lines).toEqual([]);
    split.push(Buffer.from('}\n{"id":2}'));
    expect(lines).toEqual(['{"id":1}']);
    split.end();
    expect(lines).toEqual(['{"id":1}', '{"id":2}']);
  });
});
