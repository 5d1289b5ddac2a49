// The app's date and time formats: DD-MM-YYYY, 'MMM Do YY' (e.g. Jun 1st 23), h:mm A and
// 'MMMM YYYY'.
import dayjs from 'dayjs';
import advancedFormat from 'dayjs/plugin/advancedFormat.js';

dayjs.extend(advancedFormat);

export const shortDate = (iso: string) => dayjs(iso).format('MMM Do YY');
export const dayMonthYear = (iso: string) => dayjs(iso).format('DD-MM-YYYY');
export const isoDay = (date: Date | string) => dayjs(date).format('YYYY-MM-DD');

/** `14:05` → `2:05 PM`. */
export function clockTime(hhmm: string): string {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${hour}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

/** `2026-03` → `March 2026`. */
export const monthName = (month: string) => dayjs(`${month}-01`).format('MMMM YYYY');
