// The member's own wallet at /wallet: the figures, moves between
// the free amount and the two risk categories, withdraw requests and the transaction list. The
// amounts a member types are read exactly as the admin's Add Balance reads them (dollarsAsCents:
// > 0, at most 2 decimals, at most $1,000,000); the labels are the admin screens'.
import { z } from 'zod';
import { adminWalletText, memberWalletText as t } from './messages.js';
import { dollarsAsCents, riskNames, walletFigures, type RiskName, type WalletTransaction } from './wallet.js';

export const risk = z.enum(riskNames, { error: t.riskInvalid });

/** POST /wallet/invest (free amount → category) and /wallet/divest (category → free amount). */
export const moveBody = z.object({ risk, amount: dollarsAsCents });
export type MoveInput = z.input<typeof moveBody>;

/** POST /wallet/withdraw: a request for the admin, reserving `amount` of the free amount. */
export const withdrawBody = z.object({ amount: dollarsAsCents });
export type WithdrawInput = z.input<typeof withdrawBody>;

/** Every move answers the wallet as it is afterwards. */
export const moveResult = walletFigures;

// ---------------------------------------------------------------- labels shared by both sides

/** lowrisk → Conservative, highrisk → Aggressive. */
export const riskLabel = (name: RiskName) =>
  name === 'highrisk' ? adminWalletText.aggressive : adminWalletText.conservative;

/** Deposit, Withdraw, Admin Profit, Investment (Conservative) …: the category named where the money went. */
export function transactionTypeLabel(row: Pick<WalletTransaction, 'type' | 'riskCategory'>): string {
  const label = adminWalletText.types[row.type];
  return row.riskCategory && row.type !== 'adminProfit' ? `${label} (${riskLabel(row.riskCategory)})` : label;
}

/** A booking's payment or a provider's earning from one. */
export const isBookingMoney = (type: WalletTransaction['type'] | undefined) => type === 'payment' || type === 'earning';

/**
 * '0' Pending, '1' Accepted, '-1' Rejected, '3' Awaiting (a withdraw the admin has not resolved
 * yet); on a booking's money (`payment`, `earning`): '3' Held, '1' Paid, '-1' Released.
 */
export const transactionStatusLabel = (status: WalletTransaction['status'], type?: WalletTransaction['type']) =>
  (isBookingMoney(type) ? adminWalletText.bookingStatuses : adminWalletText.statuses)[status];
