import { afterEach, describe, expect, it } from 'vitest';
import { applyDraft, clearDraft, draftKey, loadDraft, saveDraft } from './drafts';
import { carEnquiry, testDrive } from '../../testing/form-views';

const key = draftKey('/cars/car-42', 'enquiry-form');

afterEach(() => window.localStorage.clear());

describe('drafts', () => {
  it('are kept per page and form, without the honeypot or hidden fields', () => {
    expect(key).toBe('forecourt:draft:/cars/car-42#enquiry-form');
    expect(
      saveDraft(key, carEnquiry, {
        values: { name: 'Jo', message: 'Hi', website: 'bot', car_id: '99', opt_in: true },
        step: 0,
        leadId: null,
      }),
    ).toBe(true);
    const stored = JSON.parse(window.localStorage.getItem(key) ?? '{}') as {
      values: Record<string, unknown>;
    };
    expect(stored.values).toEqual({ name: 'Jo', message: 'Hi', opt_in: true });
    expect(loadDraft(key, carEnquiry)).toEqual({
      values: { name: 'Jo', message: 'Hi', opt_in: true },
      step: 0,
      leadId: null,
    });
    expect(loadDraft(draftKey('/cars/car-43', 'enquiry-form'), carEnquiry)).toBeNull();
    clearDraft(key);
    expect(window.localStorage.getItem(key)).toBeNull();
  });

  it('forget a form left empty and ignore what they cannot read', () => {
    window.localStorage.setItem(key, JSON.stringify({ values: { name: 'Jo' }, step: 0 }));
    saveDraft(key, carEnquiry, {
      values: { name: '  ', message: '', opt_in: false },
      step: 0,
      leadId: null,
    });
    expect(window.localStorage.getItem(key)).toBeNull();
    for (const junk of [
      'not json',
      '[]',
      '{"values": 3}',
      '{"values": {"name": 7, "opt_in": "yes"}}',
    ]) {
      window.localStorage.setItem(key, junk);
      expect(loadDraft(key, carEnquiry)).toBeNull();
    }
  });

  it('resume a later step only where the form can carry on', () => {
    const at = draftKey('/book-test-drive', 'test-drive-form');
    saveDraft(at, testDrive, {
      values: { 'appointment.date': '2026-11-24', name: 'Jo' },
      step: 7,
      leadId: 'x',
    });
    expect(loadDraft(at, testDrive)).toEqual({
      values: { 'appointment.date': '2026-11-24', name: 'Jo' },
      step: 1,
      leadId: null,
    });
    // A form that posts every step needs the lead of its earlier steps to go on.
    const parts = { ...testDrive, send_on_last_step: false };
    window.localStorage.setItem(
      at,
      JSON.stringify({ values: { name: 'Jo' }, step: 1, leadId: '' }),
    );
    expect(loadDraft(at, parts)?.step).toBe(0);
    window.localStorage.setItem(
      at,
      JSON.stringify({ values: { name: 'Jo' }, step: 1, leadId: 'lead-1' }),
    );
    expect(loadDraft(at, parts)).toMatchObject({ step: 1, leadId: 'lead-1' });
  });

  it('win over the prefilled values, except where the shopper left a field empty', () => {
    const values = { name: 'From details', email: 'jo@example.com', message: '', car_id: '42' };
    expect(
      applyDraft(values, {
        values: { name: 'Joanne', email: '', message: 'Still there?' },
        step: 0,
        leadId: null,
      }),
    ).toEqual({
      name: 'Joanne',
      email: 'jo@example.com',
      message: 'Still there?',
      car_id: '42',
    });
    expect(applyDraft(values, null)).toBe(values);
  });
});
