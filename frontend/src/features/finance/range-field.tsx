import type { InputRange } from '../../types/generated/InputRange';

type RangeFieldProps = {
  id: string;
  label: string;
  range: InputRange;
  value: number;
  /** The value as shown next to the label and read out by screen readers. */
  valueText: string;
  onValue: (value: number) => void;
};

/** A labelled slider (arrow keys, Page Up/Down, Home and End move it) with its value shown. */
export function RangeField({ id, label, range, value, valueText, onValue }: RangeFieldProps) {
  return (
    <div className="finance-field finance-field--range">
      <div className="finance-field__head">
        <label className="finance-field__label" htmlFor={id}>
          {label}
        </label>
        <output className="finance-field__value" htmlFor={id} aria-hidden="true">
          {valueText}
        </output>
      </div>
      <input
        id={id}
        className="finance-range"
        type="range"
        min={range.min}
        max={range.max}
        step={range.step}
        value={value}
        aria-valuetext={valueText}
        onChange={(event) => onValue(Number(event.target.value))}
      />
    </div>
  );
}
