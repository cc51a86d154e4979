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

/** A titled list of specification rows. */
export function SpecTable({ title, rows, id }: { title: string; rows: SpecRow[]; id: string }) {
  if (rows.length === 0) return null;
  return (
    <section className="spec-table" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <SpecRows rows={rows} />
    </section>
  );
}
