import { describe, expect, it } from 'vitest';
import { answerLine } from './protocol';

const render = (kind: string) => {
  if (kind === 'boom') throw new TypeError('page exploded');
  return `<p>${kind}</p>`;
};

describe('worker protocol', () => {
  it('answers {id, html}', () => {
    expect(answerLine('{"id":17,"kind":"home","props":{}}', render)).toEqual({ id: 17, html: '<p>home</p>' });
  });

  it('answers {id, error} with the stack and carries on', () => {
    const answer = answerLine('{"id":3,"kind":"boom","props":{}}', render);
    expect(answer.id).toBe(3);
    expect('error' in answer && answer.error).toMatch(/TypeError: page exploded\n\s+at /);
  });

  it('answers bad lines with a null id', () => {
    expect(answerLine('not json', render)).toMatchObject({ id: null });
    expect(answerLine('{"kind":"home"}', render)).toMatchObject({ id: null });
    expect(answerLine('{"id":4}', render)).toEqual({ id: 4, error: 'request has no string "kind"' });
  });
});
