// Bookings as the admin lists them: /bookinglist, and one provider's on /vendorDetail. Customer
// and provider are the same users table joined twice, so a page is one statement.
import { and, count, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AdminBookingRow, adminBookingSorts, BookingStatus } from '../../../contract/bookings.js';
import { clockTime } from '../../../contract/format.js';
import { adminBookingText as t, bookingText } from '../../../contract/messages.js';
import { bookings, cardPayments, categories, users } from '../../db/schema.js';
import { searchIn, selectListing, type Listing } from '../../platform/listing.js';

const customer = alias(users, 'customer');
const provider = alias(users, 'provider');

type Filter = { providerId?: string; status?: BookingStatus; payment?: 'attention' };

/** The excel cell of a `YYYY-MM-DD` date: a real date, not text. */
const dayCell = (date: string) => new Date(`${date}T00:00:00Z`);

export const bookingListing: Listing<AdminBookingRow, (typeof adminBookingSorts)[number], Filter> = selectListing({
  sorts: {
    // The provider's local date and time: when the job is.
    date: sql`(${bookings.date} + ${bookings.time}::time)`,
    customer: customer.name,
    provider: provider.name,
    createdAt: bookings.createdAt,
  },
  defaultSort: 'createdAt',
  defaultOrder: 'desc',
  tiebreak: bookings.id,
  select: (db) =>
    db
      .select({
        _id: bookings.id,
        date: bookings.date,
        time: bookings.time,
        timeZone: bookings.timeZone,
        status: bookings.status,
        address: bookings.address,
        phone: bookings.phone,
        serviceId: categories.id,
        serviceTitle: categories.title,
        totalCents: bookings.totalCents,
        createdByAdminId: bookings.createdByAdminId,
        createdAt: bookings.createdAt,
        customerId: customer.id,
        customerName: customer.name,
        providerId: provider.id,
        providerName: provider.name,
      })
      .from(bookings)
      .innerJoin(customer, eq(customer.id, bookings.customerId))
      .innerJoin(provider, eq(provider.id, bookings.providerId))
      .leftJoin(categories, eq(categories.id, bookings.categoryId))
      .$dynamic(),
  // Only the search reads the names; every booking has both parties (foreign keys).
  counted: (db, { q }) =>
    q
      ? db
          .select({ n: count() })
          .from(bookings)
          .innerJoin(customer, eq(customer.id, bookings.customerId))
          .innerJoin(provider, eq(provider.id, bookings.providerId))
      : db.select({ n: count() }).from(bookings),
  where: ({ q, providerId, status, payment }) =>
    and(
      providerId ? eq(bookings.providerId, providerId) : undefined,
      status ? eq(bookings.status, status) : undefined,
      // The dashboard's work queue: card payments waiting for someone.
      payment
        ? sql`exists (select 1 from ${cardPayments} where ${cardPayments.bookingId} = ${bookings.id} and ${cardPayments.attention} is not null)`
        : undefined,
      searchIn(q, customer.name, provider.name, bookings.address, bookings.phone),
    ),
  row: ({
    customerId,
    customerName,
    providerId,
    providerName,
    serviceId,
    serviceTitle,
    createdByAdminId,
    createdAt,
    ...row
  }) => ({
    ...row,
    bookedby: { _id: customerId, name: customerName },
    bookedto: { _id: providerId, name: providerName },
    service: serviceId && serviceTitle !== null ? { _id: serviceId, title: serviceTitle } : null,
    byAdmin: createdByAdminId !== null,
    createdAt: createdAt.toISOString(),
  }),
  sheet: {
    name: 'Bookings',
    file: 'bookings',
    columns: [
      { header: t.customerName, width: 24, cell: (row) => row.bookedby.name },
      { header: t.contractorName, width: 24, cell: (row) => row.bookedto.name },
      { header: t.service, width: 20, cell: (row) => row.service?.title ?? '' },
      { header: t.address, width: 40, cell: (row) => row.address },
      { header: t.date, width: 12, cell: (row) => dayCell(row.date) },
      // The provider's local time as every list shows it (`h:mm A`), not a clock value Excel would shift.
      { header: t.time, width: 10, cell: (row) => clockTime(row.time) },
      { header: t.phone, width: 14, cell: (row) => row.phone },
      { header: t.total, width: 10, cell: (row) => row.totalCents / 100 },
      { header: t.status, width: 12, cell: (row) => bookingText.status[row.status] },
      { header: t.bookedOn, width: 20, cell: (row) => new Date(row.createdAt) },
    ],
  },
});
