// Withdraw requests as the admin lists them on /withdraw: one status at a time
// (awaiting the admin, '3', by default), searched by the member's email and name and the title,
// each row with its member and, for a weekly payout, its Stripe transfer's state, from joins.
import { and, count, eq } from 'drizzle-orm';
import { adminWalletText as t, payoutText } from '../../../contract/messages.js';
import type { WithdrawRequest, withdrawSorts, WithdrawStatusFilter } from '../../../contract/wallet.js';
import { payoutTransfers, transactions, users } from '../../db/schema.js';
import { searchIn, selectListing, type Listing } from '../../platform/listing.js';

type Filter = { status: WithdrawStatusFilter };

export const withdrawListing: Listing<WithdrawRequest, (typeof withdrawSorts)[number], Filter> = selectListing({
  sorts: {
    createdAt: transactions.createdAt,
    amount: transactions.amountCents,
    email: users.email,
    title: transactions.title,
    status: transactions.status,
  },
  defaultSort: 'createdAt',
  defaultOrder: 'desc',
  tiebreak: transactions.id,
  select: (db) =>
    db
      .select({
        _id: transactions.id,
        title: transactions.title,
        amount: transactions.amountCents,
        createdAt: transactions.createdAt,
        status: transactions.status,
        userId: users.id,
        email: users.email,
        name: users.name,
        transfer: payoutTransfers.status,
      })
      .from(transactions)
      .innerJoin(users, eq(users.id, transactions.userId))
      // A weekly payout's transfer, by its withdraw row (unique).
      .leftJoin(payoutTransfers, eq(payoutTransfers.transactionId, transactions.id))
      .$dynamic(),
  counted: (db) => db.select({ n: count() }).from(transactions).innerJoin(users, eq(users.id, transactions.userId)),
  where: ({ status, q }) =>
    and(
      eq(transactions.type, 'withdraw'),
      status === 'all' ? undefined : eq(transactions.status, status),
      searchIn(q, users.email, users.name, transactions.title),
    ),
  row: ({ userId, email, name, createdAt, ...row }) => ({
    ...row,
    createdAt: createdAt.toISOString(),
    user: { _id: userId, email, name },
  }),
  sheet: {
    name: t.withdrawSheet,
    file: 'withdraw-requests',
    columns: [
      { header: t.email, width: 32, cell: (row) => row.user.email },
      { header: t.userName, width: 24, cell: (row) => row.user.name },
      { header: t.title, width: 28, cell: (row) => row.title },
      // Dollars as a number, so the sheet can add them up.
      { header: t.amount, width: 14, cell: (row) => row.amount / 100 },
      { header: t.date, width: 14, cell: (row) => new Date(row.createdAt) },
      { header: t.status, width: 12, cell: (row) => t.statuses[row.status] },
      {
        header: payoutText.transfer,
        width: 14,
        cell: (row) => (row.transfer ? payoutText.transferStatuses[row.transfer] : payoutText.byHand),
      },
    ],
  },
});
