import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { HolidayHoursDialog } from './holiday-hours-dialog';
import { salesDepartment } from '../../testing/location-views';

afterEach(cleanup);

describe('HolidayHoursDialog', () => {
  it('opens from View Holiday Hours, lists the dates and closes with Escape, returning focus', () => {
    render(
      <HolidayHoursDialog rows={salesDepartment.holiday_hours} locationName="Acme Springwood" />,
    );
    const button = screen.getByRole('button', { name: 'View Holiday Hours' });
    const dialog = document.querySelector('dialog') as HTMLDialogElement;
    expect(dialog.open).toBe(false);
    button.focus();
    fireEvent.click(button);
    expect(dialog.open).toBe(true);
    expect(dialog.getAttribute('aria-labelledby')).toBe(within(dialog).getByRole('heading').id);
    expect(within(dialog).getByRole('heading').textContent).toBe('Holiday hours: Acme Springwood');
    const rows = within(dialog)
      .getAllByRole('row')
      .map((r) => r.textContent);
    expect(rows).toEqual([
      'Thursday 24 December 2026Christmas Eve8:00am - 12:00pm',
      'Friday 25 December 2026Christmas DayClosed',
    ]);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(dialog.open).toBe(false);
    expect(document.activeElement).toBe(button);
  });

  it('closes from its Close button', () => {
    render(
      <HolidayHoursDialog rows={salesDepartment.holiday_hours} locationName="Acme Springwood" />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'View Holiday Hours' }));
    const dialog = document.querySelector('dialog') as HTMLDialogElement;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(dialog.open).toBe(false);
  });

  it('is not offered without special hours', () => {
    render(<HolidayHoursDialog rows={[]} locationName="Acme Springwood" />);
    expect(screen.queryByRole('button', { name: 'View Holiday Hours' })).toBeNull();
  });
});
