import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DepartmentHours } from './department-hours';
import { salesDepartment, serviceDepartment } from '../../testing/location-views';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** Each row's day and hours, without the "(today)" the browser's day adds. */
function rows() {
  return screen
    .getAllByRole('row')
    .map((row) => [
      within(row).getByRole('rowheader').firstChild?.textContent,
      within(row).getByRole('cell').textContent,
    ]);
}

describe('DepartmentHours', () => {
  it('shows the grouped Monday - Friday row and a Closed day as an Enquire link', () => {
    render(<DepartmentHours departments={[salesDepartment]} />);
    expect(screen.getByRole('heading', { name: 'Opening Hours' })).toBeTruthy();
    expect(rows()).toEqual([
      ['Monday - Friday', '8:30am - 5:30pm'],
      ['Saturday', '8:30am - 4:00pm'],
      ['Sunday', 'Enquire'],
    ]);
    expect(screen.getByRole('link', { name: 'Enquire' }).getAttribute('href')).toBe('/contact-us');
    expect(screen.queryByRole('combobox'), 'one department: no dropdown').toBeNull();
  });

  it('switches department from the dropdown', () => {
    render(<DepartmentHours departments={[salesDepartment, serviceDepartment]} />);
    const select = screen.getByRole('combobox', { name: 'Department' }) as HTMLSelectElement;
    expect(Array.from(select.options).map((o) => [o.value, o.textContent])).toEqual([
      ['sales', 'Sales'],
      ['service-and-parts', 'Service & Parts'],
    ]);
    fireEvent.change(select, { target: { value: 'service-and-parts' } });
    expect(rows()).toEqual([
      ['Monday', '7:00am - 5:00pm'],
      ['Tuesday', '7:30am - 5:00pm'],
      ['Sunday', 'By appointment only'],
    ]);
    expect(screen.queryByRole('link', { name: 'Enquire' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Acme Springwood Service' }).getAttribute('href')).toBe(
      '/locations/acme-springwood-service',
    );
    expect(
      screen.queryByRole('button', { name: 'View Holiday Hours' }),
      'the service centre has no special hours',
    ).toBeNull();
  });

  it("says whether the site is open now and marks today's row, in Brisbane time", () => {
    vi.useFakeTimers();
    // Saturday 5 December 2026, 3:00 pm in Brisbane.
    vi.setSystemTime(new Date('2026-12-05T15:00+10:00'));
    render(<DepartmentHours departments={[salesDepartment, serviceDepartment]} />);
    expect(screen.getByText('Open now, closes 4:00 pm')).toBeTruthy();
    const today = screen.getAllByRole('row').filter((r) => r.getAttribute('aria-current'));
    expect(today.map((r) => [r.getAttribute('aria-current'), r.textContent])).toEqual([
      ['date', 'Saturday (today)8:30am - 4:00pm'],
    ]);
    act(() => vi.advanceTimersByTime(60 * 60_000));
    expect(screen.getByText('Closed now, opens 8:30 am Monday')).toBeTruthy();

    fireEvent.change(screen.getByRole('combobox', { name: 'Department' }), {
      target: { value: 'service-and-parts' },
    });
    expect(screen.getByText('Closed today, opens 7:00 am Monday')).toBeTruthy();
    expect(screen.getAllByRole('row').filter((r) => r.getAttribute('aria-current'))).toEqual([]);
  });

  it('shows nothing without opening hours', () => {
    const { container } = render(
      <DepartmentHours departments={[{ ...serviceDepartment, hours: [] }]} />,
    );
    expect(container.innerHTML).toBe('');
  });
});
