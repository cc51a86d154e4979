// The trade-in flow's state and its transitions, kept apart from React (as the finance
// calculator's are) so each move (options arriving, a step checked, found, valued,
// refused, failed, back to the enquiry) is tested on its own. The component keeps the
// calls to the API, the idempotency key and the element refs.
import type { Banner } from '../form-banner';
import { prefillDetails, type UserDetails } from '../user-details';
import type { FieldError, FieldValue, Values } from '../validation';
import type { LookupAnswer, TradeInOptions, Valuation } from './trade-in-client';
import { formatKms, parseKms, type CarInput } from './trade-in-steps';

/** A valuation with an offer. */
export type Offered = Valuation & { offer_price: number; id: string };
/** Asking for the options, the ordinary enquiry (with why, when the flow sent the
 *  shopper there), or the valuation flow. */
export type Mode =
  { kind: 'loading' } | { kind: 'enquiry'; notice: string | null } | { kind: 'flow' };
/** What takes the focus after a move. */
export type FocusTarget = 'banner' | 'failure' | 'step' | 'notice';

export type TradeInState = {
  /** The dealer's valuation options; null until known or when it has none. */
  options: TradeInOptions | null;
  mode: Mode;
  /** The flow's step: 0 Your Car, 1 Condition, 2 Your Offer. */
  step: number;
  car: CarInput;
  /** The car as the lookup found it. */
  found: LookupAnswer | null;
  /** The condition answers by question id. */
  answers: Record<string, string>;
  offer: Offered | null;
  /** The contact fields of the offer step. */
  contact: Values;
  errors: Record<string, string>;
  banner: Banner | null;
  failure: string | null;
  /** A call to the API is under way. */
  busy: boolean;
  /** The element to focus; `seq` makes asking twice for the same one a change. */
  focus: { target: FocusTarget; seq: number } | null;
  /** Bumped each time the flow hands over to the enquiry, which then starts afresh. */
  enquiryKey: number;
};

export type TradeInAction =
  /** The options came back (`usable` null: no online valuations); someone who `typed`
   *  in the enquiry meanwhile keeps it. */
  | { type: 'options'; usable: TradeInOptions | null; typed: boolean }
  /** The stored details fill the contact fields still empty. */
  | { type: 'details'; details: UserDetails }
  /** A car field changed (`name` as the form names it). */
  | { type: 'car'; name: string; input: keyof CarInput; value: string }
  /** The odometer lost the focus: written with separators when it is a number. */
  | { type: 'odometer' }
  | { type: 'answer'; id: string; value: string }
  | { type: 'contact'; name: string; value: FieldValue }
  /** Checks (the browser's or the API's) found problems. */
  | { type: 'invalid'; problems: FieldError[]; heading: string }
  /** A step passed its checks and is being sent. */
  | { type: 'sending' }
  /** The API answered (whatever it said). */
  | { type: 'answered' }
  /** Nothing usable came back. */
  | { type: 'failed'; message: string }
  /** The lookup found the car: on to the condition questions. */
  | { type: 'found'; answer: LookupAnswer }
  /** The valuation made an offer: on to the offer. */
  | { type: 'offered'; offer: Offered }
  | { type: 'go-to-step'; index: number }
  /** The flow from its first step (from the enquiry). */
  | { type: 'start-flow' }
  /** No online estimate, or the shopper prefers the enquiry (`notice` says why). */
  | { type: 'to-enquiry'; notice: string | null };

/** The starting state, with the contact fields' starting values. */
export function initialTradeInState(contact: Values): TradeInState {
  return {
    options: null,
    mode: { kind: 'loading' },
    step: 0,
    car: { rego: '', regoState: '', year: '', make: '', model: '', kms: '' },
    found: null,
    answers: {},
    offer: null,
    contact,
    errors: {},
    banner: null,
    failure: null,
    busy: false,
    focus: null,
    enquiryKey: 0,
  };
}

function focusOn(state: TradeInState, target: FocusTarget): TradeInState['focus'] {
  return { target, seq: (state.focus?.seq ?? 0) + 1 };
}

function withoutError(errors: Record<string, string>, name: string): Record<string, string> {
  if (!errors[name]) return errors;
  const { [name]: _, ...rest } = errors;
  return rest;
}

const cleared = { errors: {}, banner: null, failure: null } as const;

function goToStep(state: TradeInState, index: number): TradeInState {
  return { ...state, ...cleared, step: index, focus: focusOn(state, 'step') };
}

export function tradeInReducer(state: TradeInState, action: TradeInAction): TradeInState {
  switch (action.type) {
    case 'options': {
      const { usable } = action;
      return {
        ...state,
        options: usable,
        car: usable
          ? { ...state.car, regoState: state.car.regoState || usable.default_state }
          : state.car,
        // Someone already typing in the enquiry keeps it (and is offered the valuation).
        mode: usable && !action.typed ? { kind: 'flow' } : { kind: 'enquiry', notice: null },
      };
    }
    case 'details':
      return { ...state, contact: prefillDetails(state.contact, action.details) };
    case 'car':
      return {
        ...state,
        // Another make has other models.
        car: {
          ...state.car,
          [action.input]: action.value,
          ...(action.input === 'make' ? { model: '' } : {}),
        },
        errors: withoutError(state.errors, action.name),
      };
    case 'odometer': {
      const kms = parseKms(state.car.kms);
      return kms === null ? state : { ...state, car: { ...state.car, kms: formatKms(kms) } };
    }
    case 'answer':
      return {
        ...state,
        answers: { ...state.answers, [action.id]: action.value },
        errors: withoutError(state.errors, `adjustmentAnswers.${action.id}`),
      };
    case 'contact':
      return {
        ...state,
        contact: { ...state.contact, [action.name]: action.value },
        errors: withoutError(state.errors, action.name),
      };
    case 'invalid':
      return {
        ...state,
        errors: Object.fromEntries(action.problems.map((e) => [e.name, e.message])),
        banner: { heading: action.heading, items: action.problems.map((e) => e.message) },
        failure: null,
        focus: focusOn(state, 'banner'),
      };
    case 'sending':
      return { ...state, ...cleared, busy: true };
    case 'answered':
      return { ...state, busy: false };
    case 'failed':
      return { ...state, failure: action.message, focus: focusOn(state, 'failure') };
    case 'found':
      return goToStep({ ...state, found: action.answer }, 1);
    case 'offered':
      return goToStep({ ...state, offer: action.offer }, 2);
    case 'go-to-step':
      return goToStep(state, action.index);
    case 'start-flow':
      return { ...goToStep(state, 0), mode: { kind: 'flow' } };
    case 'to-enquiry':
      return {
        ...state,
        ...cleared,
        enquiryKey: state.enquiryKey + 1,
        mode: { kind: 'enquiry', notice: action.notice },
        focus: action.notice ? focusOn(state, 'notice') : state.focus,
      };
  }
}
