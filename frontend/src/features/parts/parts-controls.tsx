import type { PartFilterOption } from '../../types/generated/PartFilterOption';
import type { PartsState } from './parts-filter';

interface Props {
  /** The catalogue's categories with their counts. */
  categories: PartFilterOption[];
  /** The makes with the parts that fit each; the make select shows when there are two or more. */
  makes: PartFilterOption[];
  /** The state the selects show (its values are options of the catalogue). */
  state: PartsState;
  /** The search box's text (it reaches the state after a pause). */
  queryText: string;
  onQuery: (text: string) => void;
  /** Enter in the search box. */
  onSubmit: () => void;
  onFilter: (changes: Partial<Omit<PartsState, 'page'>>) => void;
}

function FilterSelect({
  name,
  label,
  all,
  options,
  value,
  onChange,
}: {
  name: string;
  label: string;
  all: string;
  options: PartFilterOption[];
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <label className="parts-field">
      <span>{label}</span>
      <select name={name} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{all}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.value} ({o.count})
          </option>
        ))}
      </select>
    </label>
  );
}

/** The catalogue's search box and its category and make selects, each with a label. */
export function PartsControls({
  categories,
  makes,
  state,
  queryText,
  onQuery,
  onSubmit,
  onFilter,
}: Props) {
  return (
    <form
      className="parts-filters"
      role="search"
      aria-label="Filter parts"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <label className="parts-field">
        <span>Search parts</span>
        <input
          type="search"
          name="query"
          value={queryText}
          placeholder="Name or part number"
          onChange={(e) => onQuery(e.target.value)}
        />
      </label>
      <FilterSelect
        name="category"
        label="Category"
        all="All categories"
        options={categories}
        value={state.category}
        onChange={(category) => onFilter({ category })}
      />
      {makes.length > 1 ? (
        <FilterSelect
          name="make"
          label="Make"
          all="All makes"
          options={makes}
          value={state.make}
          onChange={(make) => onFilter({ make })}
        />
      ) : null}
    </form>
  );
}
