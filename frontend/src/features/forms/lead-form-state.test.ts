import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../types/generated/messages';
import {
  initialLeadFormState,
  leadFormReducer,
  type LeadFormAction,
  type LeadFormState,
} from './lead-form-state';
import { APPOINTMENT_TIME_FIELD } from '../../types/generated/constants';
import { TERMS_FIELD } from './validation';

const view = { steps: [{ fields: [] }, { fields: [] }, { fields: [] }] } as unknown as Parameters<
  typeof leadFormReducer
>[0];

function run(...actions: LeadFormAction[]): LeadFormState {
  return actions.reduce(leadFormReducer(view), initialLeadFormState({ name: '' }));
}

describe('lead form state', () => {
  it('starts idle on the first step with the given values and nothing to show', () => {
    const state = run();
    expect(state).toMatchObject({
      values: { name: '' },
      stepIndex: 0,
      status: 'idle',
      errors: {},
      banner: null,
      failure: null,
      focus: null,
      thanks: null,
    });
  });

  it('takes the prefilled values, the draft step and the date bounds after hydration', () => {
    const dates = { min: '2026-11-25', max: '2026-12-09' };
    const state = run({ type: 'hydrated', values: { name: 'Ann' }, step: 2, dates });
    expect([state.values, state.stepIndex, state.dates]).toEqual([{ name: 'Ann' }, 2, dates]);
    expect(run({ type: 'hydrated', values: {}, step: null, dates: null }).stepIndex).toBe(0);
  });

  it('a change clears that field’s error only, and a new location or date clears the time', () => {
    let state = run(
      { type: 'change', name: APPOINTMENT_TIME_FIELD, value: '09:30', resetsTime: false },
      {
        type: 'invalid',
        errors: [
          { name: 'name', message: 'First name is required' },
          { name: 'email', message: 'Email is required' },
        ],
      },
      { type: 'change', name: 'name', value: 'Ann', resetsTime: false },
    );
    expect(state.errors).toEqual({ email: 'Email is required' });
    expect(state.values[APPOINTMENT_TIME_FIELD]).toBe('09:30');
    // The same location again keeps the time; another one empties it.
    const steps: LeadFormAction[] = [
      { type: 'change', name: 'location', value: 'north', resetsTime: true },
      { type: 'change', name: APPOINTMENT_TIME_FIELD, value: '10:00', resetsTime: false },
      { type: 'change', name: 'location', value: 'north', resetsTime: true },
    ];
    state = steps.reduce(leadFormReducer(view), state);
    expect(state.values[APPOINTMENT_TIME_FIELD]).toBe('10:00');
    state = leadFormReducer(view)(state, {
      type: 'change',
      name: 'location',
      value: 'south',
      resetsTime: true,
    });
    expect(state.values[APPOINTMENT_TIME_FIELD]).toBe('');
  });

  it('failed checks show the banner with the seed heading and take the focus', () => {
    const state = run(
      { type: 'failed', message: 'Offline' },
      { type: 'invalid', errors: [{ name: 'phone', message: 'Phone is required' }] },
    );
    expect(state.banner).toEqual({
      heading: MESSAGES.PLEASE_FIX_ERRORS,
      items: ['Phone is required'],
    });
    expect(state.failure).toBeNull();
    expect(state.focus).toEqual({ target: 'banner', seq: 2 });
  });

  it('ticking the terms clears the terms error', () => {
    const state = run(
      { type: 'invalid', errors: [{ name: TERMS_FIELD, message: 'Accept the terms' }] },
      { type: 'terms', accepted: true },
    );
    expect([state.termsAccepted, state.errors]).toEqual([true, {}]);
  });

  it('next and back move between steps, clearing what was shown, within the steps', () => {
    const forward = run(
      { type: 'invalid', errors: [{ name: 'name', message: 'First name is required' }] },
      { type: 'next' },
      { type: 'next' },
      { type: 'next' },
    );
    expect([forward.stepIndex, forward.errors, forward.banner]).toEqual([2, {}, null]);
    expect(forward.focus?.target).toBe('step');
    const back = run({ type: 'back' }, { type: 'next' }, { type: 'back' }, { type: 'back' });
    expect(back.stepIndex).toBe(0);
  });

  it('a stored step goes on; the stored last step is done with its thanks', () => {
    const middle = run({ type: 'submitting' }, { type: 'stored', last: false, thanks: null });
    expect([middle.status, middle.stepIndex, middle.focus?.target]).toEqual(['idle', 1, 'step']);
    const done = run({ type: 'submitting' }, { type: 'stored', last: true, thanks: 'Thanks, Ann' });
    expect([done.status, done.thanks, done.focus?.target]).toEqual([
      'done',
      'Thanks, Ann',
      'thanks',
    ]);
  });

  it('sending clears the errors, the banner and the failure', () => {
    const state = run(
      { type: 'failed', message: 'Offline' },
      { type: 'invalid', errors: [{ name: 'name', message: 'First name is required' }] },
      { type: 'submitting' },
    );
    expect([state.status, state.errors, state.banner, state.failure]).toEqual([
      'submitting',
      {},
      null,
      null,
    ]);
  });

  it('fields the API refused show on their step, only the ones that step has', () => {
    const state = run(
      { type: 'submitting' },
      { type: 'next' },
      { type: 'next' },
      {
        type: 'refused',
        at: 1,
        known: ['email'],
        fields: { email: 'Invalid email', 'appointment.date': 'Too late' },
        heading: 'Some values are not valid',
        items: ['Invalid email', 'Too late'],
      },
    );
    expect(state).toMatchObject({
      status: 'idle',
      stepIndex: 1,
      errors: { email: 'Invalid email' },
      banner: { heading: 'Some values are not valid', items: ['Invalid email', 'Too late'] },
    });
    expect(state.focus?.target).toBe('banner');
  });

  it('a slot taken meanwhile goes back to the times, empties the time and reloads them', () => {
    const state = run(
      { type: 'change', name: APPOINTMENT_TIME_FIELD, value: '09:30', resetsTime: false },
      { type: 'next' },
      { type: 'next' },
      { type: 'submitting' },
      { type: 'slot-taken', slotStep: 1, message: 'That time was just booked' },
    );
    expect(state).toMatchObject({
      status: 'idle',
      stepIndex: 1,
      values: { [APPOINTMENT_TIME_FIELD]: '' },
      errors: { [APPOINTMENT_TIME_FIELD]: 'That time was just booked' },
      slotReload: 1,
    });
    expect(state.focus?.target).toBe('slot');
  });

  it('a failure keeps the values and shows the message with the focus on it', () => {
    const state = run(
      { type: 'change', name: 'name', value: 'Ann', resetsTime: false },
      { type: 'submitting' },
      { type: 'failed', message: MESSAGES.FORM_SUBMIT_ERROR },
    );
    expect([state.status, state.values.name, state.failure]).toEqual([
      'idle',
      'Ann',
      MESSAGES.FORM_SUBMIT_ERROR,
    ]);
    expect(state.focus?.target).toBe('failure');
  });
});
