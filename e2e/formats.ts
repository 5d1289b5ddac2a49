// How the pages write times, dates and money, so that the journeys can read them back; and dayjs
// with the time-zone plugins, for the dates the journeys book in the providers' zone.
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);
dayjs.extend(timezone);

/** dayjs with the utc and timezone plugins. */
export { dayjs };

/** The demo provider's time zone: it works in Austin. */
export const zone = 'America/Chicago';

/** Cents as the pages show them: `4500` → `$45.00`. */
export const usd = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 }).format(cents / 100);

/** `14:05` → `2:05 PM`, as the pages show a time. */
export function clockTime(hhmm: string) {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

/** `2026-06-10` → `10-06-2026`, as the pages show a date. */
export const dayMonthYear = (iso: string) => iso.split('-').reverse().join('-');

/** The short name of `zone` at an instant (`CST` or `CDT`). */
export const zoneAbbreviation = (instant: Date) =>
  new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'short' })
    .formatToParts(instant)
    .find((part) => part.type === 'timeZoneName')?.value;
