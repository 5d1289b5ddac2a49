// The provider's own side of its listing (onboarding and the portal): profile, weekly
// schedule, days off and earnings. Whether customers see the provider is not decided here: the
// database's refresh_provider_search (migration 0002) keeps `listed` from the account's status, so
// a completed profile stays hidden until an admin sets the provider Active.
import { and, asc, count, desc, eq, gte, inArray, isNull, notInArray, sql, sum } from 'drizzle-orm';
import type { PageQuery } from '../../../contract/common.js';
import { providerPortalText as t } from '../../../contract/messages.js';
import {
  cityZones,
  hhmmOf,
  minutesOf,
  portalLimits,
  type Earnings,
  type JobItem,
  type PortalProfile,
  type ProfileBody,
  type Schedule,
  type ScheduleBody,
} from '../../../contract/portal.js';
import { distanceLimits } from '../../../contract/providers.js';
import { one, type Db, type Tx } from '../../db/client.js';
import { advisoryLocks, lockUntilCommit } from '../../db/locks.js';
import type { Page } from '../../platform/listing.js';
import { geocode } from '../../platform/places.js';
import {
  bookings,
  categories,
  daysOff,
  providerProfiles,
  providerServices,
  users,
  workingHours,
} from '../../db/schema.js';
import { badRequest, conflict } from '../../errors.js';
import { pageOfJobs } from '../bookings/jobs.portal.service.js';
import { todayIn } from '../../../contract/format.js';
import { defaultBufferMinutes, defaultSlotMinutes } from '../bookings/slots.js';
import { weeklyHours } from './providers.service.js';

/**
 * Saves of one provider's profile or hours take turns: each replaces a set of rows (delete, then
 * insert), and two at once would otherwise leave both sets.
 */
export const takeTurns = (tx: Tx, providerId: string) => lockUntilCommit(tx, advisoryLocks.providerPortal(providerId));

// ---------------------------------------------------------------- profile

export async function getPortalProfile(db: Db, providerId: string): Promise<PortalProfile> {
  const [rows, services] = await Promise.all([
    db
      .select({
        _id: users.id,
        name: users.name,
        image: users.image,
        about: users.about,
        status: users.status,
        listed: providerProfiles.listed,
        charges: providerProfiles.chargesCents,
        city: providerProfiles.city,
        address: providerProfiles.address,
        radiusKm: providerProfiles.radiusKm,
      })
      .from(users)
      .leftJoin(providerProfiles, eq(providerProfiles.userId, users.id))
      .where(eq(users.id, providerId))
      .limit(1),
    db
      .select({ id: providerServices.categoryId })
      .from(providerServices)
      .innerJoin(categories, eq(categories.id, providerServices.categoryId))
      .where(and(eq(providerServices.providerId, providerId), isNull(categories.archivedAt)))
      .orderBy(asc(categories.title)),
  ]);
  // The caller's own account: it exists while its session does.
  const row = one(rows);
  const about = row.about ?? '';
  const address = row.address ?? '';
  return {
    _id: row._id,
    name: row.name,
    image: row.image,
    about,
    status: row.status,
    listed: row.listed ?? false,
    complete: row.city !== null && services.length > 0 && address.trim() !== '' && about.trim() !== '',
    services: services.map((s) => s.id),
    charges: row.charges,
    city: row.city,
    address,
    radiusKm: row.radiusKm ?? distanceLimits.radiusKm.default,
  };
}

/**
 * Saves the profile in one transaction: the profile row (made on the first save, its time zone
 * the city's), the offered services (categories that exist and are not archived) and the about
 * text. The database triggers then refresh the provider's search copy and `listed`.
 */
export async function savePortalProfile(db: Db, providerId: string, body: ProfileBody): Promise<PortalProfile> {
  const wanted = [...new Set(body.services)];
  await db.transaction(async (tx) => {
    await takeTurns(tx, providerId);
    const offered = await tx
      .select({ id: categories.id })
      .from(categories)
      .where(and(inArray(categories.id, wanted), isNull(categories.archivedAt)));
    if (offered.length !== wanted.length) throw badRequest(t.serviceUnknown, { services: t.serviceUnknown });
    const profile = {
      chargesCents: body.charges,
      city: body.city,
      timeZone: cityZones[body.city],
      address: body.address,
      ...geocode(body.address, body.city),
      radiusKm: body.radiusKm,
    };
    await tx
      .insert(providerProfiles)
      .values({ userId: providerId, ...profile })
      .onConflictDoUpdate({ target: providerProfiles.userId, set: profile });
    // Only the services taken away go (their price lines with them); the ones kept keep theirs.
    await tx
      .delete(providerServices)
      .where(and(eq(providerServices.providerId, providerId), notInArray(providerServices.categoryId, wanted)));
    await tx
      .insert(providerServices)
      .values(wanted.map((categoryId) => ({ providerId, categoryId })))
      .onConflictDoNothing();
    await tx.update(users).set({ about: body.about, updatedAt: new Date() }).where(eq(users.id, providerId));
  });
  return getPortalProfile(db, providerId);
}

// ---------------------------------------------------------------- schedule

export async function profileZone(db: Db, providerId: string) {
  const [row] = await db
    .select({
      timeZone: providerProfiles.timeZone,
      slotMinutes: providerProfiles.slotMinutes,
      bufferMinutes: providerProfiles.bufferMinutes,
    })
    .from(providerProfiles)
    .where(eq(providerProfiles.userId, providerId))
    .limit(1);
  return row ?? null;
}

export async function getSchedule(db: Db, providerId: string, now: Date): Promise<Schedule> {
  const profile = await profileZone(db, providerId);
  const from = profile ? todayIn(profile.timeZone, now) : now.toISOString().slice(0, 10);
  const [hours, off] = await Promise.all([
    weeklyHours(db, providerId),
    db
      .select({ day: daysOff.day })
      .from(daysOff)
      .where(and(eq(daysOff.providerId, providerId), gte(daysOff.day, from)))
      .orderBy(asc(daysOff.day))
      .limit(portalLimits.daysOffMax),
  ]);
  return {
    hours: hours.map((h) => ({ weekday: h.weekday, start: hhmmOf(h.startMinute), end: hhmmOf(h.endMinute) })),
    slotMinutes: profile?.slotMinutes ?? defaultSlotMinutes,
    bufferMinutes: profile?.bufferMinutes ?? defaultBufferMinutes,
    daysOff: off.map((d) => d.day),
    timeZone: profile?.timeZone ?? null,
    defaultHours: hours.length === 0,
  };
}

/** Replaces the weekly hours and sets slot length and buffer, in one transaction. */
export async function saveSchedule(db: Db, providerId: string, body: ScheduleBody, now: Date): Promise<Schedule> {
  if (!(await profileZone(db, providerId))) throw conflict(t.noProfileYet);
  await db.transaction(async (tx) => {
    await takeTurns(tx, providerId);
    await tx.delete(workingHours).where(eq(workingHours.providerId, providerId));
    await tx.insert(workingHours).values(
      body.hours.map((h) => ({
        providerId,
        weekday: h.weekday,
        startMinute: minutesOf(h.start),
        endMinute: minutesOf(h.end),
      })),
    );
    await tx
      .update(providerProfiles)
      .set({ slotMinutes: body.slotMinutes, bufferMinutes: body.bufferMinutes })
      .where(eq(providerProfiles.userId, providerId));
  });
  return getSchedule(db, providerId, now);
}

/** Adds a day off from the provider's today on; adding one twice is a no-op. */
export async function addDayOff(db: Db, providerId: string, day: string, now: Date): Promise<Schedule> {
  const profile = await profileZone(db, providerId);
  if (!profile) throw conflict(t.noProfileYet);
  const today = todayIn(profile.timeZone, now);
  if (day < today) throw badRequest(t.dayInPast, { day: t.dayInPast });
  // Counted and inserted under the provider's lock, so two tabs cannot pass the limit together.
  await db.transaction(async (tx) => {
    await takeTurns(tx, providerId);
    const [held] = await tx
      .select({ n: count() })
      .from(daysOff)
      .where(and(eq(daysOff.providerId, providerId), gte(daysOff.day, today)));
    if ((held?.n ?? 0) >= portalLimits.daysOffMax) throw conflict(t.tooManyDaysOff);
    await tx.insert(daysOff).values({ providerId, day }).onConflictDoNothing();
  });
  return getSchedule(db, providerId, now);
}

export async function removeDayOff(db: Db, providerId: string, day: string, now: Date): Promise<Schedule> {
  await db.delete(daysOff).where(and(eq(daysOff.providerId, providerId), eq(daysOff.day, day)));
  return getSchedule(db, providerId, now);
}

// ---------------------------------------------------------------- earnings

const completedBy = (providerId: string) => and(eq(bookings.providerId, providerId), eq(bookings.status, 'completed'));

/** Totals of the completed jobs and the last months' sums, computed in SQL. */
export async function getEarnings(db: Db, providerId: string): Promise<Earnings> {
  const month = sql<string>`to_char(${bookings.date}, 'YYYY-MM')`;
  const [[all], months] = await Promise.all([
    db
      .select({ jobs: count(), total: sql<number>`coalesce(${sum(bookings.chargesCents)}, 0)`.mapWith(Number) })
      .from(bookings)
      .where(completedBy(providerId)),
    db
      .select({ month, jobs: count(), total: sql<number>`${sum(bookings.chargesCents)}`.mapWith(Number) })
      .from(bookings)
      .where(completedBy(providerId))
      .groupBy(month)
      .orderBy(desc(month))
      .limit(portalLimits.months),
  ]);
  return { jobs: all?.jobs ?? 0, total: all?.total ?? 0, months };
}

/** The completed jobs, newest first, paginated. */
export function listEarningJobs(db: Db, providerId: string, query: PageQuery): Promise<Page<JobItem>> {
  return pageOfJobs(db, completedBy(providerId), [desc(bookings.date), desc(bookings.time), desc(bookings.id)], query);
}
