import { caseTable } from '../../testing/case-table';
import { afterEach, describe, expect, it } from 'vitest';
import {
  detailsToStore,
  loadDetails,
  prefillDetails,
  saveDetails,
  USER_DETAILS_KEY,
  type UserDetails,
} from './user-details';

const table = caseTable('user_details_cases.json') as {
  cases: { note: string; input: Record<string, string>; stored: UserDetails | null }[];
};

afterEach(() => window.localStorage.clear());

describe('stored user details (seed 001 s5)', () => {
  it('follow the shared table of cases (domain/tests/data/user_details_cases.json)', () => {
    expect(table.cases.length).toBeGreaterThan(0);
    for (const { note, input, stored } of table.cases)
      expect(detailsToStore(input), note).toEqual(stored);
  });

  it('are saved only when name, email and phone are all present', () => {
    expect(detailsToStore({ name: 'Jo', email: 'jo@example.com', phone: '' })).toBeNull();
    expect(
      detailsToStore({ name: ' ', email: 'jo@example.com', phone: '0412 345 678' }),
    ).toBeNull();
    expect(saveDetails({ name: 'Jo', email: 'jo@example.com' })).toBe(false);
    expect(window.localStorage.getItem(USER_DETAILS_KEY)).toBeNull();
  });

  it('keep only the non-empty name, last_name, email, phone and postcode, trimmed', () => {
    const values = {
      name: ' Jo ',
      last_name: '',
      email: 'jo@example.com',
      phone: '0412 345 678',
      postcode: '4000',
      message: 'Hi',
      opt_in: true,
    };
    expect(saveDetails(values)).toBe(true);
    expect(JSON.parse(window.localStorage.getItem(USER_DETAILS_KEY) ?? '')).toEqual({
      name: 'Jo',
      email: 'jo@example.com',
      phone: '0412 345 678',
      postcode: '4000',
    });
    expect(loadDetails()).toEqual({
      name: 'Jo',
      email: 'jo@example.com',
      phone: '0412 345 678',
      postcode: '4000',
    });
  });

  it('prefill only empty fields the form has, and survive a corrupt store', () => {
    const filled = prefillDetails(
      { name: '', email: 'typed@example.com', message: '' },
      { name: 'Jo', email: 'jo@example.com', phone: '0412 345 678' },
    );
    expect(filled).toEqual({ name: 'Jo', email: 'typed@example.com', message: '' });
    window.localStorage.setItem(USER_DETAILS_KEY, '{not json');
    expect(loadDetails()).toEqual({});
  });
});
