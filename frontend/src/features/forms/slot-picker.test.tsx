import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SlotPicker } from './slot-picker';
import { field } from '../../testing/form-fields';
import { answer } from '../../testing/fetch';

afterEach(cleanup);

const slotField = field('appointment.time', 'Preferred time', 'slot');
const capalaba = { id: 3, name: 'Acme Capalaba', slug: 'capalaba' };
const list = (
  slots: { time: string; label: string }[],
  hours: string | null = '8:30am - 5:00pm',
) => ({
  location: 'capalaba',
  location_name: 'Acme Capalaba',
  date: '2026-11-24',
  hours,
  slot_minutes: 30,
  slots,
});

function picker(fetchImpl: typeof fetch, props: Partial<Parameters<typeof SlotPicker>[0]> = {}) {
  const onChange = vi.fn<(name: string, value: string) => void>();
  const onSlots = vi.fn<(labels: Record<string, string>) => void>();
  const view = render(
    <SlotPicker
      formId="test-drive-form"
      field={slotField}
      apiPath="/api/appointments"
      visit="test drive"
      location={capalaba}
      date="2026-11-24"
      value=""
      error={undefined}
      reload={0}
      onChange={onChange}
      onSlots={onSlots}
      fetchImpl={fetchImpl}
      {...props}
    />,
  );
  return { onChange, onSlots, ...view };
}

const status = () => screen.getByRole('status').textContent;

describe('SlotPicker', () => {
  it('asks for a location and a date before it loads anything', () => {
    const fetchImpl = vi.fn<typeof fetch>();
    const { rerender } = picker(fetchImpl, { location: null });
    expect(status()).toBe('Choose a location to see the available times.');
    rerender(
      <SlotPicker
        formId="f"
        field={slotField}
        apiPath="/api/appointments"
        visit="test drive"
        location={capalaba}
        date=""
        value=""
        error={undefined}
        reload={0}
        onChange={() => {}}
        fetchImpl={fetchImpl}
      />,
    );
    expect(status()).toBe('Choose a date to see the available times.');
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('loads the times of the location and date into a keyboard radio group', async () => {
    let resolve: (r: Response) => void = () => {};
    const fetchImpl = vi.fn<typeof fetch>(() => new Promise<Response>((r) => (resolve = r)));
    const { onChange, onSlots } = picker(fetchImpl);
    expect(status()).toBe('Loading the available times…');
    expect(
      screen.getByRole('radiogroup', { name: 'Preferred time' }).getAttribute('aria-busy'),
    ).toBe('true');
    expect(fetchImpl.mock.calls[0]?.[0]).toBe(
      '/api/appointments?location=capalaba&date=2026-11-24',
    );
    resolve(
      answer(
        200,
        list([
          { time: '09:00', label: '9:00am' },
          { time: '09:30', label: '9:30am' },
        ]),
      ),
    );
    const radios = await screen.findAllByRole('radio');
    expect(radios.map((r) => (r as HTMLInputElement).name)).toEqual([
      'appointment.time',
      'appointment.time',
    ]);
    expect(status()).toBe(
      '2 times available (open 8:30am - 5:00pm). Each test drive takes 30 minutes.',
    );
    expect(onSlots).toHaveBeenCalledWith({ '09:00': '9:00am', '09:30': '9:30am' });
    fireEvent.click(screen.getByRole('radio', { name: '9:30am' }));
    expect(onChange).toHaveBeenCalledWith('appointment.time', '09:30');
  });

  it("names the booking in the vehicle's words", async () => {
    const open = vi.fn<typeof fetch>(async () =>
      answer(200, list([{ time: '09:00', label: '9:00am' }])),
    );
    picker(open, { visit: 'test ride' });
    await waitFor(() =>
      expect(status()).toBe(
        '1 time available (open 8:30am - 5:00pm). Each test ride takes 30 minutes.',
      ),
    );
  });

  it('says when the day is closed or full', async () => {
    const closed = vi.fn<typeof fetch>(async () => answer(200, list([], null)));
    picker(closed);
    await waitFor(() =>
      expect(status()).toBe('Acme Capalaba is closed on that day. Please choose another date.'),
    );
    cleanup();
    const full = vi.fn<typeof fetch>(async () => answer(200, list([])));
    picker(full);
    await waitFor(() =>
      expect(status()).toBe('No times are left on that day. Please choose another date.'),
    );
    expect(screen.queryAllByRole('radio')).toHaveLength(0);
  });

  it('offers a retry when the times cannot be loaded', async () => {
    const fetchImpl = vi
      .fn<typeof fetch>()
      .mockResolvedValueOnce(answer(503, { success: false }))
      .mockResolvedValueOnce(answer(200, list([{ time: '11:00', label: '11:00am' }])));
    picker(fetchImpl);
    await waitFor(() => expect(status()).toBe('The available times could not be loaded.'));
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('radio', { name: '11:00am' })).toBeTruthy();
    expect(fetchImpl).toHaveBeenCalledTimes(2);
  });

  it('clears a chosen time the new list no longer offers, and shows its error', async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () =>
      answer(200, list([{ time: '11:00', label: '11:00am' }])),
    );
    const { onChange } = picker(fetchImpl, {
      value: '10:00',
      error: 'That time is no longer available. Please choose another time.',
    });
    await screen.findByRole('radio', { name: '11:00am' });
    expect(onChange).toHaveBeenCalledWith('appointment.time', '');
    const group = screen.getByRole('radiogroup', { name: 'Preferred time' });
    expect(group.getAttribute('aria-invalid')).toBe('true');
    const described = (group.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(described).toContain('That time is no longer available. Please choose another time.');
  });

  it('lets a chosen time go', async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () =>
      answer(200, list([{ time: '11:00', label: '11:00am' }])),
    );
    const { onChange } = picker(fetchImpl, { value: '11:00' });
    expect(
      ((await screen.findByRole('radio', { name: '11:00am' })) as HTMLInputElement).checked,
    ).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'No preferred time' }));
    expect(onChange).toHaveBeenCalledWith('appointment.time', '');
  });
});
