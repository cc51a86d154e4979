import type { HoursRow } from '../../types/generated/HoursRow';

/** Opening hours (Monday to Friday grouped by the Rust rule); nothing when there are none. */
export function HoursTable({ heading, rows, enquireUrl }: { heading: string; rows: HoursRow[]; enquireUrl: string }) {
  if (rows.length === 0) return null;
  return (
    <div className="hours">
      <h3>{heading}</h3>
      <table>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label}>
              <th scope="row">{row.label}</th>
              <td>{row.enquire_link ? <a href={enquireUrl}>{row.text}</a> : row.text}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
