import { useId, useState } from 'react';
import { PhoneLink } from '../../components/phone-link';
import type { DepartmentView } from '../../types/generated/DepartmentView';
import type { LocationType } from '../../types/generated/LocationType';
import { MESSAGES } from '../../types/generated/messages';
import { HolidayHoursDialog } from './holiday-hours-dialog';
import { HoursTable } from './hours-table';
import { openNow, useNow } from './open-now';

/** Opening Hours of a site: a dropdown picks the department (sales, service, parts,
 *  service and parts) when the site has more than one, then its hours, phone and holiday
 *  hours. The first department is the page's own location. */
export function DepartmentHours({ departments }: { departments: DepartmentView[] }) {
  const [picked, setPicked] = useState<LocationType | undefined>(departments[0]?.location_type);
  const selectId = useId();
  const department = departments.find((d) => d.location_type === picked) ?? departments[0];
  const now = useNow();
  if (!department) return null;
  const hasHours = department.hours.length > 0;
  const status = now && hasHours ? openNow(department.schedule, now) : null;
  if (!hasHours && department.holiday_hours.length === 0 && departments.length < 2) return null;
  return (
    <section className="department-hours" aria-labelledby={`${selectId}-heading`}>
      <h2 id={`${selectId}-heading`}>{MESSAGES.OPENING_HOURS}</h2>
      {departments.length > 1 ? (
        <div className="department-hours__picker">
          <label htmlFor={selectId}>Department</label>
          <select
            id={selectId}
            value={department.location_type}
            onChange={(e) => setPicked(e.target.value as LocationType)}
          >
            {departments.map((d) => (
              <option key={d.location_type} value={d.location_type}>
                {d.label}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <div className="department-hours__panel" aria-live="polite">
        {departments.length > 1 ? (
          <p className="department-hours__where">
            {department.url ? (
              <a href={department.url}>{department.location_name}</a>
            ) : (
              department.location_name
            )}
          </p>
        ) : null}
        {hasHours ? (
          // The line keeps its height before the browser fills it in, so nothing moves.
          <p className={`open-now${status?.open ? ' open-now--open' : ''}`}>
            {status?.text ?? '\u00a0'}
          </p>
        ) : null}
        <HoursTable
          rows={department.hours}
          enquireUrl={department.enquire_url}
          rowWeekdays={department.schedule.row_weekdays}
          today={status?.weekday ?? null}
        />
        {department.phone ? (
          <p>
            <PhoneLink phone={department.phone} label={department.label} />
          </p>
        ) : null}
        <HolidayHoursDialog
          rows={department.holiday_hours}
          locationName={department.location_name}
        />
      </div>
    </section>
  );
}
