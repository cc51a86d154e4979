// The JSON body of POST /api/leads (edge-api/src/delivery/lead.rs LeadPayload, seed 001 s3)
// built from a form's values, and the values' prefill from the URL (finance links carry
// preferredDealership, vehiclePriceBudget, car_id, car_type and vin). A test drive's
// `appointment.date` and `appointment.time` go out as `appointment: {location, date, time}`.
import { leadAttributes } from '../../lib/attribution';
import { APPOINTMENT_DATE_FIELD, APPOINTMENT_TIME_FIELD } from '../../types/generated/constants';
import type { FieldView } from '../../types/generated/FieldView';
import type { FormPageView } from '../../types/generated/FormPageView';
import type { LeadCategory } from '../../types/generated/LeadCategory';
import type { LocationOption } from '../../types/generated/LocationOption';
import type { Values } from './validation';

/** Where the form is being filled in. */
export interface BrowserContext {
  /** The page address. */
  url: string;
  /** navigator.userAgent. */
  userAgent: string;
  /** The page's query parameters. */
  query: URLSearchParams;
}

/** The honeypot field: hidden from people, a filled value marks a bot (the API drops it). */
export const HONEYPOT_FIELD = 'website';

/** Lead keys a car's hidden fields carry as the text "true" or "false" and the API
 *  takes as JSON booleans (domain::view::form::AUTOGAUGE_ENABLED_FIELD). */
const BOOLEAN_FIELDS = new Set(['autogauge_enabled']);

/** What the enquiry form's chosen category sends (seed 001 s9: a Career Enquiry goes as
 *  General Enquiry with subcategory Career Enquiry and event 51); null on other forms or
 *  before one is chosen. */
export function chosenCategory(view: FormPageView, values: Values): LeadCategory | null {
  const picked = values.category;
  if (typeof picked !== 'string') return null;
  return view.category_choices.find((c) => c.label === picked)?.sent ?? null;
}

/** The path of a page address: the id of the page a lead came from (seed 001 s3
 *  page_id; a static page has no other id). */
function pagePath(url: string): string | null {
  try {
    return new URL(url).pathname;
  } catch {
    return null;
  }
}

function allFields(view: FormPageView): FieldView[] {
  return view.steps.flatMap((step) => step.fields);
}

/** The values a form starts with (what the server renders). */
export function initialValues(view: FormPageView): Values {
  const values: Values = { [HONEYPOT_FIELD]: '' };
  for (const field of allFields(view)) {
    if (field.input === 'checkbox') values[field.name] = false;
    else if (field.input === 'choices') values[field.name] = [];
    else if (field.input === 'location')
      values[field.name] = view.default_location_id?.toString() ?? '';
    else values[field.name] = field.default_value;
  }
  return values;
}

/** The location a query value names (id, slug or name, ignoring case). */
function findLocation(locations: LocationOption[], wanted: string): LocationOption | undefined {
  const w = wanted.trim().toLowerCase();
  if (w === '') return undefined;
  return locations.find(
    (l) => String(l.id) === w || l.slug.toLowerCase() === w || l.name.toLowerCase() === w,
  );
}

/** `values` with each field that names a query parameter filled from the URL. */
export function prefillFromQuery(
  view: FormPageView,
  values: Values,
  query: URLSearchParams,
): Values {
  const next = { ...values };
  for (const field of allFields(view)) {
    const param = field.query_param ? query.get(field.query_param) : null;
    if (param === null || param.trim() === '') continue;
    if (field.input === 'location') {
      const location = findLocation(view.locations, param);
      if (location) next[field.name] = String(location.id);
    } else if (field.input === 'select') {
      if (field.options.includes(param)) next[field.name] = param;
    } else if (field.input !== 'checkbox' && field.input !== 'choices') {
      next[field.name] = param.trim();
    }
  }
  return next;
}

/** The location an appointment is booked at: the one picked, else the form's default. */
export function appointmentLocation(view: FormPageView, values: Values): LocationOption | null {
  const hasField = allFields(view).some((f) => f.input === 'location');
  const picked = values.location;
  const id = hasField
    ? typeof picked === 'string'
      ? picked
      : ''
    : String(view.default_location_id ?? '');
  return view.locations.find((l) => String(l.id) === id) ?? null;
}

/** A number field's value as a JSON number when it is one ("12,500" gives 12500), else the text. */
function scalar(text: string): number | string {
  const compact = text.replace(/[\s,]/g, '');
  return /^\d+(\.\d+)?$/.test(compact) ? Number(compact) : text.trim();
}

function locationPayload(view: FormPageView, id: string): Record<string, unknown> {
  const location = view.locations.find((l) => String(l.id) === id);
  return location ? { location: location.name, location_id: location.id } : {};
}

/** The body of one submission: the fields of step `stepIndex` (blank text left out; every
 *  step's when the form sends once, on its last step), the lead's category, where it came
 *  from, and on a later step the lead id of the first. A reservation
 *  (`POST /api/reservations`) sends its fields only. */
export function stepPayload(
  view: FormPageView,
  dealershipSlug: string,
  values: Values,
  stepIndex: number,
  leadId: string | null,
  browser: BrowserContext,
): Record<string, unknown> {
  const posted = view.send_on_last_step ? view.steps.map((_, i) => i) : [stepIndex];
  if (view.kind === 'reservation') return fieldsPayload(view, values, posted, {});
  const payload: Record<string, unknown> = {
    source: view.lead_source,
    url: browser.url,
    user_agent: browser.userAgent,
    dealership_slug: dealershipSlug,
    category: view.category,
  };
  if (view.subcategory) payload.subcategory = view.subcategory;
  const page = pagePath(browser.url);
  if (page) payload.page_id = page;
  const attributes = leadAttributes(browser.query);
  if (attributes) payload.lead_attributes = attributes;
  if (leadId) payload.lead_id = leadId;
  const steps = view.steps.length;
  if (steps > 1) payload.form_completed = stepIndex === steps - 1;
  const hasLocationField = allFields(view).some((f) => f.input === 'location');
  if (!hasLocationField && posted.includes(0) && view.default_location_id !== null) {
    Object.assign(payload, locationPayload(view, String(view.default_location_id)));
  }
  const sent = fieldsPayload(view, values, posted, payload);
  const category = chosenCategory(view, values);
  if (category) {
    sent.category = category.category;
    if (category.subcategory) sent.subcategory = category.subcategory;
    else delete sent.subcategory;
  }
  return sent;
}

/** `payload` with the values of the `posted` steps, the appointment, the message preset
 *  and the spam trap added. */
function fieldsPayload(
  view: FormPageView,
  values: Values,
  posted: number[],
  payload: Record<string, unknown>,
): Record<string, unknown> {
  const fields = posted.flatMap((i) => view.steps[i]?.fields ?? []);
  for (const field of fields) {
    if (field.input === 'date' || field.input === 'slot') continue;
    const value = values[field.name];
    if (field.input === 'checkbox') {
      payload[field.name] = value === true;
      continue;
    }
    if (field.input === 'choices') {
      // Seed 001 s3 additional_services: the ticked options, in the form's order; none
      // ticked sends nothing.
      const ticked = Array.isArray(value) ? field.options.filter((o) => value.includes(o)) : [];
      if (ticked.length > 0) payload[field.name] = ticked;
      continue;
    }
    const text = typeof value === 'string' ? value.trim() : '';
    if (text === '') continue;
    if (field.input === 'location') Object.assign(payload, locationPayload(view, text));
    else if (field.input === 'number' || field.name === 'car_id')
      payload[field.name] = scalar(text);
    else if (BOOLEAN_FIELDS.has(field.name)) payload[field.name] = text === 'true';
    else payload[field.name] = text;
  }
  const text = (name: string) => {
    const value = values[name];
    return typeof value === 'string' ? value.trim() : '';
  };
  const location = appointmentLocation(view, values);
  const [date, time] = [text(APPOINTMENT_DATE_FIELD), text(APPOINTMENT_TIME_FIELD)];
  if (fields.some((f) => f.input === 'slot') && location && date !== '' && time !== '') {
    payload.appointment = { location: location.slug, date, time };
  }
  if (view.message_preset && fields.some((f) => f.name === 'message')) {
    const own = typeof payload.message === 'string' ? payload.message : '';
    payload.message = own === '' ? view.message_preset : `${view.message_preset}\n\n${own}`;
  }
  const honeypot = values[HONEYPOT_FIELD];
  if (typeof honeypot === 'string' && honeypot.trim() !== '') payload[HONEYPOT_FIELD] = honeypot;
  return payload;
}
