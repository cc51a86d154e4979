// The pure parts of the trade-in flow: the checks of each step (the API checks again,
// these only spare a round trip), the kilometre input's text (seed 001 s5: suffix kms,
// thousand separators), the request bodies, and the lead sent when the shopper accepts
// the offer (seed 001 s3/s4: offer_price, id, adjustmentAnswers, rego, regoState,
// subcategory '3. Offer Accepted', offer_accepted true).
import type { FormPageView } from '../../../types/generated/FormPageView';
import type { BrowserContext } from '../lead-payload';
import { stepPayload } from '../lead-payload';
import { formatWhole } from '../../../lib/number-format';
import type { FieldError, Values } from '../validation';
import type {
  AdjustmentAnswer,
  QuestionChoice,
  TradeInOptions,
  Valuation,
  Vehicle,
} from './trade-in-client';

/** What the shopper entered on the "Your Car" step. */
export interface CarInput {
  rego: string;
  regoState: string;
  year: string;
  make: string;
  model: string;
  kms: string;
}

/** The lead form's payload keys of the car (domain/src/view/form.rs trade-in fields). */
const CAR_FIELDS = {
  rego: 'rego',
  regoState: 'regoState',
  make: 'Vehicle Make',
  model: 'Vehicle Model',
  year: 'Vehicle Year',
  kms: 'kms',
} as const;

/** The contact fields the offer step asks for, from the page's trade-in form. */
export const CONTACT_FIELDS = [
  'name',
  'last_name',
  'email',
  'phone',
  'postcode',
  'location',
  'opt_in',
];

/** An odometer reading typed with or without separators ("45,000", "45 000"), or null. */
export function parseKms(text: string): number | null {
  const compact = text.replace(/[\s,]/g, '');
  if (!/^\d{1,9}$/.test(compact)) return null;
  return Number(compact);
}

/** Seed 001 s5: kilometres with thousand separators ("45,000"). */
export function formatKms(kms: number): string {
  return formatWhole(kms);
}

/** Whole dollars with separators ("$28,500"). */
export function formatDollars(amount: number): string {
  return `$${formatWhole(Math.round(amount))}`;
}

/** The car as a shopper reads it ("2022 Toyota RAV4 GX"). */
export function vehicleName(vehicle: Vehicle): string {
  return [String(vehicle.year), vehicle.make, vehicle.model, vehicle.badge ?? '']
    .filter((part) => part.trim() !== '')
    .join(' ');
}

/** The errors of the "Your Car" step, keyed like the API's fields. */
export function carErrors(input: CarInput, options: TradeInOptions): FieldError[] {
  const m = options.messages;
  const errors: FieldError[] = [];
  const missing = (name: string, value: string, message: string) => {
    if (value.trim() === '') errors.push({ name, message });
  };
  if (options.lookup) {
    missing('rego', input.rego, m.rego_required);
  } else {
    missing('vehicle.year', input.year, m.year_required);
    missing('vehicle.make', input.make, m.make_required);
    missing('vehicle.model', input.model, m.model_required);
  }
  if (input.kms.trim() === '') errors.push({ name: 'kms', message: m.kms_required });
  else if (parseKms(input.kms) === null) errors.push({ name: 'kms', message: m.kms_invalid });
  return errors;
}

/** The body of POST /api/trade-in/lookup (call after `carErrors` found nothing). */
export function lookupBody(
  input: CarInput,
  options: TradeInOptions,
): { rego: string; regoState: string; kms: number } | { vehicle: Vehicle; kms: number } {
  const kms = parseKms(input.kms) ?? 0;
  if (options.lookup) return { rego: input.rego.trim(), regoState: input.regoState, kms };
  return { vehicle: { year: Number(input.year), make: input.make, model: input.model }, kms };
}

/** The key of a question's error (the API's `adjustmentAnswers.<id>`). */
export const answerKey = (id: string) => `adjustmentAnswers.${id}`;

/** The errors of the "Condition" step: each unanswered question. */
export function conditionErrors(
  answers: Record<string, string>,
  questions: QuestionChoice[],
): FieldError[] {
  return questions
    .filter((q) => !answers[q.id])
    .map((q) => ({ name: answerKey(q.id), message: q.required_message }));
}

/** The answers in question order, as the API and the lead take them. */
export function adjustmentAnswers(
  answers: Record<string, string>,
  questions: QuestionChoice[],
): AdjustmentAnswer[] {
  return questions.map((q) => ({ id: q.id, answer: answers[q.id] ?? '' }));
}

/** The car's values under the trade-in form's payload keys. */
function carValues(
  vehicle: Vehicle,
  kms: number,
  rego: string | null,
  regoState: string | null,
): Values {
  return {
    [CAR_FIELDS.rego]: rego ?? '',
    [CAR_FIELDS.regoState]: rego ? (regoState ?? '') : '',
    [CAR_FIELDS.make]: vehicle.make,
    [CAR_FIELDS.model]: vehicle.model,
    [CAR_FIELDS.year]: String(vehicle.year),
    [CAR_FIELDS.kms]: formatKms(kms),
  };
}

/** The ordinary trade-in enquiry prefilled with what the shopper told the flow (when
 *  there is no online estimate, or the shopper prefers to send the details). */
export function enquiryView(view: FormPageView, input: CarInput): FormPageView {
  const kms = parseKms(input.kms);
  const values: Record<string, string> = {
    [CAR_FIELDS.rego]: input.rego.trim(),
    [CAR_FIELDS.regoState]: input.regoState,
    [CAR_FIELDS.make]: input.make,
    [CAR_FIELDS.model]: input.model,
    [CAR_FIELDS.year]: input.year,
    [CAR_FIELDS.kms]: kms === null ? input.kms.trim() : formatKms(kms),
  };
  return {
    ...view,
    steps: view.steps.map((step) => ({
      ...step,
      fields: step.fields.map((field) => {
        const value = values[field.name];
        return value ? { ...field, default_value: value } : field;
      }),
    })),
  };
}

/** The car the page is about (/cars/trade-in?car_id={id}), when the URL names one. */
export function carIdOf(query: URLSearchParams): number | null {
  const raw = query.get('car_id')?.trim() ?? '';
  return /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : null;
}

/** The lead sent when the shopper accepts the offer: the trade-in form's lead (contact
 *  details, location, category, where it came from) with the car, the valuation and
 *  seed 001 s4's subcategory and offer_accepted. */
export function acceptPayload(
  view: FormPageView,
  dealershipSlug: string,
  contact: Values,
  valuation: Valuation,
  answers: AdjustmentAnswer[],
  options: TradeInOptions,
  browser: BrowserContext,
): Record<string, unknown> {
  const values: Values = {
    ...contact,
    ...carValues(
      valuation.vehicle,
      valuation.kms,
      valuation.rego ?? null,
      valuation.regoState ?? null,
    ),
  };
  const payload = stepPayload(view, dealershipSlug, values, 0, null, browser);
  const carId = carIdOf(browser.query);
  return {
    ...payload,
    subcategory: options.lead_subcategory,
    offer_accepted: true,
    offer_price: valuation.offer_price,
    id: valuation.id,
    adjustmentAnswers: answers,
    ...(carId !== null ? { car_id: carId } : {}),
  };
}
