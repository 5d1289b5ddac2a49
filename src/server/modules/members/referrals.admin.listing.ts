// Referrals as the admin lists them (/referral, GET /transaction/adminReferralListing): one row
// per member who joined with someone's code. User is who referred, First Connection who joined,
// Second Connection whom the joined member referred in turn, gathered in the same statement.
import { and, count, eq, exists, ilike, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { adminBookingText as t } from '../../../contract/messages.js';
import type { ReferralRow, referralSorts } from '../../../contract/referrals.js';
import type { Db } from '../../db/client.js';
import { referrals, users } from '../../db/schema.js';
import { containsPattern, selectListing, withIsoCreatedAt, type Listing } from '../../platform/listing.js';

const referrer = alias(users, 'referrer');
const joined = alias(users, 'joined');
/** The joined member's own referrals, and the members who joined through them. */
const onward = alias(referrals, 'onward');
const onwardUser = alias(users, 'onward_user');

type Person = ReferralRow['referBy'];

/** The members the row's joined member referred, earliest first, as one JSON array (never null). */
const secondConnections = (db: Db) =>
  sql<Person[]>`coalesce((${db
    .select({
      people: sql`json_agg(json_build_object('_id', ${onwardUser.id}, 'email', ${onwardUser.email}, 'name', ${onwardUser.name}) order by ${onward.createdAt}, ${onward.id})`,
    })
    .from(onward)
    .innerJoin(onwardUser, eq(onwardUser.id, onward.userId))
    .where(eq(onward.referredBy, referrals.userId))}), '[]'::json)`;

const where = ({ q }: { q?: string }, db: Db): SQL | undefined => {
  if (!q) return undefined;
  const pattern = containsPattern(q);
  return or(
    ilike(referrer.email, pattern),
    ilike(joined.email, pattern),
    exists(
      db
        .select({ one: sql`1` })
        .from(onward)
        .innerJoin(onwardUser, eq(onwardUser.id, onward.userId))
        .where(and(eq(onward.referredBy, referrals.userId), ilike(onwardUser.email, pattern))),
    ),
  );
};

const emailOrName = (person: Person) => person.email ?? person.name;

export const referralListing: Listing<ReferralRow, (typeof referralSorts)[number]> = selectListing({
  sorts: { joined: referrals.createdAt, user: referrer.email, first: joined.email },
  defaultSort: 'joined',
  defaultOrder: 'desc',
  tiebreak: referrals.id,
  select: (db) =>
    db
      .select({
        _id: referrals.id,
        createdAt: referrals.createdAt,
        referBy: { _id: referrer.id, email: referrer.email, name: referrer.name },
        first_referral: { _id: joined.id, email: joined.email, name: joined.name },
        second_referral: secondConnections(db),
      })
      .from(referrals)
      .innerJoin(referrer, eq(referrer.id, referrals.referredBy))
      .innerJoin(joined, eq(joined.id, referrals.userId))
      .$dynamic(),
  counted: (db, { q }) =>
    q
      ? db
          .select({ n: count() })
          .from(referrals)
          .innerJoin(referrer, eq(referrer.id, referrals.referredBy))
          .innerJoin(joined, eq(joined.id, referrals.userId))
      : db.select({ n: count() }).from(referrals),
  where,
  row: withIsoCreatedAt,
  sheet: {
    name: 'Referrals',
    file: 'referrals',
    columns: [
      { header: t.user, width: 32, cell: (row) => emailOrName(row.referBy) },
      { header: t.firstConnection, width: 32, cell: (row) => emailOrName(row.first_referral) },
      {
        header: t.secondConnection,
        width: 48,
        cell: (row) => row.second_referral.map(emailOrName).join(', ') || t.none,
      },
      { header: t.joinDate, width: 20, cell: (row) => new Date(row.createdAt) },
    ],
  },
});
