// Formats of customer.md §9: dates DD-MM-YYYY and 'MMM Do YY', prices with a $ prefix.
import dayjs from 'dayjs';
import advancedFormat from 'dayjs/plugin/advancedFormat.js';

dayjs.extend(advancedFormat);

/** Cents to `$45` or `$45.50`. */
export function money(cents: number): string {
  const dollars = cents / 100;
  return `$${Number.isInteger(dollars) ? dollars : dollars.toFixed(2)}`;
}

export const shortDate = (iso: string) => dayjs(iso).format('MMM Do YY');
export const dayMonthYear = (iso: string) => dayjs(iso).format('DD-MM-YYYY');
export const isoDay = (date: Date | string) => dayjs(date).format('YYYY-MM-DD');
