// Dates as the booking tests write them: days counted from today in a zone's own calendar, where
// the providers' slots and hours are.
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);
dayjs.extend(timezone);

/** dayjs with the UTC and time-zone plugins, for a test that works out a time in a zone. */
export { dayjs };

/** The date (YYYY-MM-DD) `days` from today (before it, when negative) in `zone`: Austin's by default. */
export const dayIn = (days: number, zone = 'America/Chicago') => dayjs().tz(zone).add(days, 'day').format('YYYY-MM-DD');
