// The provider portal (onboarding, jobs, schedule, profile, earnings). The web forms and the
// server check the same schemas.
import { z } from 'zod';
import { bookingItem, isCalendarDate, providerContact } from './bookings.js';
import { portalCities, type PortalCity } from './places.js';
import { cents, pageQuery } from './common.js';
import { providerPortalText as t } from './messages.js';
import { toHundredths } from './wallet.js';
import { radiusInUnit, radiusToKm } from './format.js';

export const portalLimits = {
  chargesMaxCents: 100_000_00,
  addressMax: 200,
  aboutMax: 1000,
  servicesMax: 6,
  slotMinutes: { min: 15, max: 240 },
  bufferMinutes: { min: 0, max: 240, default: 30 },
  /** Days off from today on that a provider may hold at once. */
  daysOffMax: 60,
  /** Months the earnings page sums up. */
  months: 12,
  /** Blocked time ranges from today on that a provider may hold at once. */
  blocksMax: 60,
  /** Days one calendar answer covers: a week. */
  calendarDays: 7,
} as const;

/** The served cities and the time zone each one's providers work in. */
export const cityZones = { austin: 'America/Chicago', dallas: 'America/Chicago', nyc: 'America/New_York' } as const;
export { portalCities, type PortalCity };

const required = (message: string) => z.string({ error: message }).trim().min(1, { error: message, abort: true });

// ---------------------------------------------------------------- jobs

/**
 * The provider's jobs by tab: requested (to answer), upcoming (accepted, the start still ahead),
 * toComplete (accepted, the start passed: to mark completed) and past (closed).
 */
export const jobTabs = ['requested', 'upcoming', 'toComplete', 'past'] as const;
export type JobTab = (typeof jobTabs)[number];
export const jobsQuery = pageQuery.extend({ tab: z.enum(jobTabs).default('requested') });
export type JobsQuery = z.infer<typeof jobsQuery>;

/** How many jobs wait in each tab that asks something of the provider; past only grows and is not counted. */
export const jobCounts = z.object({
  requested: z.number().int().nonnegative(),
  upcoming: z.number().int().nonnegative(),
  toComplete: z.number().int().nonnegative(),
});
export type JobCounts = z.infer<typeof jobCounts>;

/**
 * A booking as the provider's lists show it: the customer's booking fields, with the customer
 * instead of the provider, and the customer's phone and street only while the provider sees them.
 */
export const jobItem = bookingItem.omit({ bookedto: true, rated: true, rating: true }).extend({
  ...providerContact,
  customer: z.object({ _id: z.uuid(), name: z.string(), image: z.string().nullable() }),
  /** Accepted and its time has passed (in the provider's time zone): Mark completed is offered. */
  canComplete: z.boolean(),
  /** A request expires unanswered then (ISO instant); null for any other status. */
  expiresAt: z.string().nullable(),
});
export type JobItem = z.infer<typeof jobItem>;

/** `reopen` sets a job completed moments ago back to accepted: Undo after Mark completed. */
export const jobAction = z.enum(['accept', 'decline', 'complete', 'reopen']);
export type JobAction = z.infer<typeof jobAction>;
export const jobActionParams = z.object({ id: z.uuid({ error: t.jobIdInvalid }), action: jobAction });

// ---------------------------------------------------------------- schedule

const hhmmPattern = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;
export const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
export const hhmmOf = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

export const workingDay = z
  .object({
    weekday: z.number().int().min(0).max(6),
    start: required(t.startRequired).regex(hhmmPattern, { error: t.timeInvalid }),
    end: required(t.endRequired).regex(hhmmPattern, { error: t.timeInvalid }),
  })
  .refine((d) => minutesOf(d.start) < minutesOf(d.end), { error: t.endBeforeStart, path: ['end'] });
export type WorkingDay = z.infer<typeof workingDay>;

/** One interval per open weekday; a weekday left out is closed. At least one day must be open. */
export const scheduleBody = z.object({
  hours: z
    .array(workingDay)
    .min(1, { error: t.oneDayOpen })
    .max(7)
    .refine((days) => new Set(days.map((d) => d.weekday)).size === days.length, { error: t.weekdayTwice }),
  slotMinutes: z.coerce
    .number({ error: t.slotInvalid })
    .int({ error: t.slotInvalid })
    .min(portalLimits.slotMinutes.min, { error: t.slotInvalid })
    .max(portalLimits.slotMinutes.max, { error: t.slotInvalid }),
  bufferMinutes: z.coerce
    .number({ error: t.bufferInvalid })
    .int({ error: t.bufferInvalid })
    .min(portalLimits.bufferMinutes.min, { error: t.bufferInvalid })
    .max(portalLimits.bufferMinutes.max, { error: t.bufferInvalid }),
});
export type ScheduleBody = z.infer<typeof scheduleBody>;
export type ScheduleForm = z.input<typeof scheduleBody>;

/** What the portal reads back (plain shapes: a fresh provider has no hours yet). */
export const schedule = z.object({
  hours: z.array(z.object({ weekday: z.number().int(), start: z.string(), end: z.string() })),
  slotMinutes: z.number().int(),
  bufferMinutes: z.number().int(),
  /** Days off from the provider's today on, earliest first (at most `daysOffMax`). */
  daysOff: z.array(z.string()),
  timeZone: z.string().nullable(),
  /** True until the provider saved its hours: it then works the default 09:00–18:00 every day. */
  defaultHours: z.boolean(),
});
export type Schedule = z.infer<typeof schedule>;

export const dayOffBody = z.object({ day: required(t.dayRequired).refine(isCalendarDate, { error: t.dayInvalid }) });
export const dayOffParams = z.object({ day: z.string().refine(isCalendarDate, { error: t.dayInvalid }) });

// ---------------------------------------------------------------- calendar

/** A stretch of one day, the provider's local `HH:MM` (an end may be `24:00`). */
const span = { start: z.string(), end: z.string() };

/** A time range of one day taken out of the bookable hours. */
export const timeBlock = z.object({ _id: z.uuid(), ...span });
export type TimeBlock = z.infer<typeof timeBlock>;

/** A requested or accepted job as the calendar places it: its start and its end (start plus length). */
export const calendarJob = z.object({
  _id: z.uuid(),
  status: z.enum(['requested', 'accepted']),
  ...span,
  customer: z.string(),
  /** The category booked; null when it was archived since. */
  service: z.string().nullable(),
});
export type CalendarJob = z.infer<typeof calendarJob>;

export const calendarDayPlan = z.object({
  date: z.string(),
  /** The working hours of the date (none on a closed weekday or a day off). */
  hours: z.array(z.object(span)),
  dayOff: z.boolean(),
  jobs: z.array(calendarJob),
  blocks: z.array(timeBlock),
});
export type CalendarDayPlan = z.infer<typeof calendarDayPlan>;

/** GET /provider/calendar: `days` days from `from`, in the provider's time zone. */
export const calendarQuery = z.object({
  from: z.string({ error: t.dayRequired }).refine(isCalendarDate, { error: t.dayInvalid }),
  days: z.coerce
    .number({ error: t.daysInvalid })
    .int({ error: t.daysInvalid })
    .min(1, { error: t.daysInvalid })
    .max(portalLimits.calendarDays, { error: t.daysInvalid })
    .default(portalLimits.calendarDays),
});
export type CalendarQuery = z.infer<typeof calendarQuery>;

export const providerCalendar = z.object({
  timeZone: z.string(),
  /** The provider's today. */
  today: z.string(),
  /** The travel time kept free before and after each job. */
  bufferMinutes: z.number().int(),
  days: z.array(calendarDayPlan),
});
export type ProviderCalendar = z.infer<typeof providerCalendar>;

/** Blocks a time range of one day (today or later); a whole day is a day off. */
export const blockBody = z
  .object({
    day: dayOffBody.shape.day,
    start: required(t.startRequired).regex(hhmmPattern, { error: t.timeInvalid }),
    end: required(t.endRequired).regex(hhmmPattern, { error: t.timeInvalid }),
  })
  .refine((b) => minutesOf(b.start) < minutesOf(b.end), { error: t.endBeforeStart, path: ['end'] });
export type BlockBody = z.infer<typeof blockBody>;
export type BlockForm = z.input<typeof blockBody>;
export const blockParams = z.object({ id: z.uuid({ error: t.blockIdInvalid }) });

// ---------------------------------------------------------------- profile

/** Dollars typed by the provider → integer cents, 0 or more, 2 decimals at most. */
export const chargesAsCents = z
  .union([z.number(), z.string()], { error: t.chargesRequired })
  .transform((value, ctx) => {
    const units = toHundredths(value);
    const message =
      units === 'required'
        ? t.chargesRequired
        : units === 'decimals'
          ? t.chargesDecimals
          : typeof units === 'string'
            ? t.chargesNotNumber
            : undefined;
    if (message) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    const amount = units as number;
    if (amount < 0 || amount > portalLimits.chargesMaxCents) {
      ctx.addIssue({ code: 'custom', message: t.chargesRange });
      return z.NEVER;
    }
    return amount;
  });

export const profileBody = z.object({
  services: z
    .array(z.uuid({ error: t.servicesRequired }), { error: t.servicesRequired })
    .min(1, { error: t.servicesRequired })
    .max(portalLimits.servicesMax, { error: t.servicesTooMany }),
  charges: chargesAsCents,
  city: z.enum(portalCities, { error: t.cityRequired }),
  address: required(t.addressRequired).max(portalLimits.addressMax, { error: t.addressTooLong }),
  about: required(t.aboutRequired).max(portalLimits.aboutMax, { error: t.aboutTooLong }),
  /** How far from its address the provider travels for a job, km (distanceLimits in providers.ts). */
  radiusKm: z.coerce
    .number({ error: t.radiusInvalid })
    .int({ error: t.radiusInvalid })
    .min(1, { error: t.radiusInvalid })
    .max(80, { error: t.radiusInvalid })
    .default(25),
});
export type ProfileBody = z.output<typeof profileBody>;

/** The most whole miles a service area may be: 50, stored as 80 km. */
export const radiusMilesMax = radiusInUnit(80, 'mi');
/** The service area as the provider types it, whole miles, and the km stored (the profile form's). */
export const radiusMiles = z.coerce
  .number({ error: t.radiusMilesInvalid })
  .int({ error: t.radiusMilesInvalid })
  .min(1, { error: t.radiusMilesInvalid })
  .max(radiusMilesMax, { error: t.radiusMilesInvalid })
  .transform((miles) => radiusToKm(miles, 'mi'));
export type ProfileForm = z.input<typeof profileBody>;

export const portalProfile = z.object({
  _id: z.uuid(),
  name: z.string(),
  image: z.string().nullable(),
  about: z.string(),
  /** '0' Deactive (waiting for an admin), '1' Active. */
  status: z.enum(['0', '1']),
  /** Customers see the provider (active, not blocked, with a profile). */
  listed: z.boolean(),
  /** Services, charges, city, address and about are filled in. */
  complete: z.boolean(),
  services: z.array(z.uuid()),
  charges: cents.nullable(),
  city: z.enum(portalCities).nullable(),
  address: z.string(),
  /** The service area's radius, km (25 until the provider sets it). */
  radiusKm: z.number().int(),
});
export type PortalProfile = z.infer<typeof portalProfile>;

// ---------------------------------------------------------------- earnings

export const earningsMonth = z.object({ month: z.string(), jobs: z.number().int(), total: cents });
export const earnings = z.object({
  jobs: z.number().int(),
  total: cents,
  /** The last `portalLimits.months` months with completed jobs, newest first (`YYYY-MM`). */
  months: z.array(earningsMonth),
});
export type Earnings = z.infer<typeof earnings>;

// ---------------------------------------------------------------- home

/** How many of each day's jobs and of the requests the provider's home lists. */
export const homeLimits = { jobsPerDay: 10, requests: 5 } as const;

/**
 * The provider's home (/provider): the tabs' counts, the requests that expire first, today's and
 * tomorrow's accepted jobs (the provider's own days) by time, this month's completed jobs and
 * their sum, and how many messages wait unread.
 */
export const providerHome = z.object({
  counts: jobCounts,
  requests: z.array(jobItem),
  today: z.array(jobItem),
  tomorrow: z.array(jobItem),
  month: earningsMonth,
  unreadMessages: z.number().int().nonnegative(),
});
export type ProviderHome = z.infer<typeof providerHome>;
