// What a customer and an administrator read of bookings: the ongoing and previous lists, one
// booking's page with its timeline and moves, and the columns and contact rules the provider's
// job lists share.
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias, type SelectedFields } from 'drizzle-orm/pg-core';
import {
  contactDaysAfterCompletion,
  previousStatuses,
  slotHoldingStatuses,
  type BookingItem,
} from '../../../contract/bookings.js';
import type { PageQuery, Role } from '../../../contract/common.js';
import type { PortalCity } from '../../../contract/places.js';
import { checkoutText } from '../../../contract/messages.js';
import type { Db, Queryable } from '../../db/client.js';
import { areaOf } from '../../platform/places.js';
import { countRows, offsetOf, type Page, pageOf, totalOver } from '../../platform/listing.js';
import {
  bookingEvents,
  bookingMoves,
  bookings,
  cardPayments,
  categories,
  providerProfiles,
  ratings,
  users,
  type BookingStatus,
} from '../../db/schema.js';
import { forbidden, notFound } from '../../errors.js';
import type { BookingDetail } from '../../../contract/checkout.js';
import type { CardPayment } from '../../../contract/payments.js';

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

// ---------------------------------------------------------------- lists

export type BookingList = 'ongoing' | 'previous';

/** Ongoing (requested, accepted) soonest first; previous (completed, declined, cancelled, expired) newest first. */
export async function listBookings(
  db: Db,
  customerId: string,
  list: BookingList,
  query: PageQuery,
): Promise<Page<BookingItem>> {
  // A booking being paid for is the customer's to see (and pay or cancel), not yet its provider's.
  const statuses: BookingStatus[] = list === 'ongoing' ? [...slotHoldingStatuses] : [...previousStatuses];
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
export const ownColumns = {
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
export function selectBookingItems<Extra extends SelectedFields>(db: Queryable, where: SQL | undefined, extra?: Extra) {
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
export function toBookingItem(r: Omit<BookingItemRow, 'total'>): BookingItem {
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

/** Whose booking it is, and where it stands: what a cancel, a rating or a reschedule checks first. */
export const partyColumns = {
  customerId: bookings.customerId,
  providerId: bookings.providerId,
  status: bookings.status,
  date: bookings.date,
  time: bookings.time,
};

export const partiesOf = (db: Queryable, bookingId: string) =>
  db.select(partyColumns).from(bookings).where(eq(bookings.id, bookingId)).limit(1);

// ---------------------------------------------------------------- one booking

/**
 * The card payment of a booking, as its page shows it: the page to pay on for its customer only,
 * what waits for an administrator to an administrator only.
 */
export async function cardPaymentOf(
  db: Queryable,
  bookingId: string,
  viewer: 'customer' | 'other' | 'admin',
): Promise<CardPayment | null> {
  const [row] = await db.select().from(cardPayments).where(eq(cardPayments.bookingId, bookingId)).limit(1);
  if (!row) return null;
  return {
    status: row.status,
    amountCents: row.amountCents,
    chargedCents: row.chargedCents,
    refundedCents: row.refundedCents,
    attention: viewer === 'admin' ? row.attention : null,
    payUrl: viewer === 'customer' && row.status === 'open' ? row.payUrl : null,
    holdUntil: row.holdUntil.toISOString(),
  };
}

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
      sql`case ${bookingEvents.status} when 'awaiting_payment' then 0 when 'requested' then 1 when 'accepted' then 2 else 3 end`,
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
    card:
      row.payment === 'card'
        ? await cardPaymentOf(
            db,
            bookingId,
            viewer.id === customerId ? 'customer' : viewer.role === 'admin' ? 'admin' : 'other',
          )
        : null,
  };
}
