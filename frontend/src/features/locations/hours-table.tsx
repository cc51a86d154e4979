import type { HoursRow } from '../../types/generated/HoursRow';

/** Opening hours (Monday to Friday grouped by the Rust rule; a Closed day worded per
 *  site, possibly as an Enquire link), today's row marked when known; nothing when there
 *  are none. */
export function HoursTable({
  heading,
  rows,
  enquireUrl,
  headingLevel = 3,
  rowWeekdays,
  today = null,
}: {
  heading?: string;
  rows: HoursRow[];
  enquireUrl: string;
  headingLevel?: 2 | 3;
  /** The weekdays (0 Sunday) of each row, to mark the row of `today`. */
  rowWeekdays?: number[][];
  /** Today's weekday where the location is, once the browser knows it. */
  today?: number | null;
}) {
  if (rows.length === 0) return null;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="hours">
      {heading ? <Heading className="hours__heading">{heading}</Heading> : null}
      <table>
        <tbody>
          {rows.map((row, index) => {
            const isToday = today !== null && (rowWeekdays?.[index] ?? []).includes(today);
            return (
              <tr
                key={row.label}
                className={isToday ? 'hours__today' : undefined}
                aria-current={isToday ? 'date' : undefined}
              >
                <th scope="row">
                  {row.label}
                  {isToday ? <span className="visually-hidden"> (today)</span> : null}
                </th>
                <td>{row.enquire_link ? <a href={enquireUrl}>{row.text}</a> : row.text}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
