import type { DealershipOption } from '../../types/generated/DealershipOption';
import type { FieldView } from '../../types/generated/FieldView';
import type { LocationOption } from '../../types/generated/LocationOption';
import type { FieldValue } from './validation';

/** The DOM id of a field's control (payload keys may hold spaces, '/' and '#'). */
export function fieldId(formId: string, name: string): string {
  return `${formId}-${name.replace(/[^A-Za-z0-9_-]/g, '-')}`;
}

/** The DOM id of a field's error message. */
export function errorId(formId: string, name: string): string {
  return `${fieldId(formId, name)}-error`;
}

interface Props {
  formId: string;
  field: FieldView;
  value: FieldValue;
  error: string | undefined;
  locations: LocationOption[];
  /** The options of a preferred-dealership select. */
  dealerships?: DealershipOption[];
  onChange: (name: string, value: FieldValue) => void;
  /** The dates a date field offers (set after hydration: the static page has no "today"). */
  dateRange?: { min: string; max: string } | null;
}

/** One labelled field with its error, linked by aria-describedby. */
export function FormField({
  formId,
  field,
  value,
  error,
  locations,
  dealerships = [],
  onChange,
  dateRange = null,
}: Props) {
  const id = fieldId(formId, field.name);
  const required = field.required_message !== null;
  const suffixId = `${id}-suffix`;
  const describedBy =
    [error ? errorId(formId, field.name) : null, field.suffix ? suffixId : null]
      .filter(Boolean)
      .join(' ') || undefined;
  const text = typeof value === 'string' ? value : '';
  const common = {
    id,
    name: field.name,
    required,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
  } as const;
  const errorText = error ? (
    <p className="form-field__error" id={errorId(formId, field.name)}>
      {error}
    </p>
  ) : null;

  if (field.input === 'hidden') return <input type="hidden" name={field.name} value={text} />;

  if (field.input === 'checkbox') {
    return (
      <div className="form-field form-field--checkbox">
        <input
          {...common}
          type="checkbox"
          checked={value === true}
          onChange={(e) => onChange(field.name, e.target.checked)}
        />
        <label htmlFor={id}>{field.label}</label>
        {errorText}
      </div>
    );
  }

  if (field.input === 'choices') {
    // Several options, any of them ticked (seed 001 s3 additional_services): a group whose
    // legend names it, one checkbox an option.
    const ticked = Array.isArray(value) ? value : [];
    const toggle = (option: string, on: boolean) =>
      onChange(
        field.name,
        field.options.filter((o) => (o === option ? on : ticked.includes(o))),
      );
    return (
      <fieldset className="form-field form-field--choices" aria-describedby={describedBy}>
        <legend className="form-field__label">{field.label}</legend>
        {field.options.map((option, i) => (
          <div key={option} className="form-field__choice">
            <input
              id={`${id}-${i}`}
              type="checkbox"
              name={field.name}
              value={option}
              checked={ticked.includes(option)}
              onChange={(e) => toggle(option, e.target.checked)}
            />
            <label htmlFor={`${id}-${i}`}>{option}</label>
          </div>
        ))}
        {errorText}
      </fieldset>
    );
  }

  let control;
  if (field.input === 'textarea') {
    control = (
      <textarea
        {...common}
        rows={5}
        value={text}
        placeholder={field.placeholder ?? undefined}
        maxLength={field.max_length ?? undefined}
        onChange={(e) => onChange(field.name, e.target.value)}
      />
    );
  } else if (
    field.input === 'select' ||
    field.input === 'location' ||
    field.input === 'dealership'
  ) {
    const options =
      field.input === 'location'
        ? locations.map((l) => ({ value: String(l.id), label: l.name }))
        : field.input === 'dealership'
          ? dealerships.map((d) => ({ value: d.slug, label: d.name }))
          : field.options.map((o) => ({ value: o, label: o }));
    const placeholder = field.input !== 'select' || !field.options.includes(field.default_value);
    control = (
      // Without a placeholder the select always has a value, and HTML forbids `required`
      // on a select whose first option is a real choice.
      <select
        {...common}
        required={placeholder ? required : undefined}
        value={text}
        onChange={(e) => onChange(field.name, e.target.value)}
      >
        {placeholder ? <option value="">Please select</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    );
  } else if (field.input === 'date') {
    control = (
      <input
        {...common}
        type="date"
        min={dateRange?.min}
        max={dateRange?.max}
        value={text}
        onChange={(e) => onChange(field.name, e.target.value)}
      />
    );
  } else {
    const type = field.input === 'email' ? 'email' : field.input === 'tel' ? 'tel' : 'text';
    const numeric = field.input === 'number' || field.input === 'postcode';
    control = (
      <input
        {...common}
        type={type}
        inputMode={numeric ? 'numeric' : undefined}
        autoComplete={field.autocomplete ?? undefined}
        placeholder={field.placeholder ?? undefined}
        maxLength={field.max_length ?? undefined}
        value={text}
        onChange={(e) => onChange(field.name, e.target.value)}
      />
    );
  }

  return (
    <div className={`form-field form-field--${field.input}`}>
      <label htmlFor={id} className="form-field__label">
        {field.label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <div className="form-field__control">
        {control}
        {field.suffix ? (
          <span className="form-field__suffix" id={suffixId}>
            {field.suffix}
          </span>
        ) : null}
      </div>
      {errorText}
    </div>
  );
}
