// Client-side checks of a form step, mirroring domain::rules::forms::validate_enquiry
// (seed 001 s5): which fields are required, and in which words, comes from the view
// (the Rust rules run on an empty enquiry); the format checks below follow
// domain::rules::contact (Email, AuPhone) and domain::rules::postcode (Postcode).
import type { FieldView } from '../../types/generated/FieldView';
import type { TermsView } from '../../types/generated/TermsView';
import { MESSAGES } from '../../types/generated/messages';

/** One field's value: text, a checkbox's boolean, or the ticked options of a `choices`
 *  field. */
export type FieldValue = string | boolean | string[];

/** The values of a form, by payload key. */
export type Values = Record<string, FieldValue>;

/** One field's error, in form order. */
export interface FieldError {
  /** The field's payload key ("terms" for the terms checkbox). */
  name: string;
  message: string;
}

/** The key the terms checkbox's error is filed under (it is never sent). */
export const TERMS_FIELD = 'terms';

/** Rule of `Email`: at most 254 characters, one "@", a local part of 1 to 64 characters
 *  without whitespace, and a domain of two or more labels of letters, digits or hyphens
 *  (not at either end), the last label two or more letters. */
export function isEmail(text: string): boolean {
  const email = text.trim();
  if (email.length > 254) return false;
  const at = email.indexOf('@');
  if (at < 0) return false;
  const local = email.slice(0, at);
  const labels = email.slice(at + 1).split('.');
  if (local.length === 0 || local.length > 64 || /\s/.test(local)) return false;
  const labelOk = (label: string) =>
    label.length > 0 &&
    label.length <= 63 &&
    /^[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?$/.test(label);
  const tld = labels[labels.length - 1] ?? '';
  return labels.length >= 2 && labels.every(labelOk) && /^[A-Za-z]{2,}$/.test(tld);
}

/** Rule of `AuPhone`: the national digits of an Australian number ("+61 412 345 678" gives
 *  "0412345678"), or null. Spaces, hyphens, dots and parentheses are ignored, "(0)" is
 *  dropped, a leading +61 or 61 (11 digits) becomes 0; then a mobile (04), landline (02,
 *  03, 07, 08), 1300/1800 (10 digits) or 13 (6 digits) number is accepted. */
export function auPhoneDigits(text: string): string | null {
  const phone = text.trim().replaceAll('(0)', '');
  let digits = '';
  for (let i = 0; i < phone.length; i += 1) {
    const c = phone.charAt(i);
    if (c >= '0' && c <= '9') digits += c;
    else if (c === '+' && i === 0) continue;
    else if (!' -.()'.includes(c)) return null;
  }
  let national = digits;
  if (phone.startsWith('+')) {
    if (!digits.startsWith('61')) return null;
    national = `0${digits.slice(2)}`;
  } else if (digits.length === 11 && digits.startsWith('61')) {
    national = `0${digits.slice(2)}`;
  }
  const prefix = national.slice(0, 2);
  const ok =
    (national.length === 10 && ['04', '02', '03', '07', '08'].includes(prefix)) ||
    (national.length === 10 && (national.startsWith('1300') || national.startsWith('1800'))) ||
    (national.length === 6 && prefix === '13');
  return ok ? national : null;
}

/** Rule of `Postcode`: exactly four ASCII digits once trimmed. */
export function isPostcode(text: string): boolean {
  return /^[0-9]{4}$/.test(text.trim());
}

function text(values: Values, name: string): string {
  const value = values[name];
  return typeof value === 'string' ? value.trim() : '';
}

/** The format error of a filled field, if any. */
function formatError(field: FieldView, value: string): string | null {
  switch (field.input) {
    case 'email':
      return isEmail(value) ? null : MESSAGES.INVALID_EMAIL;
    case 'tel':
      return auPhoneDigits(value) === null ? MESSAGES.INVALID_PHONE : null;
    case 'postcode':
      return isPostcode(value) ? null : MESSAGES.INVALID_POSTCODE_FORMAT;
    default:
      return null;
  }
}

/** The errors of one step, in form order; `terms` is checked when given (last step).
 *  `timeMissing` is the error of an appointment with a date but no time (seed 000 s5:
 *  both are optional, but a date alone books nothing). */
export function validateStep(
  fields: FieldView[],
  values: Values,
  terms: TermsView | null,
  termsAccepted: boolean,
  timeMissing: string | null = null,
): FieldError[] {
  const errors: FieldError[] = [];
  const dateField = fields.find((f) => f.input === 'date');
  for (const field of fields) {
    if (field.input === 'checkbox' || field.input === 'choices' || field.input === 'hidden')
      continue;
    const value = text(values, field.name);
    if (field.input === 'slot') {
      if (value === '' && timeMissing && dateField && text(values, dateField.name) !== '')
        errors.push({ name: field.name, message: timeMissing });
      continue;
    }
    if (value === '') {
      if (field.required_message)
        errors.push({ name: field.name, message: field.required_message });
      continue;
    }
    const message = formatError(field, value);
    if (message) errors.push({ name: field.name, message });
  }
  if (terms && !termsAccepted) errors.push({ name: TERMS_FIELD, message: terms.message });
  return errors;
}
