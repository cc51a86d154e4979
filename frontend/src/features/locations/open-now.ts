import { useEffect, useState } from 'react';
import type { ScheduleView } from '../../types/generated/ScheduleView';

const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** What the open-now line says at one moment, and which weekday it is there. */
type OpenNow = { open: boolean; text: string; weekday: number };

type Session = { opens: number; closes: number };

/** Minutes since midnight of "HH:MM"; null when unreadable. */
function minutes(hhmm: string | undefined): number | null {
  const match = /^(\d{1,2}):(\d{2})$/.exec(hhmm?.trim() ?? '');
  if (!match) return null;
  return Number(match[1]) * 60 + Number(match[2]);
}

/** "5:00 pm", "12:30 pm", "8:30 am". */
export function clockText(total: number): string {
  const hour = Math.floor(total / 60) % 24;
  const minute = total % 60;
  const twelve = hour % 12 === 0 ? 12 : hour % 12;
  return `${twelve}:${String(minute).padStart(2, '0')} ${hour < 12 ? 'am' : 'pm'}`;
}

/** The calendar date, weekday and minutes since midnight of `now` in `timeZone`. */
function localParts(now: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-AU', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    minutes: part('hour') * 60 + part('minute'),
  };
}

/** The session on the date `offset` days after (year, month, day): that date's special
 *  hours when it has some, else its weekday's; null when closed. */
function sessionOn(
  schedule: ScheduleView,
  year: number,
  month: number,
  day: number,
  offset: number,
) {
  const date = new Date(Date.UTC(year, month - 1, day + offset));
  const iso = date.toISOString().slice(0, 10);
  const weekday = date.getUTCDay();
  const special = schedule.special.find((s) => s.date === iso);
  const entry = special ?? schedule.week.find((s) => s.weekday === weekday);
  const opens = minutes(entry?.opens);
  const closes = minutes(entry?.closes);
  const session: Session | null =
    opens !== null && closes !== null && opens < closes ? { opens, closes } : null;
  return { weekday, session };
}

/** The open-now line of a schedule at `now`, in the location's own time zone:
 *  "Open now, closes 5:00 pm", "Closed now, opens 8:30 am" (later today),
 *  "Closed now, opens 8:30 am tomorrow", "Closed today, opens 8:30 am Monday", or plain
 *  "Closed now" / "Closed today" when nothing opens in the coming week. Special hours
 *  win over the week on their date. */
export function openNow(schedule: ScheduleView, now: Date): OpenNow {
  const local = localParts(now, schedule.time_zone);
  const today = sessionOn(schedule, local.year, local.month, local.day, 0);
  const t = local.minutes;
  if (today.session && t >= today.session.opens && t < today.session.closes) {
    return {
      open: true,
      text: `Open now, closes ${clockText(today.session.closes)}`,
      weekday: today.weekday,
    };
  }
  const lead = today.session ? 'Closed now' : 'Closed today';
  if (today.session && t < today.session.opens) {
    return {
      open: false,
      text: `${lead}, opens ${clockText(today.session.opens)}`,
      weekday: today.weekday,
    };
  }
  for (let offset = 1; offset <= 7; offset += 1) {
    const next = sessionOn(schedule, local.year, local.month, local.day, offset);
    if (!next.session) continue;
    const when = offset === 1 ? 'tomorrow' : DAY_NAMES[next.weekday];
    return {
      open: false,
      text: `${lead}, opens ${clockText(next.session.opens)} ${when}`,
      weekday: today.weekday,
    };
  }
  return { open: false, text: lead, weekday: today.weekday };
}

/** The current time, known only in the browser (the page is built ahead of time), and
 *  refreshed each minute so the open-now line stays true on a page left open. */
export function useNow(): Date | null {
  const [now, setNow] = useState<Date | null>(null);
  useEffect(() => {
    setNow(new Date());
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}
