// The ledger: a wallet's figures are the sums of its transactions. This file is
// the one definition of those sums; the services change a wallet only together with the
// transaction that explains the change, and `walletMatchesLedger` / `walletsOffLedger` check it.
//
// What one transaction of `a` cents does to its member's wallet (a blank: nothing):
//
// | type, status                            | amount | lowRisk / highRisk (its category) | reserved | held | deposit | withdraw | interest |
// | --------------------------------------- | ------ | --------------------------------- | -------- | ---- | ------- | -------- | -------- |
// | deposit '1'                             |   +a   |                                   |          |      |   +a    |          |          |
// | withdraw '3' (awaiting the admin)       |   −a   |                                   |    +a    |      |         |          |          |
// | withdraw '1' (paid out)                 |   −a   |                                   |          |      |         |    +a    |          |
// | invest '1'                              |   −a   |                +a                 |          |      |         |          |          |
// | divest '1'                              |   +a   |                −a                 |          |      |         |          |          |
// | adminProfit '1', profitLoss 'profit'    |        |                +a                 |          |      |         |          |    +a    |
// | adminProfit '1', profitLoss 'loss'      |        |                −a                 |          |      |         |          |    −a    |
// | payment '3' (a booking's hold)          |   −a   |                                   |          |  +a  |         |          |          |
// | payment '1' (the booking paid)          |   −a   |                                   |          |      |         |          |          |
// | earning '1' (the provider's share)      |   +a   |                                   |          |      |         |          |          |
// | anything '0' (pending) or '-1' (rejected, a cancelled withdraw, a released hold) moves nothing                                    |
//
// So, summing over the member's transactions:
//   amount   = deposits − withdraws (paid or reserved) − invests + divests
//   lowRisk  = invests − divests + profits − losses   (those of the lowrisk category; highRisk alike)
//   reserved = withdraws awaiting the admin;  held = payments held for bookings
//   deposit  = deposits;  withdraw = withdraws paid out;  interest = profits − losses
// A withdraw request moves its amount from `amount` to `reserved`; paying it out moves it on to
// `withdraw`; cancelling it (status '-1') moves it back, so it then counts nowhere. A booking's
// hold works alike (bookings.payment.ts): captured ('1') it stays spent, released ('-1') it returns.
import { eq, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { riskCategoryIds, transactions, wallets } from '../../db/schema.js';

export const figureNames = [
  'amountCents',
  'lowRiskCents',
  'highRiskCents',
  'reservedCents',
  'heldCents',
  'depositCents',
  'withdrawCents',
  'interestCents',
] as const;
export type Figures = Record<(typeof figureNames)[number], number>;

export const zeroFigures: Figures = {
  amountCents: 0,
  lowRiskCents: 0,
  highRiskCents: 0,
  reservedCents: 0,
  heldCents: 0,
  depositCents: 0,
  withdrawCents: 0,
  interestCents: 0,
};

const { amountCents: a, type, status, profitLoss, riskCategoryId } = transactions;
const settled = sql`${status} = '1'`;

/** Σ over the member's transactions of `case <when> then ±a`; 0 when none. */
const sum = (cases: SQL) => sql`coalesce(sum(case ${cases} else 0 end), 0)`;

/** One risk category's figure. */
const category = (id: string) =>
  sum(sql`when ${settled} and ${riskCategoryId} = ${id} and (${type} = 'invest' or (${type} = 'adminProfit' and ${profitLoss} = 'profit')) then ${a}
          when ${settled} and ${riskCategoryId} = ${id} and (${type} = 'divest' or (${type} = 'adminProfit' and ${profitLoss} = 'loss')) then -${a}`);

/** The table above as SQL aggregates over `transactions` (group by user). */
export const ledgerSums: Record<keyof Figures, SQL> = {
  amountCents: sum(sql`when ${settled} and ${type} in ('deposit', 'divest', 'earning') then ${a}
                       when ${settled} and ${type} = 'invest' then -${a}
                       when ${type} in ('withdraw', 'payment') and ${status} in ('1', '3') then -${a}`),
  lowRiskCents: category(riskCategoryIds.lowrisk),
  highRiskCents: category(riskCategoryIds.highrisk),
  reservedCents: sum(sql`when ${type} = 'withdraw' and ${status} = '3' then ${a}`),
  heldCents: sum(sql`when ${type} = 'payment' and ${status} = '3' then ${a}`),
  depositCents: sum(sql`when ${settled} and ${type} = 'deposit' then ${a}`),
  withdrawCents: sum(sql`when ${settled} and ${type} = 'withdraw' then ${a}`),
  interestCents: sum(sql`when ${settled} and ${type} = 'adminProfit' and ${profitLoss} = 'profit' then ${a}
                         when ${settled} and ${type} = 'adminProfit' and ${profitLoss} = 'loss' then -${a}`),
};

/** The figures as the ledger says, for one member (zeros without transactions). */
export async function ledgerFigures(db: Queryable, userId: string): Promise<Figures> {
  const [row] = await db
    .select(
      Object.fromEntries(figureNames.map((name) => [name, sql<number>`${ledgerSums[name]}`.mapWith(Number)])) as Record<
        keyof Figures,
        SQL<number>
      >,
    )
    .from(transactions)
    .where(eq(transactions.userId, userId));
  return { ...zeroFigures, ...(row as Partial<Figures> | undefined) };
}

/** The figures as the wallet holds them; null without a wallet. */
export async function walletFigures(db: Queryable, userId: string): Promise<Figures | null> {
  const [row] = await db
    .select({
      amountCents: wallets.amountCents,
      lowRiskCents: wallets.lowRiskCents,
      highRiskCents: wallets.highRiskCents,
      reservedCents: wallets.reservedCents,
      heldCents: wallets.heldCents,
      depositCents: wallets.depositCents,
      withdrawCents: wallets.withdrawCents,
      interestCents: wallets.interestCents,
    })
    .from(wallets)
    .where(eq(wallets.userId, userId));
  return row ?? null;
}

export interface LedgerCheck {
  matches: boolean;
  /** Null: the member has no wallet (it then matches only a ledger of zeros). */
  wallet: Figures | null;
  ledger: Figures;
}

/** Whether the member's wallet figures equal the sums of their transactions. */
export async function walletMatchesLedger(db: Queryable, userId: string): Promise<LedgerCheck> {
  const [wallet, ledger] = await Promise.all([walletFigures(db, userId), ledgerFigures(db, userId)]);
  const held = wallet ?? zeroFigures;
  return { matches: figureNames.every((name) => held[name] === ledger[name]), wallet, ledger };
}

/**
 * Every member whose wallet differs from their transactions (a wallet without transactions must
 * be all zeros; transactions without a wallet count against zeros). Empty when the books hold.
 * One statement: the ledger grouped by member, fully joined with the wallets.
 */
export async function walletsOffLedger(db: Queryable): Promise<{ userId: string; wallet: Figures; ledger: Figures }[]> {
  const ledger = db
    .select({
      userId: sql<string>`${transactions.userId}`.as('ledger_user_id'),
      ...(Object.fromEntries(
        figureNames.map((name) => [name, sql`${ledgerSums[name]}`.as(`ledger_${name}`)]),
      ) as Record<keyof Figures, SQL.Aliased>),
    })
    .from(transactions)
    .groupBy(transactions.userId)
    .as('ledger');
  const held = (name: keyof Figures) => sql`coalesce(${wallets[name]}, 0)`;
  const summed = (name: keyof Figures) => sql`coalesce(${ledger[name]}, 0)`;
  const rows = await db
    .select({
      userId: sql<string>`coalesce(${wallets.userId}, ${ledger.userId})`,
      ...(Object.fromEntries(figureNames.map((name) => [`w_${name}`, held(name).mapWith(Number)])) as Record<
        string,
        SQL<number>
      >),
      ...(Object.fromEntries(figureNames.map((name) => [`l_${name}`, summed(name).mapWith(Number)])) as Record<
        string,
        SQL<number>
      >),
    })
    .from(wallets)
    .fullJoin(ledger, eq(ledger.userId, wallets.userId))
    .where(
      sql`(${sql.join(figureNames.map(held), sql`, `)}) is distinct from (${sql.join(figureNames.map(summed), sql`, `)})`,
    );
  return rows.map((row) => {
    const pick = (prefix: string) =>
      Object.fromEntries(
        figureNames.map((name) => [name, (row as unknown as Record<string, number>)[`${prefix}${name}`]]),
      ) as Figures;
    return { userId: row.userId as string, wallet: pick('w_'), ledger: pick('l_') };
  });
}
