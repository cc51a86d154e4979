import type { SearchState } from './search-state';
import type { Chip } from './understood';

/** The applied filters above the results, each a button that removes it. */
export function FilterChips({
  chips,
  onChange,
}: {
  chips: Chip[];
  onChange: (next: SearchState) => void;
}) {
  if (chips.length === 0) return null;
  return (
    <ul className="filter-chips" aria-label="Applied filters">
      {chips.map((chip) => (
        <li key={chip.key}>
          <button
            type="button"
            className="filter-chips__chip"
            aria-label={`Remove ${chip.label}`}
            onClick={() => onChange(chip.without)}
          >
            <span>{chip.label}</span>
            <span aria-hidden="true" className="filter-chips__x">
              ×
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
