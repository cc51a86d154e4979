import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DepartmentHours } from './department-hours';
import { salesDepartment, serviceDepartment } from './test-views';

afterEach(cleanup);

function rows() {
  return screen
    .getAllByRole('row')
    .map((row) => [
      within(row).getByRole('rowheader').textContent,
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

  it('shows nothing without opening hours', () => {
    const { container } = render(
      <DepartmentHours departments={[{ ...serviceDepartment, hours: [] }]} />,
    );
    expect(container.innerHTML).toBe('');
  });
});
