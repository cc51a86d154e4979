import { formatDollars } from './finance-math';

type MoneyInputProps = {
  id: string;
  label: string;
  /** The text shown (thousand separators once formatted). */
  text: string;
  onText: (text: string) => void;
  /** Leaving the input formats (and clamps) what was typed. */
  onCommit: () => void;
  /** A message shown under the input, marking it invalid. */
  error?: string | null;
  /** Amounts offered as one-click buttons. */
  quickPicks?: number[];
  /** The value now in use, to mark the quick pick that matches it. */
  value?: number;
  onPick?: (amount: number) => void;
};

/** A money input (seed 001 s5): a "$" prefix, thousand separators and optional quick picks. */
export function MoneyInput({
  id,
  label,
  text,
  onText,
  onCommit,
  error,
  quickPicks,
  value,
  onPick,
}: MoneyInputProps) {
  const errorId = `${id}-error`;
  return (
    <div className="finance-field">
      <label className="finance-field__label" htmlFor={id}>
        {label}
      </label>
      <div className="money-input">
        <span className="money-input__prefix" aria-hidden="true">
          $
        </span>
        <input
          id={id}
          className="money-input__control"
          type="text"
          inputMode="decimal"
          autoComplete="off"
          value={text}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => onText(event.target.value)}
          onBlur={onCommit}
        />
      </div>
      {quickPicks && quickPicks.length > 0 && onPick ? (
        <div className="money-input__picks" role="group" aria-label={`${label} quick picks`}>
          {quickPicks.map((amount) => (
            <button
              key={amount}
              type="button"
              className="money-input__pick"
              aria-pressed={value === amount}
              onClick={() => onPick(amount)}
            >
              {formatDollars(amount)}
            </button>
          ))}
        </div>
      ) : null}
      {error ? (
        <p id={errorId} className="finance-field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
