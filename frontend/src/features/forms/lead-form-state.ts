// The lead form's state and its transitions, kept apart from React (as the finance
// calculator's are) so each outcome of a step (a check that fails, the next step, a
// stored lead, the API refusing a field, a slot taken meanwhile, a failure) is tested on
// its own. The component keeps what is not shown (the idempotency key, the draft's
// place, the element refs) and the calls to the API.
import { MESSAGES } from '../../types/generated/messages';
import type { FormPageView } from '../../types/generated/FormPageView';
import type { Banner } from './form-banner';
import { APPOINTMENT_TIME_FIELD } from '../../types/generated/constants';
import { PAYMENT_METHOD_FIELD as CARD_FIELD } from '../payments/card-payment';
import { TERMS_FIELD, type FieldValue, type Values } from './validation';

/** Where the form is: being filled, sending a step, or done (the thanks is shown). */
export type Status = 'idle' | 'submitting' | 'done';
/** What takes the focus after a transition. */
export type FocusTarget = 'banner' | 'failure' | 'step' | 'thanks' | 'slot' | 'card';

export type LeadFormState = {
  values: Values;
  termsAccepted: boolean;
  stepIndex: number;
  /** The message of each field in error, by field name. */
  errors: Record<string, string>;
  /** The error summary above the form. */
  banner: Banner | null;
  /** Why nothing was stored (the network, the server), shown with a retry. */
  failure: string | null;
  status: Status;
  /** The element to focus; `seq` makes asking twice for the same one a change. */
  focus: { target: FocusTarget; seq: number } | null;
  /** The appointment date picker's bounds, known once in the browser. */
  dates: { min: string; max: string } | null;
  /** Bumped to load the slots again (a slot taken meanwhile). */
  slotReload: number;
  /** The thanks text of the stored form. */
  thanks: string | null;
};

export type LeadFormAction =
  /** After hydration: the prefilled values, the draft's step and the date bounds. */
  | {
      type: 'hydrated';
      values: Values;
      step: number | null;
      dates: { min: string; max: string } | null;
    }
  /** The signed-in shopper's verified phone (a reservation), unless they typed one. */
  | { type: 'verified-phone'; phone: string }
  /** A field changed; `resetsTime` when it was the appointment's location or date. */
  | { type: 'change'; name: string; value: FieldValue; resetsTime: boolean }
  | { type: 'terms'; accepted: boolean }
  /** Back to the step before (every step after the first can go back). */
  | { type: 'back' }
  /** The browser's checks of the step found `errors`. */
  | { type: 'invalid'; errors: { name: string; message: string }[] }
  /** The step passed its checks and the lead is sent on a later one. */
  | { type: 'next' }
  /** The step passed its checks and is being sent. */
  | { type: 'submitting' }
  /** The API stored the step: the thanks after the last one, the next step otherwise. */
  | { type: 'stored'; last: boolean; thanks: string | null }
  /** The API refused fields: they are shown on step `at` (the ones it has). */
  | {
      type: 'refused';
      at: number;
      known: string[];
      fields: Record<string, string>;
      heading: string;
      items: string[];
    }
  /** The appointment's slot was booked meanwhile: back to the times of `slotStep`. */
  | { type: 'slot-taken'; slotStep: number; message: string }
  /** The card could not hold the deposit (Stripe's check, the issuer's decline, a failed
   *  3-D Secure): the reason beside the card field, the rest kept for another card. */
  | { type: 'card-refused'; message: string }
  /** The shopper changed the card: its earlier problem no longer applies. */
  | { type: 'card-edited' }
  /** A reservation paid at the dealership waits for the shopper to confirm its phone by
   *  signing in (the form steps aside for the code); nothing was stored. */
  | { type: 'confirm-phone' }
  /** Nothing was stored. */
  | { type: 'failed'; message: string };

/** The starting state, with the view's starting values. */
export function initialLeadFormState(values: Values): LeadFormState {
  return {
    values,
    termsAccepted: false,
    stepIndex: 0,
    errors: {},
    banner: null,
    failure: null,
    status: 'idle',
    focus: null,
    dates: null,
    slotReload: 0,
    thanks: null,
  };
}

function focusOn(state: LeadFormState, target: FocusTarget): LeadFormState['focus'] {
  return { target, seq: (state.focus?.seq ?? 0) + 1 };
}

/** The transitions of `view`'s form. */
export function leadFormReducer(view: Pick<FormPageView, 'steps'>) {
  return (state: LeadFormState, action: LeadFormAction): LeadFormState => {
    switch (action.type) {
      case 'hydrated':
        return {
          ...state,
          values: action.values,
          stepIndex: action.step ?? state.stepIndex,
          dates: action.dates,
        };
      case 'verified-phone':
        return { ...state, values: { ...state.values, phone: action.phone } };
      case 'change': {
        const values = { ...state.values, [action.name]: action.value };
        // The time belongs to the list of one location and date.
        if (action.resetsTime && state.values[action.name] !== action.value)
          values[APPOINTMENT_TIME_FIELD] = '';
        const { [action.name]: _, ...errors } = state.errors;
        return {
          ...state,
          values,
          errors: state.errors[action.name] ? errors : state.errors,
        };
      }
      case 'terms': {
        const { [TERMS_FIELD]: _, ...errors } = state.errors;
        return {
          ...state,
          termsAccepted: action.accepted,
          errors: state.errors[TERMS_FIELD] ? errors : state.errors,
        };
      }
      case 'back':
        return {
          ...state,
          errors: {},
          banner: null,
          failure: null,
          stepIndex: Math.max(0, state.stepIndex - 1),
          focus: focusOn(state, 'step'),
        };
      case 'invalid':
        return {
          ...state,
          errors: Object.fromEntries(action.errors.map((e) => [e.name, e.message])),
          banner: {
            heading: MESSAGES.PLEASE_FIX_ERRORS,
            items: action.errors.map((e) => e.message),
          },
          failure: null,
          focus: focusOn(state, 'banner'),
        };
      case 'next':
        // Seed 001 s4: the steps advance with next; the lead is sent on the last one.
        return {
          ...state,
          errors: {},
          banner: null,
          failure: null,
          stepIndex: Math.min(state.stepIndex + 1, view.steps.length - 1),
          focus: focusOn(state, 'step'),
        };
      case 'submitting':
        return { ...state, errors: {}, banner: null, failure: null, status: 'submitting' };
      case 'stored':
        return action.last
          ? { ...state, thanks: action.thanks, status: 'done', focus: focusOn(state, 'thanks') }
          : {
              ...state,
              stepIndex: Math.min(state.stepIndex + 1, view.steps.length - 1),
              status: 'idle',
              focus: focusOn(state, 'step'),
            };
      case 'refused': {
        const known = new Set(action.known);
        return {
          ...state,
          status: 'idle',
          stepIndex: action.at,
          errors: Object.fromEntries(
            Object.entries(action.fields).filter(([name]) => known.has(name)),
          ),
          banner: { heading: action.heading, items: action.items },
          focus: focusOn(state, 'banner'),
        };
      }
      case 'slot-taken':
        return {
          ...state,
          status: 'idle',
          stepIndex: action.slotStep,
          values: { ...state.values, [APPOINTMENT_TIME_FIELD]: '' },
          errors: { [APPOINTMENT_TIME_FIELD]: action.message },
          slotReload: state.slotReload + 1,
          focus: focusOn(state, 'slot'),
        };
      case 'card-refused':
        return {
          ...state,
          status: 'idle',
          errors: { [CARD_FIELD]: action.message },
          banner: null,
          failure: null,
          focus: focusOn(state, 'card'),
        };
      case 'card-edited': {
        if (!state.errors[CARD_FIELD]) return state;
        const { [CARD_FIELD]: _, ...errors } = state.errors;
        return { ...state, errors };
      }
      case 'confirm-phone':
        return { ...state, status: 'idle', banner: null, failure: null };
      case 'failed':
        return {
          ...state,
          status: 'idle',
          failure: action.message,
          focus: focusOn(state, 'failure'),
        };
    }
  };
}
