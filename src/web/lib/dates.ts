// The app's date and time formats: DD-MM-YYYY, 'MMM Do YY' (e.g. Jun 1st 23), h:mm A and
// 'MMMM YYYY'.
import dayjs from 'dayjs';
import advancedFormat from 'dayjs/plugin/advancedFormat.js';
import { clockTime } from '../../contract/format.js';

dayjs.extend(advancedFormat);

/** `14:05` → `2:05 PM`, as the server writes times too. */
export { clockTime };

export const shortDate = (iso: string) => dayjs(iso).format('MMM Do YY');
/** The time alone for an instant of today (`1:05 PM`), else its date as `shortDate` writes it. */
export const timeOrDate = (iso: string) =>
  dayjs(iso).isSame(dayjs(), 'day') ? dayjs(iso).format('h:mm A') : shortDate(iso);
export const dayMonthYear = (iso: string) => dayjs(iso).format('DD-MM-YYYY');
export const isoDay = (date: Date | string) => dayjs(date).format('YYYY-MM-DD');

/** `2026-03` → `March 2026`. */
export const monthName = (month: string) => dayjs(`${month}-01`).format('MMMM YYYY');

// ---------------------------------------------------------------- in a given time zone
// A booking's times are the provider's: these read an instant in that zone, whatever the
// browser's own zone is (Intl, no dayjs plugin).

const zoned = (timeZone: string, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('en-US', { timeZone, ...options });

/** The zone's short name at that instant: `CST`, `EDT` (or `GMT+2` where it has none). */
export function zoneAbbreviation(instant: string, timeZone: string): string {
  const parts = zoned(timeZone, { timeZoneName: 'short' }).formatToParts(new Date(instant));
  return parts.find((p) => p.type === 'timeZoneName')?.value ?? timeZone;
}

/** The zone's everyday name: `Central Time`, `Eastern Time`. */
export function zoneName(instant: string, timeZone: string): string {
  const parts = zoned(timeZone, { timeZoneName: 'longGeneric' }).formatToParts(new Date(instant));
  return parts.find((p) => p.type === 'timeZoneName')?.value ?? timeZone;
}

/** An instant as the app writes a date and time, read in `timeZone`: `30-11-2026, 9:00 AM CST`. */
export function zonedDateTime(instant: string, timeZone: string): string {
  const parts = Object.fromEntries(
    zoned(timeZone, {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(instant))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.day}-${parts.month}-${parts.year}, ${clockTime(`${parts.hour}:${parts.minute}`)} ${zoneAbbreviation(instant, timeZone)}`;
}

/** A calendar day's weekday (`2026-12-01` → `Tuesday`), whatever the browser's zone. */
export const weekday = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { weekday: 'long', timeZone: 'UTC' }).format(new Date(`${iso}T12:00:00Z`));
