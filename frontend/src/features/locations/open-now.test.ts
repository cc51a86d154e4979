import { describe, expect, it } from 'vitest';
import type { ScheduleView } from '../../types/generated/ScheduleView';
import { clockText, openNow } from './open-now';

const weekdays = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, opens: '08:30', closes: '17:00' }));

const brisbane: ScheduleView = {
  time_zone: 'Australia/Brisbane',
  week: [...weekdays, { weekday: 6, opens: '09:00', closes: '12:30' }],
  special: [{ date: '2026-12-24', opens: '08:00', closes: '12:00' }, { date: '2026-12-25' }],
  row_weekdays: [[1, 2, 3, 4, 5], [6], [0]],
};

/** A Brisbane wall-clock time (UTC+10 all year) as the instant it is. */
function brisbaneAt(iso: string): Date {
  return new Date(`${iso}+10:00`);
}

describe('openNow', () => {
  const cases: [string, ScheduleView, Date, string, boolean, number][] = [
    // Wednesday 2 December 2026.
    [
      'before opening',
      brisbane,
      brisbaneAt('2026-12-02T07:59'),
      'Closed now, opens 8:30 am',
      false,
      3,
    ],
    ['at opening', brisbane, brisbaneAt('2026-12-02T08:30'), 'Open now, closes 5:00 pm', true, 3],
    ['open', brisbane, brisbaneAt('2026-12-02T16:59'), 'Open now, closes 5:00 pm', true, 3],
    [
      'at closing',
      brisbane,
      brisbaneAt('2026-12-02T17:00'),
      'Closed now, opens 8:30 am tomorrow',
      false,
      3,
    ],
    [
      'Saturday afternoon',
      brisbane,
      brisbaneAt('2026-12-05T12:30'),
      'Closed now, opens 8:30 am Monday',
      false,
      6,
    ],
    [
      'closed day',
      brisbane,
      brisbaneAt('2026-12-06T10:00'),
      'Closed today, opens 8:30 am tomorrow',
      false,
      0,
    ],
    [
      'special short day',
      brisbane,
      brisbaneAt('2026-12-24T12:15'),
      'Closed now, opens 9:00 am Saturday',
      false,
      4,
    ],
    [
      'special open hours',
      brisbane,
      brisbaneAt('2026-12-24T08:10'),
      'Open now, closes 12:00 pm',
      true,
      4,
    ],
    [
      'special closed day',
      brisbane,
      brisbaneAt('2026-12-25T10:00'),
      'Closed today, opens 9:00 am tomorrow',
      false,
      5,
    ],
    // 23:30 UTC on a Tuesday is 9:30 am Wednesday in Brisbane: the location's day counts.
    [
      "the location's day, not UTC's",
      brisbane,
      new Date('2026-12-01T23:30Z'),
      'Open now, closes 5:00 pm',
      true,
      3,
    ],
    [
      'never open',
      { ...brisbane, week: [], special: [] },
      brisbaneAt('2026-12-02T10:00'),
      'Closed today',
      false,
      3,
    ],
  ];
  it.each(cases)('%s', (_, schedule, now, text, open, weekday) => {
    expect(openNow(schedule, now)).toEqual({ text, open, weekday });
  });

  it('reads daylight saving time in a zone that has it', () => {
    const sydney = { ...brisbane, time_zone: 'Australia/Sydney' };
    // 21:45 UTC is 8:45 am in Sydney in summer (UTC+11), still 7:45 am in Brisbane.
    const now = new Date('2026-12-01T21:45Z');
    expect(openNow(sydney, now).text).toBe('Open now, closes 5:00 pm');
    expect(openNow(brisbane, now).text).toBe('Closed now, opens 8:30 am');
  });
});

describe('clockText', () => {
  it('writes a 12-hour clock with a spaced suffix', () => {
    expect([0, 510, 720, 1020, 1439].map(clockText)).toEqual([
      '12:00 am',
      '8:30 am',
      '12:00 pm',
      '5:00 pm',
      '11:59 pm',
    ]);
  });
});
