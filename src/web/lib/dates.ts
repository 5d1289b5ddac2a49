// The app's date and time formats, each written here once: DD-MM-YYYY for the day of a job,
// 'MMM Do YY' (Jun 1st 23) for when something happened, h:mm A for every time, 'MMMM YYYY' for a
// month and `Tue, Dec 1, 2026` for a day picked or headed by name. Nothing else formats a date.
import dayjs from 'dayjs';
import advancedFormat from 'dayjs/plugin/advancedFormat.js';
import { clockTime } from '../../contract/format.js';

dayjs.extend(advancedFormat);

/** `14:05` → `2:05 PM`, as the server writes times too. */
export { clockTime };

export const shortDate = (iso: string) => dayjs(iso).format('MMM Do YY');
/** An instant's time of day in the browser's zone: `1:05 PM`. */
export const instantTime = (iso: string) => dayjs(iso).format('h:mm A');
/** An instant as a date and a time: `Jun 1st 23, 1:05 PM`. */
export const shortDateTime = (iso: string) => `${shortDate(iso)}, ${instantTime(iso)}`;
/** The time alone for an instant of today (`1:05 PM`), else its date as `shortDate` writes it. */
export const timeOrDate = (iso: string) => (dayjs(iso).isSame(dayjs(), 'day') ? instantTime(iso) : shortDate(iso));
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

// ---------------------------------------------------------------- a calendar day by name
// A `YYYY-MM-DD` day read at noon UTC, so the browser's zone never moves it to another day.

const calendarDay = (iso: string) => new Date(`${iso}T12:00:00Z`);
const named = (options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' });
const weekdayFormat = named({ weekday: 'long' });
const dayNameFormat = named({ weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' });
const dayNameNoYearFormat = named({ weekday: 'short', month: 'short', day: 'numeric' });
const fullDayFormat = named({ weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });

/** A calendar day's weekday (`2026-12-01` → `Tuesday`). */
export const weekday = (iso: string) => weekdayFormat.format(calendarDay(iso));

/**
 * A day with its month's name, never in an order that reads two ways: `Tue, Dec 1, 2026`;
 * `Tue, Dec 1` where the year goes without saying.
 */
export const dayName = (iso: string, withYear = true) =>
  (withYear ? dayNameFormat : dayNameNoYearFormat).format(calendarDay(iso));

/** A day in full, as a screen reader says a day of the date picker: `Tuesday, December 1, 2026`. */
export const fullDayName = (iso: string) => fullDayFormat.format(calendarDay(iso));
