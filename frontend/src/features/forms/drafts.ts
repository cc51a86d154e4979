// A half-filled form survives a reload: what the shopper typed is kept in localStorage,
// one draft per page and form, written a moment after the last keystroke and forgotten
// once the form's last step is stored. Only fields the shopper fills in are kept: hidden
// fields come from the page and the URL, and the honeypot is never stored.
import { asObject, readStored, removeStored, textAt, writeStored } from '../../lib/local-store';
import type { FieldView } from '../../types/generated/FieldView';
import type { FormPageView } from '../../types/generated/FormPageView';
import type { Values } from './validation';

/** Keys of drafts start with this. */
const DRAFT_KEY_PREFIX = 'forecourt:draft:';
/** A draft is written this long after the last change. */
export const DRAFT_DELAY_MS = 400;

/** A form as the shopper left it. */
export interface Draft {
  /** The shopper's values (fields the shopper fills in only). */
  values: Values;
  /** The step the shopper was on. */
  step: number;
  /** The lead id the earlier steps were stored under (forms that post every step). */
  leadId: string | null;
}

/** The key of the draft of form `formId` on the page at `path` (no query: a car's
 *  enquiry page keeps one draft whatever the link carried). */
export function draftKey(path: string, formId: string): string {
  return `${DRAFT_KEY_PREFIX}${path}#${formId}`;
}

/** The fields a draft keeps: every field the shopper fills in (not hidden ones). */
function draftFields(view: FormPageView): FieldView[] {
  return view.steps.flatMap((step) => step.fields).filter((field) => field.input !== 'hidden');
}

/** `draft` as a form of `view` can take it: known fields with values of their type, a
 *  step that exists, and a later step only where it can carry on. */
function fitDraft(
  view: FormPageView,
  values: Record<string, unknown>,
  step: number,
  leadId: string | null,
): Draft | null {
  const kept: Values = {};
  for (const field of draftFields(view)) {
    const value = values[field.name];
    if (field.input === 'choices') {
      // Only options the form still offers: a draft outlives a change of the dealer's list.
      if (Array.isArray(value))
        kept[field.name] = field.options.filter((option) => value.includes(option));
    } else if (
      field.input === 'checkbox' ? typeof value === 'boolean' : typeof value === 'string'
    ) {
      kept[field.name] = value as string | boolean;
    }
  }
  const filled = Object.values(kept).some(
    (v) =>
      v === true ||
      (typeof v === 'string' && v.trim() !== '') ||
      (Array.isArray(v) && v.length > 0),
  );
  if (!filled) return null;
  // A form that posts every step resumes a later step only with the lead it belongs to.
  const resumable = view.send_on_last_step || leadId !== null;
  const last = Math.max(0, view.steps.length - 1);
  const at = resumable && Number.isInteger(step) ? Math.min(Math.max(step, 0), last) : 0;
  return { values: kept, step: at, leadId: view.send_on_last_step ? null : leadId };
}

/** The draft stored under `key` for a form of `view`, or null. */
export function loadDraft(key: string, view: FormPageView): Draft | null {
  return readStored(key, (stored) => {
    const o = asObject(stored);
    const values = o ? asObject(o.values) : null;
    if (!o || !values) return null;
    const leadId = textAt(o, 'leadId');
    return fitDraft(
      view,
      values,
      typeof o.step === 'number' ? o.step : 0,
      leadId === '' ? null : leadId,
    );
  });
}

/** Stores the draft (or forgets it when nothing is filled in); false when storage is off. */
export function saveDraft(key: string, view: FormPageView, draft: Draft): boolean {
  const fitted = fitDraft(view, draft.values, draft.step, draft.leadId);
  if (!fitted) {
    removeStored(key);
    return true;
  }
  return writeStored(key, fitted);
}

/** Forgets the draft. */
export function clearDraft(key: string): void {
  removeStored(key);
}

/** `values` with the draft's values over them: what the shopper typed wins over the
 *  defaults and the URL; an empty draft field leaves the value for the stored details. */
export function applyDraft(values: Values, draft: Draft | null): Values {
  if (!draft) return values;
  const next = { ...values };
  for (const [name, value] of Object.entries(draft.values)) {
    if (typeof value === 'string' && value.trim() === '') continue;
    next[name] = value;
  }
  return next;
}
