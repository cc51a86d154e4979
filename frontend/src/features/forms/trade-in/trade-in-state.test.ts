import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../types/generated/messages';
import type { LookupAnswer, TradeInOptions } from './trade-in-client';
import {
  initialTradeInState,
  tradeInReducer,
  type Offered,
  type TradeInAction,
  type TradeInState,
} from './trade-in-state';

const options = {
  enabled: true,
  lookup: false,
  default_state: 'QLD',
  states: ['QLD', 'NSW'],
  years: [2024, 2023],
  makes: [{ make: 'Toyota', models: ['RAV4', 'Corolla'], valued: ['RAV4'] }],
  questions: [],
  save_valuations: false,
  max_age_years: 10,
  max_km: 200_000,
  lead_subcategory: '3. Offer Accepted',
  start_label: 'Get Your Valuation',
  messages: {
    rego_required: 'Rego is required',
    year_required: 'Year is required',
    make_required: 'Make is required',
    model_required: 'Model is required',
    kms_required: 'Odometer is required',
    kms_invalid: 'Odometer is not a number',
  },
} satisfies TradeInOptions;

const found: LookupAnswer = {
  outcome: 'ready',
  vehicle: { year: 2020, make: 'Toyota', model: 'RAV4' },
  kms: 45_000,
};

const offer = {
  outcome: 'offer',
  adjustments: [],
  vehicle: found.vehicle,
  kms: 45_000,
  source: 'local',
  offer_price: 21_500,
  id: 'V1',
} satisfies Offered;

function run(...actions: TradeInAction[]): TradeInState {
  return actions.reduce(tradeInReducer, initialTradeInState({ name: '', email: '' }));
}

describe('trade-in state', () => {
  it('starts loading on the first step with an empty car', () => {
    const state = run();
    expect(state.mode).toEqual({ kind: 'loading' });
    expect(state.step).toBe(0);
    expect(state.car).toEqual({ rego: '', regoState: '', year: '', make: '', model: '', kms: '' });
  });

  it('usable options start the flow in the dealer’s state; none keep the enquiry', () => {
    const flow = run({ type: 'options', usable: options, typed: false });
    expect([flow.mode, flow.options, flow.car.regoState]).toEqual([
      { kind: 'flow' },
      options,
      'QLD',
    ]);
    expect(run({ type: 'options', usable: null, typed: false }).mode).toEqual({
      kind: 'enquiry',
      notice: null,
    });
  });

  it('someone already typing in the enquiry keeps it', () => {
    const state = run({ type: 'options', usable: options, typed: true });
    expect(state.mode).toEqual({ kind: 'enquiry', notice: null });
    expect(state.options).toEqual(options);
  });

  it('stored details fill the empty contact fields only', () => {
    const state = run(
      { type: 'contact', name: 'name', value: 'Typed' },
      { type: 'details', details: { name: 'Stored', email: 'ann@example.com' } },
    );
    expect(state.contact).toMatchObject({ name: 'Typed', email: 'ann@example.com' });
  });

  it('another make empties the model; a change clears that field’s error only', () => {
    const state = run(
      { type: 'car', name: 'vehicle.model', input: 'model', value: 'RAV4' },
      {
        type: 'invalid',
        problems: [
          { name: 'vehicle.make', message: 'Make is required' },
          { name: 'kms', message: 'Odometer is required' },
        ],
        heading: MESSAGES.PLEASE_FIX_ERRORS,
      },
      { type: 'car', name: 'vehicle.make', input: 'make', value: 'Toyota' },
    );
    expect(state.car).toMatchObject({ make: 'Toyota', model: '' });
    expect(state.errors).toEqual({ kms: 'Odometer is required' });
  });

  it('the odometer is written with separators once it is a number, and left alone otherwise', () => {
    const typed = run(
      { type: 'car', name: 'kms', input: 'kms', value: '45000' },
      {
        type: 'odometer',
      },
    );
    expect(typed.car.kms).toBe('45,000');
    const text = run(
      { type: 'car', name: 'kms', input: 'kms', value: 'lots' },
      { type: 'odometer' },
    );
    expect(text.car.kms).toBe('lots');
  });

  it('an answer clears its question’s error', () => {
    const state = run(
      {
        type: 'invalid',
        problems: [{ name: 'adjustmentAnswers.tyres', message: 'Tell us about the tyres' }],
        heading: MESSAGES.PLEASE_FIX_ERRORS,
      },
      { type: 'answer', id: 'tyres', value: 'good' },
    );
    expect([state.answers, state.errors]).toEqual([{ tyres: 'good' }, {}]);
  });

  it('problems show in the banner with the focus on it, and replace a failure', () => {
    const state = run(
      { type: 'failed', message: 'Offline' },
      {
        type: 'invalid',
        problems: [{ name: 'rego', message: 'Not a rego' }],
        heading: 'Some values are not valid',
      },
    );
    expect(state.banner).toEqual({ heading: 'Some values are not valid', items: ['Not a rego'] });
    expect(state.failure).toBeNull();
    expect(state.focus).toEqual({ target: 'banner', seq: 2 });
  });

  it('sending clears the messages and is busy until the API answers', () => {
    const sending = run(
      { type: 'invalid', problems: [{ name: 'kms', message: 'x' }], heading: 'h' },
      { type: 'sending' },
    );
    expect([sending.busy, sending.errors, sending.banner, sending.failure]).toEqual([
      true,
      {},
      null,
      null,
    ]);
    expect(tradeInReducer(sending, { type: 'answered' }).busy).toBe(false);
  });

  it('a found car goes on to the condition, an offer to the offer step, back goes back', () => {
    const condition = run(
      { type: 'options', usable: options, typed: false },
      {
        type: 'found',
        answer: found,
      },
    );
    expect([condition.step, condition.found, condition.focus?.target]).toEqual([1, found, 'step']);
    const offered = tradeInReducer(condition, { type: 'offered', offer });
    expect([offered.step, offered.offer]).toEqual([2, offer]);
    expect(tradeInReducer(offered, { type: 'go-to-step', index: 1 }).step).toBe(1);
  });

  it('no online estimate hands over to a fresh enquiry with the notice focused', () => {
    const state = run(
      { type: 'options', usable: options, typed: false },
      { type: 'found', answer: found },
      { type: 'to-enquiry', notice: 'Too old for an online estimate' },
    );
    expect(state.mode).toEqual({ kind: 'enquiry', notice: 'Too old for an online estimate' });
    expect([state.enquiryKey, state.focus?.target]).toEqual([1, 'notice']);
    // The shopper's own choice has no notice and moves no focus.
    const chosen = tradeInReducer(state, { type: 'to-enquiry', notice: null });
    expect([chosen.enquiryKey, chosen.focus]).toEqual([2, state.focus]);
  });

  it('starting the flow again begins at the first step', () => {
    const state = run(
      { type: 'options', usable: options, typed: true },
      { type: 'go-to-step', index: 2 },
      { type: 'start-flow' },
    );
    expect([state.mode, state.step, state.focus?.target]).toEqual([{ kind: 'flow' }, 0, 'step']);
  });
});
