// A form field view with the defaults the Rust view gives (domain::view::form::FieldView),
// for fields the browser defines itself (the trade-in steps) and for tests.
import type { FieldView } from '../../types/generated/FieldView';

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
