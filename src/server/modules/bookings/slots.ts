// Slot arithmetic, pure: which start times of one day a provider can still take. No database here;
// `freeSlots` in bookings.availability.ts reads the rows and asks this module.
//
// A day is cut into `slotMinutes` steps inside each working interval of its weekday. A step is
// free when it starts at least `leadMinutes` after now, the day is not a day off, the job would not
// reach into a time the provider blocked on its calendar, the local time exists (the hour skipped when clocks go forward has no slots), and the step together with the
// travel buffer on both sides, [start - buffer, end + buffer], overlaps no booked job. A job, the
// one asked about and each booked one, lasts its own duration (one slot when none is given), and
// the one asked about must end inside the working interval. Times are compared as instants, so DST
// days and neighbouring days' jobs count right.
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import { localInstant, minuteInstant, todayIn } from '../../../contract/format.js';

dayjs.extend(utc);

export interface Interval {
  /** Minutes since local midnight. */
  startMinute: number;
  endMinute: number;
}

/** A provider with no working hours configured at all works 09:00–18:00 every day. */
export const defaultHours: Interval = { startMinute: 9 * 60, endMinute: 18 * 60 };
export const defaultSlotMinutes = 60;
export const defaultBufferMinutes = 30;

export interface BookedJob {
  /** The provider's local date and start time. */
  date: string;
  time: string;
  /** How long it takes; one slot when null. */
  durationMinutes?: number | null;
}

export interface DayPlan {
  /** The provider's local date, `YYYY-MM-DD`. */
  date: string;
  timeZone: string;
  /** The working intervals of this date's weekday (see `hoursForDay`). */
  hours: Interval[];
  slotMinutes: number;
  /** How long the job to place takes; one slot when not given. */
  durationMinutes?: number;
  bufferMinutes: number;
  dayOff: boolean;
  /**
   * The time ranges the provider blocked on this date. A block is the provider's own time, not a
   * job somewhere else: no travel buffer around it.
   */
  blocked: Interval[];
  /** Requested and accepted jobs on this date and the days next to it. */
  booked: BookedJob[];
  now: Date;
  leadMinutes: number;
}

/** Weekday of a calendar date, 0 = Sunday; the same in every time zone. */
export const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

/** `HH:MM` of minutes since midnight. */
export const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** Whole days from the provider's today to `date` (negative in the past). */
export const daysAhead = (date: string, timeZone: string, now: Date) =>
  dayjs.utc(date).diff(dayjs.utc(todayIn(timeZone, now)), 'day');

/**
 * The intervals a provider works on `date`: its configured hours of that weekday, or the default
 * day when it has configured none at all (a provider with hours on other days only is off).
 */
export function hoursForDay(allHours: (Interval & { weekday: number })[], date: string): Interval[] {
  if (allHours.length === 0) return [defaultHours];
  const weekday = weekdayOf(date);
  return allHours
    .filter((h) => h.weekday === weekday)
    .map(({ startMinute, endMinute }) => ({ startMinute, endMinute }));
}

/** The free start times of the day, `HH:MM`, earliest first. */
export function freeSlotTimes(plan: DayPlan): string[] {
  return [...new Set(freeMinutes(plan, false))].sort((a, b) => a - b).map(hhmm);
}

/** The earliest free start time of the day, `HH:MM`; null when none is free. */
export function firstFreeTime(plan: DayPlan): string | null {
  const firsts = freeMinutes(plan, true);
  return firsts.length ? hhmm(Math.min(...firsts)) : null;
}

/** The free start minutes of each working interval, in its order; only the first of each with `firstOnly`. */
function freeMinutes(plan: DayPlan, firstOnly: boolean): number[] {
  if (plan.dayOff || plan.slotMinutes <= 0) return [];
  const length = plan.durationMinutes ?? plan.slotMinutes;
  const bufferMs = Math.max(0, plan.bufferMinutes) * 60_000;
  const earliest = plan.now.getTime() + plan.leadMinutes * 60_000;
  const jobs = plan.booked.flatMap((job) => {
    const start = localInstant(job.date, job.time, plan.timeZone);
    return start === null ? [] : [{ start, end: start + (job.durationMinutes ?? plan.slotMinutes) * 60_000 }];
  });

  const free: number[] = [];
  for (const { startMinute, endMinute } of plan.hours) {
    for (let minute = startMinute; minute + length <= endMinute; minute += plan.slotMinutes) {
      if (plan.blocked.some((b) => minute < b.endMinute && b.startMinute < minute + length)) continue;
      const start = minuteInstant(plan.date, minute, plan.timeZone);
      if (start === null || start < earliest) continue;
      const end = start + length * 60_000;
      // [start - buffer, end + buffer] against each job [start, end).
      const clashes = jobs.some((job) => start - bufferMs < job.end && job.start < end + bufferMs);
      if (clashes) continue;
      free.push(minute);
      if (firstOnly) break;
    }
  }
  return free;
}
