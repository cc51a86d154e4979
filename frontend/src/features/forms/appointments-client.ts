// GET /api/appointments?location=&date= (edge-api/src/routes/appointments.rs, through the API
// client): the start times a location still offers on a date, as the slot picker uses them.
import { appointmentSlots, type Schemas } from '../../api/client';

/** One offered slot. */
export type Slot = Schemas['Slot'];

/** The slots of one location and date, as the picker uses them: the answer's hours (null
 *  on a closed day) and slots, and its minutes per appointment (null when it has none). */
export type SlotList = Required<Pick<Schemas['SlotList'], 'hours' | 'slots'>> & {
  slotMinutes: Schemas['SlotList']['slot_minutes'] | null;
};

function slotOf(value: unknown): Slot | null {
  if (value === null || typeof value !== 'object') return null;
  const { time, label } = value as Record<string, unknown>;
  if (typeof time !== 'string' || !/^\d{2}:\d{2}$/.test(time)) return null;
  return { time, label: typeof label === 'string' && label.trim() !== '' ? label : time };
}

/** The slots `location` (a slug) offers on `date` (YYYY-MM-DD); throws when the API
 *  cannot answer (the picker offers a retry). */
export async function fetchSlots(
  apiPath: string,
  location: string,
  date: string,
  signal?: AbortSignal,
  fetchImpl: typeof fetch = fetch,
): Promise<SlotList> {
  const response = await appointmentSlots(apiPath, location, date, { signal, fetchImpl });
  if (!response.ok) throw new Error(`GET ${apiPath} answered ${response.status}`);
  const body: unknown = response.body;
  const o = body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const slots = Array.isArray(o.slots)
    ? o.slots.map(slotOf).filter((s): s is Slot => s !== null)
    : [];
  const minutes = typeof o.slot_minutes === 'number' && o.slot_minutes > 0 ? o.slot_minutes : null;
  return { hours: typeof o.hours === 'string' ? o.hours : null, slots, slotMinutes: minutes };
}

/** Today's date in the browser as YYYY-MM-DD, and the date `days` later. */
export function dateRange(today: Date, days: number): { min: string; max: string } {
  const iso = (d: Date) =>
    `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  const last = new Date(today.getFullYear(), today.getMonth(), today.getDate() + days);
  return { min: iso(today), max: iso(last) };
}
