// Ratings as the admin lists them (/ratings, and one provider's on /vendorDetail), hidden ones
// included (or only the visible or the hidden ones): the admin hides and shows them again. One statement a page (users joined twice).
import { and, count, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AdminRatingRow, adminRatingSorts, RatingStatus } from '../../../contract/bookings.js';
import { adminBookingText as t } from '../../../contract/messages.js';
import { ratings, users } from '../../db/schema.js';
import { searchIn, selectListing, type Listing } from '../../platform/listing.js';

const customer = alias(users, 'customer');
const provider = alias(users, 'provider');

type Filter = { providerId?: string; status?: RatingStatus };

export const ratingListing: Listing<AdminRatingRow, (typeof adminRatingSorts)[number], Filter> = selectListing({
  sorts: { date: ratings.createdAt, rating: ratings.count, customer: customer.name, provider: provider.name },
  defaultSort: 'date',
  defaultOrder: 'desc',
  tiebreak: ratings.id,
  select: (db) =>
    db
      .select({
        _id: ratings.id,
        count: ratings.count,
        comment: ratings.comment,
        hidden: ratings.hidden,
        createdAt: ratings.createdAt,
        customerId: customer.id,
        customerName: customer.name,
        providerId: provider.id,
        providerName: provider.name,
      })
      .from(ratings)
      .innerJoin(customer, eq(customer.id, ratings.rateBy))
      .innerJoin(provider, eq(provider.id, ratings.rateTo))
      .$dynamic(),
  // Only the search reads the names.
  counted: (db, { q }) =>
    q
      ? db
          .select({ n: count() })
          .from(ratings)
          .innerJoin(customer, eq(customer.id, ratings.rateBy))
          .innerJoin(provider, eq(provider.id, ratings.rateTo))
      : db.select({ n: count() }).from(ratings),
  where: ({ q, providerId, status }) =>
    and(
      providerId ? eq(ratings.rateTo, providerId) : undefined,
      status ? eq(ratings.hidden, status === 'hidden') : undefined,
      searchIn(q, customer.name, provider.name, ratings.comment),
    ),
  row: ({ customerId, customerName, providerId, providerName, createdAt, ...row }) => ({
    ...row,
    createdAt: createdAt.toISOString(),
    rate_by: { _id: customerId, name: customerName },
    rate_to: { _id: providerId, name: providerName },
  }),
  sheet: {
    name: 'Ratings',
    file: 'ratings',
    columns: [
      { header: t.customer, width: 24, cell: (row) => row.rate_by.name },
      { header: t.provider, width: 24, cell: (row) => row.rate_to.name },
      { header: t.rating, width: 8, cell: (row) => row.count },
      { header: t.comment, width: 60, cell: (row) => row.comment },
      { header: t.date, width: 20, cell: (row) => new Date(row.createdAt) },
      { header: t.status, width: 10, cell: (row) => (row.hidden ? t.hidden : t.visible) },
    ],
  },
});
