// How money, times of day, calendar days and distances are written, on the pages and in what the
// server sends: one module for both, so a notice reads the same in the list, the text message and
// the mail.

const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Cents as money is always shown: `$1,234.50`, two decimals; `-$12.00` below zero. */
export const money = (cents: number): string => usd.format(cents / 100);

/** `14:05` → `2:05 PM`; `24:00`, an end at midnight, → `12:00 AM`. */
export function clockTime(hhmm: string): string {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${hour}:${String(m).padStart(2, '0')} ${h % 24 < 12 ? 'AM' : 'PM'}`;
}

/** The calendar day `days` after `date` (both `YYYY-MM-DD`), whatever the local time zone. */
export function shiftDay(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** Today's date (`YYYY-MM-DD`) in `timeZone`: the provider's, on the server and in the booking dialog. */
export function todayIn(timeZone: string, now: Date): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    // en-CA writes dates as YYYY-MM-DD.
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  return format.format(now);
}

/**
 * The instant of a local date and time (`HH:MM`) in a zone, in ms; null when that local time does
 * not exist (the hour skipped when clocks go forward). A local time that happens twice (clocks go
 * back) is the second of the two, as PostgreSQL reads it.
 */
export function localInstant(date: string, time: string, timeZone: string): number | null {
  return plainTime.test(time)
    ? minuteInstant(date, Number(time.slice(0, 2)) * 60 + Number(time.slice(3)), timeZone)
    : null;
}

const plainTime = /^([01]\d|2[0-3]):[0-5]\d$/;

/** `localInstant` of `minute` minutes after local midnight (below 24 hours). */
export function minuteInstant(date: string, minute: number, timeZone: string): number | null {
  const offsets = offsetsOf(date, timeZone);
  if (!offsets || minute >= 24 * 60) return null;
  const wall = Date.parse(`${date}T00:00:00Z`) + minute * 60_000;
  // Most days keep one offset from end to end: their times are plain arithmetic.
  const [only, ...more] = offsets;
  if (only !== undefined && more.length === 0) return wall - only;
  // On a day the clocks change, the time is at `wall - offset` for whichever offset the zone
  // really has then: none in the skipped hour, the later of two in the hour that comes twice.
  const instants = offsets.map((offset) => wall - offset).filter((at) => offsetAt(at, timeZone) === wall - at);
  return instants.length ? Math.max(...instants) : null;
}

const partFormats = new Map<string, Intl.DateTimeFormat>();
/** How far ahead of UTC a zone's clocks are at `instant`, in ms. */
function offsetAt(instant: number, timeZone: string): number {
  let format = partFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    partFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return wall - Math.floor(instant / 1000) * 1000;
}

const dayOffsets = new Map<string, number[] | null>();
/** How many days' offsets are kept: a list asks for the same few zones and weeks again and again. */
const maxDays = 10_000;
/**
 * The offsets a zone has during a local date: one on most days, the one before and the one after
 * on a day the clocks change; null for what is not a calendar date. Local dates lie within UTC's
 * same day minus 14 hours to its next day plus 12, so the offsets at both ends of that span are
 * the day's (no zone changes its clocks twice in two days).
 */
function offsetsOf(date: string, timeZone: string): number[] | null {
  const key = `${date} ${timeZone}`;
  const known = dayOffsets.get(key);
  if (known !== undefined) return known;
  const midnight = Date.parse(`${date}T00:00:00Z`);
  // '2026-02-30' would roll over into March.
  const valid = !Number.isNaN(midnight) && new Date(midnight).toISOString().slice(0, 10) === date;
  const early = valid ? offsetAt(midnight - 14 * 3_600_000, timeZone) : 0;
  const late = valid ? offsetAt(midnight + 36 * 3_600_000, timeZone) : 0;
  const found = !valid ? null : early === late ? [early] : [early, late];
  if (dayOffsets.size >= maxDays) dayOffsets.clear();
  dayOffsets.set(key, found);
  return found;
}

/** A calendar day as notices write dates, day first: `2026-12-01` → `01-12-2026`. */
export const noticeDate = (date: string) => date.split('-').reverse().join('-');

// ---------------------------------------------------------------- distances
// Distances are measured and stored in km; people read and type them in `distanceUnit`, converted
// here at the edge.

export type DistanceUnit = 'mi' | 'km';
/** The unit distances are shown and typed in: miles, the product serving the US only. */
export const distanceUnit = 'mi' as DistanceUnit;
/** Exactly, by the international mile's definition. */
export const kmPerMile = 1.609344;

const perUnit = (unit: DistanceUnit) => (unit === 'mi' ? kmPerMile : 1);

/** A measured distance, one decimal: `3.4 km` → `2.1 mi`. */
export const distance = (km: number, unit = distanceUnit) => `${(km / perUnit(unit)).toFixed(1)} ${unit}`;

/** A radius in km as the whole units it is typed in: 25 → 16 (miles). */
export const radiusInUnit = (km: number, unit = distanceUnit) => Math.round(km / perUnit(unit));

/**
 * Whole units typed as a whole km to store: 16 → 26. Within half a km, so reading it back gives
 * the units typed (a mile is more than one km).
 */
export const radiusToKm = (units: number, unit = distanceUnit) => Math.round(units * perUnit(unit));

/** A radius as people read it: 25 → `16 mi`. */
export const radius = (km: number, unit = distanceUnit) => `${radiusInUnit(km, unit)} ${unit}`;
