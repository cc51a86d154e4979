import type { HoursRow } from '../../types/generated/HoursRow';

/** Opening hours (Monday to Friday grouped by the Rust rule; a Closed day worded per
 *  site, possibly as an Enquire link); nothing when there are none. */
export function HoursTable({
  heading,
  rows,
  enquireUrl,
  headingLevel = 3,
}: {
  heading?: string;
  rows: HoursRow[];
  enquireUrl: string;
  headingLevel?: 2 | 3;
}) {
  if (rows.length === 0) return null;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="hours">
      {heading ? <Heading className="hours__heading">{heading}</Heading> : null}
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
