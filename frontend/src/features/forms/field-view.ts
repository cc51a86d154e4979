// A form field view with the defaults the Rust view gives (domain::view::form::FieldView),
// for fields the browser defines itself (the trade-in steps) and for tests.
import type { FieldView } from '../../types/generated/FieldView';
import type { FormKind } from '../../types/generated/FormKind';

/** A field named `name`, labelled `label`, entered as `input`, with `extra` overrides. */
export function fieldView(
  name: string,
  label: string,
  input: FieldView['input'],
  extra: Partial<FieldView> = {},
): FieldView {
  return {
    name,
    label,
    input,
    required_message: null,
    options: [],
    default_value: '',
    autocomplete: null,
    placeholder: null,
    max_length: null,
    suffix: null,
    query_param: null,
    ...extra,
  };
}

/** A step's fields as the enquiry form lays them out: what the dealer requires is asked
 *  up front (with the hidden fields, which show nothing), and the optional rest is
 *  folded under "More details", so the shopper sees first what they must fill in. Other
 *  forms, and a step with fewer than two optional fields, show every field in order. */
export function foldOptional(
  kind: FormKind,
  fields: FieldView[],
): { asked: FieldView[]; more: FieldView[] } {
  const optional = (f: FieldView) => f.required_message === null && f.input !== 'hidden';
  const more = kind === 'general_enquiry' ? fields.filter(optional) : [];
  if (more.length < 2) return { asked: fields, more: [] };
  return { asked: fields.filter((f) => !optional(f)), more };
}

/** Whether `value` differs from the field's starting value (something to show). */
export function differsFromDefault(field: FieldView, value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'boolean') return value;
  return typeof value === 'string' && value.trim() !== '' && value !== field.default_value;
}
