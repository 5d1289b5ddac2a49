// The ledger: a wallet's figures are the sums of its transactions. This file is the one
// definition of those sums, and the one writer of wallets and transactions: every move of money is
// one of its named operations (deposit, hold, settle, hold again, earn, take back, invest, divest,
// withdraw, resolve a withdraw, distribute), each of which changes a wallet only together
// with the transaction row that explains the change, by that row's effect (`effectOf`, the table
// below). `walletMatchesLedger` / `walletsOffLedger` check the result; wallet.ledger.test.ts
// fails when another production file writes either table.
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
import { and, eq, gte, sql, type SQL } from 'drizzle-orm';
import { execute, one, type Queryable, type Tx } from '../../db/client.js';
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

const figureColumns = Object.fromEntries(figureNames.map((name) => [name, wallets[name]])) as Record<
  keyof Figures,
  (typeof wallets)[keyof Figures]
>;

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
  const [row] = await db.select(figureColumns).from(wallets).where(eq(wallets.userId, userId));
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

// ---------------------------------------------------------------- the one writer

type FigureName = keyof Figures;
type Effect = Partial<Figures>;
type TransactionRow = typeof transactions.$inferInsert;
/** What decides a row's effect. */
type Moving = Pick<TransactionRow, 'type' | 'status' | 'amountCents' | 'profitLoss' | 'riskCategoryId'>;

/** The figure of a risk category; null for a row of none. */
const categoryFigure = (id: string | null | undefined): FigureName | null =>
  id === riskCategoryIds.lowrisk ? 'lowRiskCents' : id === riskCategoryIds.highrisk ? 'highRiskCents' : null;

/** What one transaction does to its member's wallet: the table above, row by row (`ledgerSums` sums it). */
export function effectOf(row: Moving): Effect {
  const a = row.amountCents;
  const settled = row.status === '1';
  const category = categoryFigure(row.riskCategoryId);
  const inCategory = (cents: number): Effect => (category ? { [category]: cents } : {});
  switch (row.type) {
    case 'deposit':
      return settled ? { amountCents: a, depositCents: a } : {};
    case 'withdraw':
      if (row.status === '3') return { amountCents: -a, reservedCents: a };
      return settled ? { amountCents: -a, withdrawCents: a } : {};
    case 'invest':
      return settled ? { amountCents: -a, ...inCategory(a) } : {};
    case 'divest':
      return settled ? { amountCents: a, ...inCategory(-a) } : {};
    case 'adminProfit': {
      if (!settled) return {};
      const signed = row.profitLoss === 'profit' ? a : row.profitLoss === 'loss' ? -a : 0;
      return signed ? { ...inCategory(signed), interestCents: signed } : {};
    }
    case 'payment':
      if (row.status === '3') return { amountCents: -a, heldCents: a };
      return settled ? { amountCents: -a } : {};
    case 'earning':
      return settled ? { amountCents: a } : {};
  }
}

/** `after − before`, figure by figure, zeros left out. */
function difference(after: Effect, before: Effect): Effect {
  const out: Effect = {};
  for (const name of figureNames) {
    const change = (after[name] ?? 0) - (before[name] ?? 0);
    if (change !== 0) out[name] = change;
  }
  return out;
}

/**
 * Changes a member's wallet by `effect`, refusing (null, nothing changed) when a figure that
 * cannot be negative would fall below zero: the check and the change are one statement, so of two
 * spends at once only what the wallet covers goes through. Money that only arrives opens a wallet
 * the member has not got yet. The figures after the change.
 */
async function moveWallet(tx: Tx, userId: string, effect: Effect): Promise<Figures | null> {
  const moves = figureNames.flatMap((name) => (effect[name] ? [[name, effect[name]] as const] : []));
  if (moves.length === 0) return (await walletFigures(tx, userId)) ?? zeroFigures;
  const set = Object.fromEntries(moves.map(([name, cents]) => [name, sql`${wallets[name]} + ${cents}`]));
  const covered = moves
    .filter(([name, cents]) => cents < 0 && name !== 'interestCents')
    .map(([name, cents]) => gte(wallets[name], -cents));
  const change = { ...set, updatedAt: sql`now()` };
  const [after] =
    covered.length === 0
      ? await tx
          .insert(wallets)
          .values({ userId, ...Object.fromEntries(moves) })
          .onConflictDoUpdate({ target: wallets.userId, set: change })
          .returning(figureColumns)
      : await tx
          .update(wallets)
          .set(change)
          .where(and(eq(wallets.userId, userId), ...covered))
          .returning(figureColumns);
  return after ?? null;
}

/**
 * Writes a transaction and its effect: the row, and the wallet's figures after it. Null (nothing
 * written) when the wallet does not cover it.
 */
async function append(tx: Tx, row: TransactionRow) {
  const figures = await moveWallet(tx, row.userId, effectOf(row));
  if (!figures) return null;
  return { figures, row: one(await tx.insert(transactions).values(row).returning()) };
}

/**
 * Moves the one transaction that meets `where` (its status among its conditions) to `next`, and
 * its wallet by the difference of the two effects. The row is locked as it is read: of two at
 * once, the second finds it no longer meeting `where` and changes nothing. Null when none meets it.
 */
async function restate(
  tx: Tx,
  where: SQL | undefined,
  next: Pick<TransactionRow, 'status'> &
    Partial<Pick<TransactionRow, 'amountCents' | 'resolvedAt' | 'resolvedByAdminId'>>,
) {
  const [row] = await tx
    .select({
      id: transactions.id,
      userId: transactions.userId,
      type: transactions.type,
      status: transactions.status,
      amountCents: transactions.amountCents,
      profitLoss: transactions.profitLoss,
      riskCategoryId: transactions.riskCategoryId,
    })
    .from(transactions)
    .where(where)
    .limit(1)
    .for('update');
  if (!row) return null;
  await tx.update(transactions).set(next).where(eq(transactions.id, row.id));
  const moved = await moveWallet(tx, row.userId, difference(effectOf({ ...row, ...next }), effectOf(row)));
  // A row's own earlier effect is what it takes back: a wallet that cannot cover that is off its books.
  if (!moved) throw new Error(`transaction ${row.id}: its wallet does not match the ledger`);
  return row;
}

/** A settled deposit (an administrator's, or the seed's); opens the wallet if need be. */
export async function deposit(
  tx: Tx,
  row: Pick<TransactionRow, 'userId' | 'amountCents' | 'title' | 'adminId' | 'createdAt'>,
): Promise<Figures> {
  return (await append(tx, { ...row, type: 'deposit', status: '1' }))?.figures ?? zeroFigures;
}

/** A booking's total held from the customer's available amount; null when it does not cover it. */
export const hold = async (tx: Tx, row: Pick<TransactionRow, 'userId' | 'amountCents' | 'title' | 'bookingId'>) =>
  (await append(tx, { ...row, type: 'payment', status: '3' }))?.figures ?? null;

/** The booking's payment, if it is held. */
const heldFor = (bookingId: string, status: '3' | '1') =>
  and(eq(transactions.bookingId, bookingId), eq(transactions.type, 'payment'), eq(transactions.status, status));

/**
 * Settles a booking's hold: `paidCents` of it captured (the rest returns to the customer), or all
 * of it released when 0. Null when the booking holds nothing (a cash booking, or settled already).
 */
export const settleHold = (tx: Tx, bookingId: string, paidCents: number, at: Date) =>
  restate(
    tx,
    heldFor(bookingId, '3'),
    paidCents > 0 ? { status: '1', amountCents: paidCents, resolvedAt: at } : { status: '-1', resolvedAt: at },
  );

/** A captured payment held again, whole (Undo after Mark completed). Null when none was captured. */
export const holdAgain = (tx: Tx, bookingId: string, totalCents: number) =>
  restate(tx, heldFor(bookingId, '1'), { status: '3', amountCents: totalCents, resolvedAt: null });

/** The provider's share of a booking, credited; opens their wallet if need be. */
export async function earn(tx: Tx, row: Pick<TransactionRow, 'userId' | 'amountCents' | 'title' | 'bookingId'>) {
  await append(tx, { ...row, type: 'earning', status: '1' });
}

/**
 * A booking's earning taken back from the provider: 'none' when there was none, 'spent' when the
 * provider's available amount no longer covers it (nothing then changes).
 */
export async function takeBackEarning(tx: Tx, bookingId: string): Promise<'none' | 'taken' | 'spent'> {
  const [earning] = await tx
    .select({ id: transactions.id, userId: transactions.userId, amountCents: transactions.amountCents })
    .from(transactions)
    .where(and(eq(transactions.bookingId, bookingId), eq(transactions.type, 'earning')))
    .for('update');
  if (!earning) return 'none';
  const moved = await moveWallet(tx, earning.userId, { amountCents: -earning.amountCents });
  if (!moved) return 'spent';
  await tx.delete(transactions).where(eq(transactions.id, earning.id));
  return 'taken';
}

/**
 * invest: available amount → a risk category; divest: the category → available amount. Null when
 * the source holds too little.
 */
export const invest = async (
  tx: Tx,
  kind: 'invest' | 'divest',
  row: Pick<TransactionRow, 'userId' | 'amountCents' | 'title' | 'riskCategoryId'>,
) => (await append(tx, { ...row, type: kind, status: '1' }))?.figures ?? null;

/**
 * A withdraw request: available amount → reserved, until resolved. Its row and the figures after
 * it; null when the amount does not cover it.
 */
export const requestWithdraw = (tx: Tx, row: Pick<TransactionRow, 'userId' | 'amountCents' | 'title'>) =>
  append(tx, { ...row, type: 'withdraw', status: '3' });

/**
 * A withdraw awaiting the admin (or a weekly transfer, `adminId` null) paid out ('1': reserved →
 * withdrawn) or cancelled ('-1': back to the amount).
 */
export const resolveWithdraw = (tx: Tx, transactionId: string, status: '1' | '-1', adminId: string | null) =>
  restate(
    tx,
    and(eq(transactions.id, transactionId), eq(transactions.type, 'withdraw'), eq(transactions.status, '3')),
    { status, resolvedAt: new Date(), resolvedByAdminId: adminId },
  );

/**
 * Any row with its effect, whatever its type and status: what the seed and the tests' builders
 * write (the services use the named operations). Throws when the wallet does not cover it.
 */
export async function record(tx: Tx, row: TransactionRow) {
  const written = await append(tx, row);
  if (!written) throw new Error(`record: ${row.userId}'s wallet does not cover a ${row.type} of ${row.amountCents}`);
  return written.row;
}

/** What one wallet gets or loses: floor(amount × bp / 10000) cents, in bigint so nothing overflows midway. */
export const shareOf = (amount: SQL, basisPoints: number) => sql`(${amount}::bigint * ${basisPoints}::bigint / 10000)`;

/**
 * A profit or loss of `basisPoints` on every wallet with money in the category: one adminProfit
 * row per wallet that moves (INSERT … SELECT), and the wallets changed by exactly those rows
 * (UPDATE … FROM), in one statement whatever their number. The caller has locked the wallets.
 */
export async function distribute(
  tx: Tx,
  row: Required<Pick<TransactionRow, 'riskCategoryId' | 'profitLoss' | 'title' | 'distributionId' | 'adminId'>> & {
    basisPoints: number;
  },
): Promise<{ walletCount: number; totalCents: number }> {
  const figure = categoryFigure(row.riskCategoryId);
  if (!figure) throw new Error(`distribute: ${row.riskCategoryId} is no risk category`);
  const column = wallets[figure];
  const sign = sql.raw(row.profitLoss === 'profit' ? '+' : '-');
  const [moved] = await execute<{ wallet_count: unknown; total: unknown }>(
    tx,
    sql`
    with shares as (
      select user_id, ${shareOf(sql`${column}`, row.basisPoints)}::integer as cents from ${wallets} where ${column} > 0
    ), appended as (
      insert into ${transactions} (user_id, title, amount_cents, type, profit_loss, risk_category_id, status, distribution_id, admin_id)
      select user_id, ${row.title}::text, cents, 'adminProfit', ${row.profitLoss}::text, ${row.riskCategoryId}::uuid, '1', ${row.distributionId}::uuid, ${row.adminId}::uuid
      from shares where cents > 0
      returning user_id, amount_cents
    ), changed as (
      update ${wallets} as w
      set ${sql.identifier(column.name)} = w.${sql.identifier(column.name)} ${sign} appended.amount_cents,
          interest_cents = w.interest_cents ${sign} appended.amount_cents,
          updated_at = now()
      from appended where w.user_id = appended.user_id
      returning appended.amount_cents
    )
    select count(*) as wallet_count, coalesce(sum(amount_cents), 0) as total from changed`,
  );
  return { walletCount: Number(moved?.wallet_count ?? 0), totalCents: Number(moved?.total ?? 0) };
}
