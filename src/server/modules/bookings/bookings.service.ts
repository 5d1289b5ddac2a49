// The booking lifecycle on the customer side: free slots, booking (an admin books for a customer
// the same way), the ongoing and previous lists, cancelling and rating; and the admin's hiding of
// a rating. The database has the last word on the two races that matter: one active booking per
// provider slot, one rating per booking (schema.ts).
import { and, asc, desc, eq, gte, inArray, lte, ne, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { alias, type SelectedFields } from 'drizzle-orm/pg-core';
import {
  bookingLimits,
  contactDaysAfterCompletion,
  isCalendarDate,
  ongoingStatuses,
  previousStatuses,
  serviceAreaRefusal,
  type AddBookingBody,
  type AddRatingBody,
  type BookingItem,
  type RescheduleBody,
} from '../../../contract/bookings.js';
import type { PageQuery, Role } from '../../../contract/common.js';
import type { PortalCity } from '../../../contract/places.js';
import { adminBookingText, bookingText, checkoutText, notice, rescheduleText } from '../../../contract/messages.js';
import { money, shiftDay } from '../../../contract/format.js';
import { routes } from '../../../contract/paths.js';
import { one, type Db, type Queryable, type Tx } from '../../db/client.js';
import { advisoryLocks, lockUntilCommit } from '../../db/locks.js';
import { enqueueMessage } from '../../platform/delivery.js';
import { areaOf } from '../../platform/places.js';
import { countRows, offsetOf, type Page, pageOf, totalOver } from '../../platform/listing.js';
import { renderMail } from '../../platform/mail-layout.js';
import {
  bookingEvents,
  bookingMoves,
  bookings,
  categories,
  daysOff,
  providerProfiles,
  providerServices,
  ratings,
  timeBlocks,
  users,
  workingHours,
  type BookingStatus,
} from '../../db/schema.js';
import { badRequest, conflict, forbidden, isExclusionViolation, isUniqueViolation, notFound } from '../../errors.js';
import { checkoutLimits, type BookingDetail } from '../../../contract/checkout.js';
import { bookingMoved, holdPayment, marketTerms, quote } from './bookings.payment.js';
import { verifiedEmail } from '../members/members.service.js';
import { serviceArea } from './bookings.area.js';
import { mainService } from './prices.service.js';
import { insertNotification } from '../notifications/notifications.service.js';
import {
  assertCanBook,
  assertCanCancel,
  assertCanRate,
  assertCanReschedule,
  customerOfBooking,
  descriptionOfBooking,
} from './bookings.policy.js';
import { daysAhead, freeSlotTimes, hoursForDay, todayIn } from './slots.js';

const activeStatuses: BookingStatus[] = [...ongoingStatuses];
const customers = alias(users, 'customers');
const streetShown: BookingStatus[] = ['accepted', 'completed'];

/**
 * Whether a booking's provider sees the customer's phone and street: while the booking is
 * requested or accepted, and for `contactDaysAfterCompletion` days after its completion (its
 * timeline's step); never once declined, cancelled or expired. Read in the booking's own query.
 */
export const contactShown = sql<boolean>`(${bookings.status} in ('requested', 'accepted') or (${bookings.status} = 'completed' and exists (
  select 1 from ${bookingEvents} where ${bookingEvents.bookingId} = ${bookings.id} and ${bookingEvents.status} = 'completed'
    and ${bookingEvents.at} > now() - make_interval(days => ${contactDaysAfterCompletion}))))`;

/** The customer's phone and street as the provider sees them: else no phone, and the booking's area only. */
export function contactAsShown(r: { phone: string; address: string; city: PortalCity | null; shown: boolean }) {
  if (r.shown) return { phone: r.phone, address: r.address };
  return { phone: null, address: r.city ? areaOf(r.address, r.city) : null };
}

/** The instant a booking's slot starts: its local date and time read in its own time zone. */
export const slotStartsAt = sql<string>`((${bookings.date} + ${bookings.time}::time) at time zone ${bookings.timeZone})`;

// ---------------------------------------------------------------- slots

/** A provider customers may book: active, not blocked, with a profile. 404 otherwise. */
async function bookableProvider(db: Queryable, providerId: string) {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      image: users.image,
      /** Where new requests are mailed. */
      email: verifiedEmail(users),
      address: providerProfiles.address,
      city: providerProfiles.city,
      timeZone: providerProfiles.timeZone,
      slotMinutes: providerProfiles.slotMinutes,
      bufferMinutes: providerProfiles.bufferMinutes,
      chargesCents: providerProfiles.chargesCents,
      radiusKm: providerProfiles.radiusKm,
    })
    .from(users)
    .innerJoin(providerProfiles, eq(providerProfiles.userId, users.id))
    .where(and(eq(users.id, providerId), eq(users.role, 'provider'), eq(users.status, '1'), eq(users.isBlocked, false)))
    .limit(1);
  if (!row) throw notFound(bookingText.providerNotFound);
  return row;
}
type BookableProvider = Awaited<ReturnType<typeof bookableProvider>>;

/**
 * `durationMinutes`: how long the job to place takes (one slot when not given);
 * `exceptBookingId`: a booking being moved does not stand in its own way.
 */
async function slotsOf(
  db: Queryable,
  provider: BookableProvider,
  date: string,
  now: Date,
  durationMinutes?: number,
  exceptBookingId?: string,
): Promise<string[]> {
  if (!isCalendarDate(date)) throw badRequest(bookingText.dateInvalid);
  if (daysAhead(date, provider.timeZone, now) > bookingLimits.maxDaysAhead) throw badRequest(bookingText.dateTooFar);
  const hours = await db
    .select({ weekday: workingHours.weekday, startMinute: workingHours.startMinute, endMinute: workingHours.endMinute })
    .from(workingHours)
    .where(eq(workingHours.providerId, provider.id));
  const [off] = await db
    .select({ day: daysOff.day })
    .from(daysOff)
    .where(and(eq(daysOff.providerId, provider.id), eq(daysOff.day, date)))
    .limit(1);
  const blocked = await db
    .select({ startMinute: timeBlocks.startMinute, endMinute: timeBlocks.endMinute })
    .from(timeBlocks)
    .where(and(eq(timeBlocks.providerId, provider.id), eq(timeBlocks.day, date)));
  // The days next to it too: a late job or an early one can reach over midnight with its buffer.
  const booked = await db
    .select({ date: bookings.date, time: bookings.time, durationMinutes: bookings.durationMinutes })
    .from(bookings)
    .where(
      and(
        eq(bookings.providerId, provider.id),
        inArray(bookings.status, activeStatuses),
        gte(bookings.date, shiftDay(date, -1)),
        lte(bookings.date, shiftDay(date, 1)),
        exceptBookingId ? ne(bookings.id, exceptBookingId) : undefined,
      ),
    );
  return freeSlotTimes({
    date,
    timeZone: provider.timeZone,
    hours: hoursForDay(hours, date),
    slotMinutes: provider.slotMinutes,
    durationMinutes,
    bufferMinutes: provider.bufferMinutes,
    dayOff: Boolean(off),
    blocked,
    booked,
    now,
    leadMinutes: bookingLimits.leadMinutes,
  });
}

/**
 * The free start times (`HH:MM`, the provider's local time) of a provider on a date, for a job of
 * `minutes` (one slot when not given). 404 for a provider who cannot be booked, 400 for a
 * malformed date or one too far ahead.
 */
export async function freeSlots(
  db: Queryable,
  providerId: string,
  date: string,
  now: Date,
  minutes?: number,
): Promise<string[]> {
  return slotsOf(db, await bookableProvider(db, providerId), date, now, minutes);
}

/** What the slot rules need of a provider, besides its rows of hours, days off and jobs. */
export interface SlotProvider {
  id: string;
  timeZone: string;
  slotMinutes: number;
  bufferMinutes: number;
}

/** Days ahead (today included) a provider card looks for its next free slot. */
export const nextSlotDays = 14;

/** One row of what the slot rules read of a provider: its hours (`h`), days off (`o`), blocks (`k`) and jobs (`b`). */
export interface SlotRow {
  kind: 'h' | 'o' | 'k' | 'b';
  /** The weekday of hours; a job's duration. */
  n: number | null;
  start_minute: number | null;
  end_minute: number | null;
  /** The day of a day off, a block or a job. */
  day: string | null;
  time: string | null;
}

/** The days whose rows a provider's first free slot depends on. */
export interface SlotWindow {
  first: string;
  last: string;
}

/** The window of `firstFreeSlot`: the two weeks from today, or `date`, with a day either side. */
export function slotWindow(now: Date, date?: string): SlotWindow {
  // Every provider's today is within a day of UTC's.
  const today = now.toISOString().slice(0, 10);
  return { first: shiftDay(date ?? today, -1), last: shiftDay(date ?? today, date ? 1 : nextSlotDays + 1) };
}

/**
 * The rows the slot rules read of one provider (its id, a column or a value) in a window, as a
 * JSON array of `SlotRow`: a subquery a list's statement selects for each of its providers.
 */
export function slotRowsOf(providerId: SQL, window: SlotWindow | Record<keyof SlotWindow, Placeholder>): SQL {
  return sql`(select coalesce(json_agg(r), '[]'::json) from (
      select 'h' as kind, weekday as n, start_minute, end_minute, null as day, null as time
        from ${workingHours} where provider_id = ${providerId}
      union all
      select 'o', null, null, null, day::text, null
        from ${daysOff} where provider_id = ${providerId} and day between ${window.first} and ${window.last}
      union all
      select 'k', null, start_minute, end_minute, day::text, null
        from ${timeBlocks} where provider_id = ${providerId} and day between ${window.first} and ${window.last}
      union all
      select 'b', duration_minutes, null, null, date::text, time
        from ${bookings}
        where provider_id = ${providerId} and status in (${sql.join(
          activeStatuses.map((status) => sql`${status}`),
          sql`, `,
        )}) and date between ${window.first} and ${window.last}) as r)`;
}

/**
 * The days a list's cards look for a next free slot in: a provider's next two weeks, worked out
 * once per time zone (a local date costs Intl some microseconds).
 */
export function nextSlotDaysFrom(now: Date): (timeZone: string) => string[] {
  const weeks = new Map<string, string[]>();
  return (timeZone) => {
    let days = weeks.get(timeZone);
    if (!days) {
      const start = todayIn(timeZone, now);
      days = Array.from({ length: nextSlotDays }, (_, i) => shiftDay(start, i));
      weeks.set(timeZone, days);
    }
    return days;
  };
}

/**
 * The first free slot of a provider from its rows (`slotRowsOf`), by the same rules as
 * `freeSlots`: on `date` when given, else on the first day of `days` that has one (null: none).
 */
export function firstFreeSlot(
  provider: SlotProvider,
  rows: SlotRow[],
  now: Date,
  days: string[],
): { date: string; time: string } | null {
  const of = (kind: SlotRow['kind']) => rows.filter((row) => row.kind === kind);
  const hours = of('h').map((h) => ({
    weekday: Number(h.n),
    startMinute: Number(h.start_minute),
    endMinute: Number(h.end_minute),
  }));
  const off = new Set(of('o').map((r) => r.day));
  const blocks = of('k').map((b) => ({
    day: b.day,
    startMinute: Number(b.start_minute),
    endMinute: Number(b.end_minute),
  }));
  const jobs = of('b').map((b) => ({
    date: b.day as string,
    time: b.time as string,
    durationMinutes: b.n === null ? null : Number(b.n),
  }));
  for (const day of days) {
    const [time] = freeSlotTimes({
      date: day,
      timeZone: provider.timeZone,
      hours: hoursForDay(hours, day),
      slotMinutes: provider.slotMinutes,
      bufferMinutes: provider.bufferMinutes,
      dayOff: off.has(day),
      blocked: blocks.filter((b) => b.day === day),
      booked: jobs,
      now,
      leadMinutes: bookingLimits.leadMinutes,
    });
    if (time) return { date: day, time };
  }
  return null;
}

// ---------------------------------------------------------------- booking

/**
 * The database refused a job because another active one of the provider holds its start
 * (`bookings_active_slot_key`) or overlaps it (`bookings_no_overlap`).
 */
export const slotClash = (error: unknown) => isUniqueViolation(error) || isExclusionViolation(error);

/** The time asked for is no longer free (409 `slot_taken`). */
const slotTaken = () => conflict(bookingText.slotTaken, undefined, 'slot_taken');

/**
 * Bookings of one provider and day take turns until the transaction ends, with those of the days
 * either side: a late job's travel buffer reaches past midnight, and the slot check reads the
 * days next to its own. Days are locked in date order, so two movers locking the same days never
 * wait for each other in a circle.
 */
export async function lockProviderDays(tx: Tx, providerId: string, dates: string[]) {
  const days = dates.flatMap((date) => [shiftDay(date, -1), date, shiftDay(date, 1)]);
  for (const date of [...new Set(days)].sort()) {
    await lockUntilCommit(tx, advisoryLocks.bookingDay(providerId, date));
  }
}

/** A customer an administrator may book for: a customer account that is not blocked. 404 otherwise. */
async function bookableCustomer(db: Queryable, customerId: string) {
  const [row] = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(eq(users.id, customerId), eq(users.role, 'customer'), eq(users.isBlocked, false)))
    .limit(1);
  if (!row) throw notFound(adminBookingText.customerNotFound);
  return row;
}

export interface BookingCaller {
  id: string;
  role: Role;
  name: string;
}

/**
 * Books a free slot as `requested`: a member for themself, an administrator for any customer
 * (one code path for both, so the same slot and service-area rules hold). The address must be one
 * we can place within the provider's service area (400 at `address` otherwise; bookings.area.ts).
 * Bookings of one provider and day take turns (a transaction lock), so a slot checked free is
 * still free when inserted; the unique index on active slots is the final guard all the same. The
 * provider's notification is written in the same transaction, with a mail to the provider when it
 * has a verified address.
 */
export async function addBooking(
  db: Db,
  caller: BookingCaller,
  body: AddBookingBody,
  now: Date,
  /** Config PUBLIC_URL: makes the mail's link absolute. */
  publicUrl?: string,
): Promise<BookingItem> {
  const customerId = customerOfBooking(caller, body.bookedby);
  const description = descriptionOfBooking(caller, body.description);
  assertCanBook(customerId, body.bookedto);
  const byAdmin = caller.role === 'admin';
  if (body.serviceId && body.service_id && body.serviceId !== body.service_id)
    throw badRequest(checkoutText.serviceIdsDiffer);
  const serviceId = body.serviceId ?? body.service_id ?? null;
  try {
    return await db.transaction(async (tx) => {
      const customerName = byAdmin ? (await bookableCustomer(tx, customerId)).name : caller.name;
      const provider = await bookableProvider(tx, body.bookedto);
      let service: { _id: string; title: string } | null = null;
      if (serviceId) {
        const [row] = await tx
          .select({ _id: categories.id, title: categories.title, archivedAt: categories.archivedAt })
          .from(providerServices)
          .innerJoin(categories, eq(categories.id, providerServices.categoryId))
          .where(and(eq(providerServices.providerId, provider.id), eq(providerServices.categoryId, serviceId)))
          .limit(1);
        if (!row) throw badRequest(bookingText.serviceNotOffered);
        // An archived service keeps its old bookings but takes no new ones.
        if (row.archivedAt) throw badRequest(rescheduleText.serviceArchived);
        service = { _id: row._id, title: row.title };
      } else {
        // The call may name no service: it books the one the card's "from" price is for.
        service = await mainService(tx, provider.id);
      }
      const refusal = serviceAreaRefusal(provider.name, await serviceArea(tx, provider, body.address, body.city));
      if (refusal) throw badRequest(refusal, { address: refusal }, 'outside_area');
      const terms = await marketTerms(tx);
      const price = await quote(
        tx,
        provider,
        service?._id ?? null,
        body.hours,
        body.offerId,
        terms,
        serviceId !== null,
      );
      // The customer agreed to the total it was shown, not to whatever the price is now.
      if (body.expectedTotalCents !== undefined && body.expectedTotalCents !== price.totalCents) {
        const changed = checkoutText.priceChanged(money(price.totalCents));
        throw conflict(changed, { price: changed }, 'price_changed');
      }
      await lockProviderDays(tx, provider.id, [body.date]);
      const free = await slotsOf(tx, provider, body.date, now, price.durationMinutes);
      if (!free.includes(body.time)) throw slotTaken();
      const payment = body.payment ?? 'cash';
      const inserted = await tx
        .insert(bookings)
        .values({
          customerId,
          providerId: provider.id,
          categoryId: service?._id ?? null,
          date: body.date,
          time: body.time,
          timeZone: provider.timeZone,
          phone: body.phone,
          address: body.address,
          description,
          status: 'requested',
          chargesCents: provider.chargesCents,
          hours: price.hours,
          durationMinutes: price.durationMinutes,
          serviceCents: price.serviceCents,
          feeCents: price.feeCents,
          discountCents: price.discountCents,
          totalCents: price.totalCents,
          payment,
          offerId: price.offerId,
          cancellationFeeCents: terms.cancellationFeeCents,
          createdByAdminId: byAdmin ? caller.id : null,
        })
        .returning(ownColumns);
      const bookingId = one(inserted)._id;
      await holdPayment(tx, { id: bookingId, customerId, totalCents: price.totalCents, payment }, provider.name);
      await bookingMoved(tx, bookingId, 'requested', now);
      // The new booking as the lists show it: unrated, with the provider and service just checked.
      const booking = toBookingItem({
        ...one(inserted),
        serviceId: service?._id ?? null,
        serviceTitle: service?.title ?? null,
        providerId: provider.id,
        providerName: provider.name,
        providerImage: provider.image,
        providerAddress: provider.address,
        providerCity: provider.city,
        ratingCount: null,
        ratingComment: null,
      });
      const notification = await insertNotification(tx, provider.id, {
        notice: 'bookingRequested',
        bookingId: booking._id,
        date: booking.date,
        time: booking.time,
        customer: customerName,
      });
      if (provider.email) {
        const mail = renderMail({
          heading: bookingText.requestedMailHeading,
          paragraphs: [notification.message, bookingText.requestedMailLead],
          action: { label: bookingText.requestedMailAction, path: routes.providerJobs },
          publicUrl,
        });
        await enqueueMessage(tx, {
          channel: 'email',
          to: provider.email,
          subject: bookingText.requestedMailHeading,
          body: mail.text,
          html: mail.html,
          key: `requested:${booking._id}:email`,
        });
      }
      return booking;
    });
  } catch (error) {
    // Two bookers raced for the slot (or an overlapping one) and the other one committed first.
    if (slotClash(error)) throw slotTaken();
    throw error;
  }
}

// ---------------------------------------------------------------- lists

export type BookingList = 'ongoing' | 'previous';

/** Ongoing (requested, accepted) soonest first; previous (completed, declined, cancelled, expired) newest first. */
export async function listBookings(
  db: Db,
  customerId: string,
  list: BookingList,
  query: PageQuery,
): Promise<Page<BookingItem>> {
  const statuses: BookingStatus[] = list === 'ongoing' ? [...ongoingStatuses] : [...previousStatuses];
  const mine = and(eq(bookings.customerId, customerId), inArray(bookings.status, statuses));
  const order =
    list === 'ongoing'
      ? [asc(bookings.date), asc(bookings.time), asc(bookings.id)]
      : [desc(bookings.date), desc(bookings.time), desc(bookings.id)];
  const rows = await selectBookingItems(db, mine)
    .orderBy(...order)
    .limit(query.limit)
    .offset(offsetOf(query));
  const page = await pageOf(rows, query, () => countRows(db, bookings, mine));
  return { meta: page.meta, items: page.items.map(toBookingItem) };
}

/** A booking's own fields: what a new booking returns and every list reads. */
const ownColumns = {
  _id: bookings.id,
  date: bookings.date,
  time: bookings.time,
  timeZone: bookings.timeZone,
  status: bookings.status,
  address: bookings.address,
  phone: bookings.phone,
  description: bookings.description,
  charges: bookings.chargesCents,
  durationMinutes: bookings.durationMinutes,
  serviceCents: bookings.serviceCents,
  feeCents: bookings.feeCents,
  discountCents: bookings.discountCents,
  totalCents: bookings.totalCents,
  payment: bookings.payment,
  createdAt: bookings.createdAt,
};

/**
 * A booking's own fields and its service (left-joined `categories`): what the customer's and the
 * provider's lists both read. `bookingFields` turns them into the contract's shape.
 */
export const bookingColumns = { ...ownColumns, serviceId: categories.id, serviceTitle: categories.title };

/** A row read with `bookingColumns` (the service is null when the booking names none). */
type BookingColumns = Omit<BookingItem, 'service' | 'bookedto' | 'rated' | 'rating' | 'createdAt' | 'price'> & {
  createdAt: Date;
  serviceCents: number;
  feeCents: number;
  discountCents: number;
  totalCents: number;
  serviceId: string | null;
  serviceTitle: string | null;
};

export function bookingFields(r: BookingColumns) {
  return {
    _id: r._id,
    date: r.date,
    time: r.time,
    timeZone: r.timeZone,
    status: r.status,
    address: r.address,
    phone: r.phone,
    description: r.description,
    charges: r.charges,
    durationMinutes: r.durationMinutes,
    price: {
      serviceCents: r.serviceCents,
      feeCents: r.feeCents,
      discountCents: r.discountCents,
      totalCents: r.totalCents,
    },
    payment: r.payment,
    service: r.serviceId && r.serviceTitle !== null ? { _id: r.serviceId, title: r.serviceTitle } : null,
    createdAt: r.createdAt.toISOString(),
  };
}

/**
 * Bookings as the customer's lists show them, with provider, service and rating, in one query;
 * `extra` columns (from `bookings` or the joined tables) come along for a single booking's page.
 */
function selectBookingItems<Extra extends SelectedFields>(db: Queryable, where: SQL | undefined, extra?: Extra) {
  return db
    .select({
      ...bookingColumns,
      providerId: users.id,
      providerName: users.name,
      providerImage: users.image,
      providerAddress: providerProfiles.address,
      providerCity: providerProfiles.city,
      ratingCount: ratings.count,
      ratingComment: ratings.comment,
      total: totalOver(),
      ...(extra as Extra),
    })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.providerId))
    .leftJoin(providerProfiles, eq(providerProfiles.userId, bookings.providerId))
    .leftJoin(categories, eq(categories.id, bookings.categoryId))
    .leftJoin(ratings, eq(ratings.bookingId, bookings.id))
    .where(where)
    .$dynamic();
}

type BookingItemRow = Awaited<ReturnType<typeof selectBookingItems<Record<never, never>>>>[number];

/** The one presenter of a customer's booking (`BookingItem`): lists, a new booking, a moved one. */
function toBookingItem(r: Omit<BookingItemRow, 'total'>): BookingItem {
  return {
    ...bookingFields(r),
    bookedto: {
      _id: r.providerId,
      name: r.providerName,
      image: r.providerImage,
      // The street once the provider has accepted the job; until then its area only.
      address:
        r.providerAddress && r.providerCity
          ? streetShown.includes(r.status)
            ? r.providerAddress
            : areaOf(r.providerAddress, r.providerCity)
          : '',
    },
    rated: r.ratingCount !== null,
    rating:
      r.ratingCount !== null && r.ratingComment !== null ? { count: r.ratingCount, comment: r.ratingComment } : null,
  };
}

// ---------------------------------------------------------------- one booking

/** The most moves one booking's timeline lists (the oldest first). */
const movesShown = 100;

/**
 * One booking with its timeline, for its customer, its provider or an administrator (403 for
 * anyone else, 404 for an unknown id).
 */
export async function bookingDetail(
  db: Queryable,
  viewer: { id: string; role: Role },
  bookingId: string,
): Promise<BookingDetail> {
  const [row] = await selectBookingItems(db, eq(bookings.id, bookingId), {
    customerId: bookings.customerId,
    customerName: customers.name,
    customerImage: customers.image,
    startsAt: slotStartsAt.mapWith((value: string | Date) => new Date(value)),
    hours: bookings.hours,
    cancellationFeeCents: bookings.cancellationFeeCents,
    cancellationChargedCents: bookings.cancellationChargedCents,
    city: bookings.city,
    contactShown,
  })
    .innerJoin(customers, eq(customers.id, bookings.customerId))
    .limit(1);
  if (!row) throw notFound(checkoutText.bookingNotFound);
  if (viewer.role !== 'admin' && viewer.id !== row.customerId && viewer.id !== row.providerId) throw forbidden();
  const timeline = await db
    .select({ status: bookingEvents.status, at: bookingEvents.at })
    .from(bookingEvents)
    .where(eq(bookingEvents.bookingId, bookingId))
    // Steps written at one instant (a booking made and answered at once, as the seed's) keep the
    // lifecycle's order: asked for, then accepted, then its end.
    .orderBy(
      asc(bookingEvents.at),
      sql`case ${bookingEvents.status} when 'requested' then 0 when 'accepted' then 1 else 2 end`,
      asc(bookingEvents.id),
    );
  const reschedules = await db
    .select({
      at: bookingMoves.at,
      fromDate: bookingMoves.fromDate,
      fromTime: bookingMoves.fromTime,
      toDate: bookingMoves.toDate,
      toTime: bookingMoves.toTime,
      by: users.name,
    })
    .from(bookingMoves)
    .innerJoin(users, eq(users.id, bookingMoves.movedBy))
    .where(eq(bookingMoves.bookingId, bookingId))
    .orderBy(asc(bookingMoves.at), asc(bookingMoves.id))
    .limit(movesShown);
  const { customerId, customerName, customerImage, startsAt, hours, cancellationFeeCents, cancellationChargedCents } =
    row;
  // The customer's own booking, and every booking for an administrator, in full.
  const shown = viewer.role === 'admin' || viewer.id === customerId || row.contactShown;
  return {
    ...toBookingItem(row),
    ...contactAsShown({ ...row, shown }),
    customer: { _id: customerId, name: customerName, image: customerImage },
    startsAt: startsAt.toISOString(),
    hours,
    cancellationFeeCents,
    cancellationChargedCents,
    timeline: timeline.map((event) => ({ status: event.status, at: event.at.toISOString() })),
    reschedules: reschedules.map((move) => ({ ...move, at: move.at.toISOString() })),
  };
}

// ---------------------------------------------------------------- reschedule

/** A customer acting on their own booking; the provider's notification names them. */
export type BookingCustomer = Pick<BookingCaller, 'id' | 'name'>;

/**
 * The customer moves a requested or accepted booking to another free slot of the same provider:
 * the same slot rules and the same per-day lock as a new booking (both days' when the date
 * changes), the unique index on active slots as the final guard. One UPDATE: the booking keeps
 * its id, history and charges; an accepted one goes back to requested for the provider to confirm.
 * The provider's notification is written in the same transaction.
 */
export async function rescheduleBooking(
  db: Db,
  customer: BookingCustomer,
  body: RescheduleBody,
  now: Date,
): Promise<BookingItem> {
  const [booking] = await db
    .select({
      customerId: bookings.customerId,
      providerId: bookings.providerId,
      status: bookings.status,
      date: bookings.date,
      time: bookings.time,
      durationMinutes: bookings.durationMinutes,
      categoryArchivedAt: categories.archivedAt,
    })
    .from(bookings)
    .leftJoin(categories, eq(categories.id, bookings.categoryId))
    .where(eq(bookings.id, body.id))
    .limit(1);
  if (!booking) throw notFound(bookingText.bookingNotFound);
  assertCanReschedule(booking, customer.id);
  if (booking.date === body.date && booking.time === body.time)
    throw badRequest(rescheduleText.sameTime, { time: rescheduleText.sameTime });
  if (booking.categoryArchivedAt) throw badRequest(rescheduleText.serviceArchived);
  try {
    await db.transaction(async (tx) => {
      const provider = await bookableProvider(tx, booking.providerId);
      await lockProviderDays(tx, provider.id, [booking.date, body.date]);
      const free = await slotsOf(tx, provider, body.date, now, booking.durationMinutes, body.id);
      if (!free.includes(body.time)) throw slotTaken();
      // Read under the row's lock: an accepted booking going back to requested is a step of its timeline.
      const [before] = await tx
        .select({ status: bookings.status })
        .from(bookings)
        .where(eq(bookings.id, body.id))
        .for('update');
      // The status in the condition: a provider's answer or a cancel in between wins.
      const moved = await tx
        .update(bookings)
        .set({
          date: body.date,
          time: body.time,
          timeZone: provider.timeZone,
          status: 'requested',
          updatedAt: new Date(),
        })
        .where(
          and(eq(bookings.id, body.id), eq(bookings.customerId, customer.id), inArray(bookings.status, activeStatuses)),
        )
        .returning({ id: bookings.id });
      if (moved.length === 0) throw conflict(rescheduleText.notReschedulable);
      if (before?.status === 'accepted') await bookingMoved(tx, body.id, 'requested', now);
      await tx.insert(bookingMoves).values({
        bookingId: body.id,
        fromDate: booking.date,
        fromTime: booking.time,
        toDate: body.date,
        toTime: body.time,
        movedBy: customer.id,
        at: now,
      });
      await insertNotification(tx, provider.id, {
        notice: 'bookingMoved',
        bookingId: body.id,
        date: body.date,
        time: body.time,
        customer: customer.name,
        fromDate: booking.date,
        fromTime: booking.time,
      });
    });
  } catch (error) {
    if (slotClash(error)) throw slotTaken();
    throw error;
  }
  const row = one(await selectBookingItems(db, eq(bookings.id, body.id)).limit(1));
  return toBookingItem(row);
}

// ---------------------------------------------------------------- cancel

const partiesOf = (db: Queryable, bookingId: string) =>
  db
    .select({
      customerId: bookings.customerId,
      providerId: bookings.providerId,
      status: bookings.status,
      date: bookings.date,
      time: bookings.time,
    })
    .from(bookings)
    .where(eq(bookings.id, bookingId))
    .limit(1);

/**
 * The customer cancels a requested or accepted booking: its status changes, nothing is deleted.
 * The provider's notification is written in the same transaction.
 */
export async function cancelBooking(db: Db, customer: BookingCustomer, bookingId: string): Promise<void> {
  const [booking] = await partiesOf(db, bookingId);
  if (!booking) throw notFound(bookingText.bookingNotFound);
  assertCanCancel(booking, customer.id);
  await db.transaction(async (tx) => {
    // The status in the condition: a provider's answer in between wins, and the customer hears so.
    // The policy: free while requested and until a day before; later, the fee agreed when booked.
    const late = sql`${bookings.status} = 'accepted' and ${slotStartsAt} - make_interval(hours => ${checkoutLimits.freeCancelHours}) <= now()`;
    const [updated] = await tx
      .update(bookings)
      .set({
        status: 'cancelled',
        cancellationChargedCents: sql`case when ${late} then least(${bookings.cancellationFeeCents}, ${bookings.totalCents}) else 0 end`,
        updatedAt: new Date(),
      })
      .where(
        and(eq(bookings.id, bookingId), eq(bookings.customerId, customer.id), inArray(bookings.status, activeStatuses)),
      )
      .returning({ charged: bookings.cancellationChargedCents });
    if (!updated) throw conflict(bookingText.notCancellable);
    await bookingMoved(tx, bookingId, 'cancelled', new Date(), updated.charged);
    await insertNotification(tx, booking.providerId, {
      notice: 'bookingCancelled',
      bookingId,
      date: booking.date,
      time: booking.time,
      customer: customer.name,
    });
  });
}

// ---------------------------------------------------------------- rating

/**
 * The customer rates a completed booking once; the provider's rating figures move in the same
 * transaction. A second rating (also two at once) is refused by the unique index.
 */
export async function addRating(db: Db, callerId: string, body: AddRatingBody): Promise<void> {
  const [booking] = await partiesOf(db, body.booking_id);
  if (!booking) throw notFound(bookingText.bookingNotFound);
  assertCanRate(booking, callerId, body.rate_to);
  try {
    await db.transaction(async (tx) => {
      // Under the booking's lock: an Undo of its completion (jobs.portal.service.ts) waits for this
      // rating or comes first, and then the job is no longer completed.
      const [current] = await tx
        .select({ status: bookings.status })
        .from(bookings)
        .where(eq(bookings.id, body.booking_id))
        .for('update');
      if (current?.status !== 'completed') throw badRequest(bookingText.onlyCompletedRated);
      await tx.insert(ratings).values({
        bookingId: body.booking_id,
        rateBy: callerId,
        rateTo: booking.providerId,
        count: body.count,
        comment: body.comment.trim(),
      });
      await tx
        .update(providerProfiles)
        .set({
          ratingSum: sql`${providerProfiles.ratingSum} + ${body.count}`,
          reviewCount: sql`${providerProfiles.reviewCount} + 1`,
        })
        .where(eq(providerProfiles.userId, booking.providerId));
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(notice.alreadyRated);
    throw error;
  }
}

// ---------------------------------------------------------------- hiding a rating (admin)

/**
 * Hides a rating from customers, or shows it again. The provider's figures (and so its average)
 * count visible ratings only, so they move in the same transaction, and only when the state
 * really changes: the condition on `hidden` makes a repeated or concurrent request a no-op.
 * Answers the provider rated, for the caller to refresh what it caches. 404 for an unknown id.
 */
export async function setRatingHidden(db: Db, ratingId: string, hidden: boolean): Promise<{ providerId: string }> {
  return db.transaction(async (tx) => {
    const [changed] = await tx
      .update(ratings)
      .set({ hidden })
      .where(and(eq(ratings.id, ratingId), eq(ratings.hidden, !hidden)))
      .returning({ providerId: ratings.rateTo, count: ratings.count });
    if (!changed) {
      const [existing] = await tx
        .select({ providerId: ratings.rateTo })
        .from(ratings)
        .where(eq(ratings.id, ratingId))
        .limit(1);
      if (!existing) throw notFound(adminBookingText.ratingNotFound);
      return existing;
    }
    const sign = hidden ? -1 : 1;
    await tx
      .update(providerProfiles)
      .set({
        ratingSum: sql`${providerProfiles.ratingSum} + ${sign * changed.count}`,
        reviewCount: sql`${providerProfiles.reviewCount} + ${sign}`,
      })
      .where(eq(providerProfiles.userId, changed.providerId));
    return { providerId: changed.providerId };
  });
}
