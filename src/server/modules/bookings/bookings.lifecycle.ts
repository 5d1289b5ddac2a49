// A booking's life on the customer's side: booking (an administrator books for a customer the same
// way), moving and cancelling. The database has the last word on the race that matters: one
// active booking per provider slot (schema.ts).
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  ongoingStatuses,
  serviceAreaRefusal,
  type AddBookingBody,
  type BookingItem,
  type RescheduleBody,
} from '../../../contract/bookings.js';
import type { Role } from '../../../contract/common.js';
import { adminBookingText, bookingText, checkoutText, rescheduleText } from '../../../contract/messages.js';
import { money } from '../../../contract/format.js';
import { routes } from '../../../contract/paths.js';
import { one, type Db, type Queryable, type Tx } from '../../db/client.js';
import { cardDaysAhead, cardMinCents, cardReaches } from '../../../contract/payments.js';
import { enqueueMessage } from '../../platform/delivery.js';
import { renderMail } from '../../platform/mail-layout.js';
import { bookingMoves, bookings, categories, providerServices, users } from '../../db/schema.js';
import { badRequest, conflict, isExclusionViolation, isUniqueViolation, notFound } from '../../errors.js';
import { checkoutLimits } from '../../../contract/checkout.js';
import { bookingMoved, holdPayment, marketTerms, openCardPayment, quote } from './bookings.payment.js';
import { serviceArea } from './bookings.area.js';
import { mainService } from './prices.service.js';
import { insertNotification } from '../notifications/notifications.service.js';
import {
  assertCanBook,
  assertCanCancel,
  assertCanReschedule,
  customerOfBooking,
  descriptionOfBooking,
} from './bookings.policy.js';
import {
  ownColumns,
  partiesOf,
  partyColumns,
  selectBookingItems,
  slotStartsAt,
  toBookingItem,
} from './bookings.reads.js';
import { activeStatuses, bookableProvider, lockProviderDays, slotsOf } from './bookings.availability.js';

// ---------------------------------------------------------------- booking

/**
 * The database refused a job because another active one of the provider holds its start
 * (`bookings_active_slot_key`) or overlaps it (`bookings_no_overlap`).
 */
export const slotClash = (error: unknown) => isUniqueViolation(error) || isExclusionViolation(error);

/** The time asked for is no longer free (409 `slot_taken`). */
const slotTaken = () => conflict(bookingText.slotTaken, undefined, 'slot_taken');
/**
 * A card pays a member's own booking (the member is the one on Stripe's page), of a total Stripe
 * accepts (50 cents at least), for a job that starts while the card's authorization lasts. 400 at
 * `payment` otherwise.
 */
function assertCardCanPay(byAdmin: boolean, totalCents: number, date: string, timeZone: string, now: Date) {
  const refusal = byAdmin
    ? checkoutText.cardNotByAdmin
    : totalCents < cardMinCents
      ? checkoutText.cardTooSmall
      : !cardReaches(date, timeZone, now)
        ? checkoutText.cardTooFarAhead(cardDaysAhead)
        : null;
  if (refusal) throw badRequest(refusal, { payment: refusal });
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
 * has a verified address. A member's booking paid by card is made `awaiting_payment` with its card
 * payment row instead, and its provider hears of it once Stripe's webhook says it was paid
 * (bookings.cards.ts).
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
      const payment = body.payment ?? 'cash';
      if (payment === 'card') assertCardCanPay(byAdmin, price.totalCents, body.date, provider.timeZone, now);
      await lockProviderDays(tx, provider.id, [body.date]);
      const free = await slotsOf(tx, provider, body.date, now, price.durationMinutes);
      if (!free.includes(body.time)) throw slotTaken();
      // A card booking waits for Stripe's webhook before it is a request.
      const status = payment === 'card' ? 'awaiting_payment' : 'requested';
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
          status,
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
      if (payment === 'card') await openCardPayment(tx, bookingId, price.totalCents, now);
      await bookingMoved(tx, bookingId, status, now);
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
      if (status === 'requested')
        await tellProviderOfRequest(
          tx,
          { id: booking._id, providerId: provider.id, date: booking.date, time: booking.time, customerName },
          provider.email,
          publicUrl,
        );
      return booking;
    });
  } catch (error) {
    // Two bookers raced for the slot (or an overlapping one) and the other one committed first.
    if (slotClash(error)) throw slotTaken();
    throw error;
  }
}

/**
 * A new request: the provider's notification, and a mail when it has a verified address (a card
 * booking's once Stripe's webhook said the card holds the total).
 */
export async function tellProviderOfRequest(
  tx: Tx,
  booking: { id: string; providerId: string; date: string; time: string; customerName: string },
  providerEmail: string | null,
  publicUrl?: string,
) {
  const notification = await insertNotification(tx, booking.providerId, {
    notice: 'bookingRequested',
    bookingId: booking.id,
    date: booking.date,
    time: booking.time,
    customer: booking.customerName,
  });
  if (!providerEmail) return;
  const mail = renderMail({
    heading: bookingText.requestedMailHeading,
    paragraphs: [notification.message, bookingText.requestedMailLead],
    action: { label: bookingText.requestedMailAction, path: routes.providerJobs },
    publicUrl,
  });
  await enqueueMessage(tx, {
    channel: 'email',
    to: providerEmail,
    subject: bookingText.requestedMailHeading,
    body: mail.text,
    html: mail.html,
    key: `requested:${booking.id}:email`,
  });
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
      ...partyColumns,
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
          and(
            eq(bookings.id, body.id),
            eq(bookings.customerId, customer.id),
            inArray(bookings.status, [...ongoingStatuses]),
          ),
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

/**
 * The customer cancels a requested or accepted booking: its status changes, nothing is deleted.
 * The provider's notification is written in the same transaction.
 */
export async function cancelBooking(db: Db, customer: BookingCustomer, bookingId: string): Promise<void> {
  const [booking] = await partiesOf(db, bookingId);
  if (!booking) throw notFound(bookingText.bookingNotFound);
  assertCanCancel(booking, customer.id);
  await db.transaction(async (tx) => {
    // Read under the row's lock: a booking still being paid for was never its provider's to hear of.
    const [before] = await tx
      .select({ status: bookings.status })
      .from(bookings)
      .where(eq(bookings.id, bookingId))
      .for('update');
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
    if (before?.status === 'awaiting_payment') return;
    await insertNotification(tx, booking.providerId, {
      notice: 'bookingCancelled',
      bookingId,
      date: booking.date,
      time: booking.time,
      customer: customer.name,
    });
  });
}
