// How bookings show their date and time: DD-MM-YYYY, and the time as h:mm A.
import { dayMonthYear } from '../../dates.js';

/** `14:05` → `2:05 PM`. */
export function clockTime(hhmm: string): string {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${hour}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

/** `2026-06-10` → `10-06-2026`. */
export const bookingDate = (iso: string) => dayMonthYear(iso);
