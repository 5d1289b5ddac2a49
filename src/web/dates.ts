// The app's date formats: DD-MM-YYYY and 'MMM Do YY' (e.g. Jun 1st 23).
import dayjs from 'dayjs';
import advancedFormat from 'dayjs/plugin/advancedFormat.js';

dayjs.extend(advancedFormat);

export const shortDate = (iso: string) => dayjs(iso).format('MMM Do YY');
export const dayMonthYear = (iso: string) => dayjs(iso).format('DD-MM-YYYY');
export const isoDay = (date: Date | string) => dayjs(date).format('YYYY-MM-DD');
