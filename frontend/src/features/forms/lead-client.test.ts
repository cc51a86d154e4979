import { describe, expect, it } from 'vitest';
import { postLead } from './lead-client';
import { caseTable } from '../../testing/case-table';

type Case = {
  note: string;
  answer: { status: number; body: unknown } | null;
  message: string;
};
const table = caseTable('submit_failure_cases.json') as { cases: Case[] };

/** A fetch that answers `answer` (JSON, or the text as-is), or fails like a dropped network. */
function fetchAnswering(answer: Case['answer']): typeof fetch {
  return async () => {
    if (answer === null) throw new TypeError('Failed to fetch');
    const json = typeof answer.body !== 'string';
    return new Response(json ? JSON.stringify(answer.body) : (answer.body as string), {
      status: answer.status,
      headers: { 'content-type': json ? 'application/json' : 'text/html' },
    });
  };
}

describe('failed submissions (domain/tests/data/submit_failure_cases.json)', () => {
  it.each(table.cases.map((c) => [c.note, c] as const))('%s', async (_note, c) => {
    const result = await postLead('/api/leads', { name: 'Ann' }, 'key-1', fetchAnswering(c.answer));
    expect(result).toMatchObject({ kind: 'failed', message: c.message });
  });
});
