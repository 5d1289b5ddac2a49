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
