// How the portal shows dates, times and months: DD-MM-YYYY, h:mm A.
import dayjs from 'dayjs';
import { dayMonthYear } from '../../dates.js';

export const jobDate = (iso: string) => dayMonthYear(iso);

/** `14:05` → `2:05 PM`. */
export function jobTime(hhmm: string): string {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

/** `2026-03` → `March 2026`. */
export const monthName = (month: string) => dayjs(`${month}-01`).format('MMMM YYYY');
