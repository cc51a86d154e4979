import type { SpecRow } from '../../types/generated/SpecRow';

/** Specification rows as a description list. */
export function SpecRows({ rows }: { rows: SpecRow[] }) {
  return (
    <dl className="spec-table">
      {rows.map((row) => (
        <div key={row.label} className="spec-table__row">
          <dt>{row.label}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
