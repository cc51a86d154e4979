import { Photo } from '../../components/photo';
import type { CarRef } from '../account/records';
import type { SpecRow } from '../../types/generated/SpecRow';

/** One column of the comparison: the stored car and what its page says of it. */
export type CompareColumn =
  | { car: CarRef; state: 'loading' }
  | {
      car: CarRef;
      state: 'ready';
      path: string;
      image: string | null;
      srcset: string | null;
      rows: SpecRow[];
    }
  | { car: CarRef; state: 'gone' }
  | { car: CarRef; state: 'failed' };

function Missing() {
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="visually-hidden">Not given</span>
    </>
  );
}

/** The cars side by side: a table with a column per car (photo, name linked
 *  to its page, Remove) and a row per label of `labels` that any car has, the label cell
 *  a row header that stays in view while the table scrolls sideways on a phone. A column
 *  still loading, gone from the site or unreadable says so in its header. */
export function CompareTable({
  labels,
  columns,
  onRemove,
}: {
  labels: string[];
  columns: CompareColumn[];
  onRemove: (car: CarRef) => void;
}) {
  const valueOf = (column: CompareColumn, label: string) =>
    column.state === 'ready' ? column.rows.find((r) => r.label === label)?.value : undefined;
  const rows = labels.filter((label) => columns.some((c) => valueOf(c, label) !== undefined));
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- the region scrolls sideways on a phone: focusable so the keyboard can scroll it
    <div className="compare__scroll" role="region" aria-labelledby="compare-caption" tabIndex={0}>
      <table className="compare-table">
        <caption id="compare-caption" className="visually-hidden">
          {columns.length === 1 ? '1 car' : `${columns.length} cars`} side by side
        </caption>
        <thead>
          <tr>
            <td className="compare-table__corner" />
            {columns.map((column) => (
              <th key={column.car.id} scope="col" className="compare-table__car">
                <Photo
                  url={
                    column.state === 'ready' ? column.image : column.car.primary_image_url || null
                  }
                  srcset={column.state === 'ready' ? column.srcset : null}
                  alt=""
                  layout="card"
                />
                {column.state === 'ready' ? (
                  <a href={column.path}>{column.car.name}</a>
                ) : (
                  <span>{column.car.name}</span>
                )}
                {column.state === 'loading' ? (
                  <span className="compare-table__note">Loading…</span>
                ) : column.state === 'gone' ? (
                  <span className="compare-table__note">No longer listed</span>
                ) : column.state === 'failed' ? (
                  <span className="compare-table__note">Could not be loaded</span>
                ) : null}
                <button
                  type="button"
                  className="button button--secondary button--small"
                  aria-label={`Remove the ${column.car.name}`}
                  onClick={() => onRemove(column.car)}
                >
                  Remove
                </button>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((label) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              {columns.map((column) => {
                const value = valueOf(column, label);
                return <td key={column.car.id}>{value ?? <Missing />}</td>;
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
