// The calendar's arithmetic, pure: which days a view shows, the hours its grid spans, and where a
// stretch of a day sits on it. Dates are calendar days (`YYYY-MM-DD`) and times the provider's
// `HH:MM`, so the browser's own time zone never enters.
import { shiftDay } from '../../../../contract/format.js';
import { minutesOf, type CalendarDayPlan } from '../../../../contract/portal.js';

export const calendarViews = ['week', 'day'] as const;
export type CalendarView = (typeof calendarViews)[number];

/** The first day a view shows: the day itself, or the Sunday of its week. */
export function firstDay(date: string, view: CalendarView): string {
  return view === 'day' ? date : shiftDay(date, -new Date(`${date}T12:00:00Z`).getUTCDay());
}

export const daysShown = (view: CalendarView) => (view === 'day' ? 1 : 7);

/**
 * The minutes the grid spans: whole hours from the earliest of 08:00 and anything shown to the
 * latest of 18:00 and anything shown, the travel buffer included.
 */
export function gridSpan(days: CalendarDayPlan[], bufferMinutes: number): { start: number; end: number } {
  let start = 8 * 60;
  let end = 18 * 60;
  for (const day of days) {
    for (const s of [...day.hours, ...day.blocks]) {
      start = Math.min(start, minutesOf(s.start));
      end = Math.max(end, minutesOf(s.end));
    }
    for (const job of day.jobs) {
      start = Math.min(start, minutesOf(job.start) - bufferMinutes);
      end = Math.max(end, minutesOf(job.end) + bufferMinutes);
    }
  }
  return { start: Math.max(0, Math.floor(start / 60) * 60), end: Math.min(24 * 60, Math.ceil(end / 60) * 60) };
}

/** Where a stretch sits on the grid, as percentages of its height (clipped to the grid). */
export function placement(
  span: { start: number; end: number },
  from: string | number,
  to: string | number,
): { top: string; height: string } {
  const length = span.end - span.start;
  const a = Math.max(span.start, typeof from === 'number' ? from : minutesOf(from));
  const b = Math.min(span.end, typeof to === 'number' ? to : minutesOf(to));
  const percent = (n: number) => `${((n / length) * 100).toFixed(3)}%`;
  return { top: percent(a - span.start), height: percent(Math.max(0, b - a)) };
}
