// How the money screens write figures (admin.md §9): a $ prefix and always 2 decimals, with
// thousands separators; and the ledger's codes as the words of admin.md §4.
import { adminWalletText as t } from '../../../../contract/messages.js';
import type { RiskName, WalletTransaction } from '../../../../contract/wallet.js';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Cents → `$1,234.50` (`-$12.00` below zero: a net loss in interest earned). */
export const dollars = (cents: number) => usd.format(cents / 100);

/** A percentage with 2 decimals: 2.5 → `2.50%`. */
export const percent = (value: number) => `${value.toFixed(2)}%`;

export const riskLabel = (name: RiskName) => (name === 'highrisk' ? t.aggressive : t.conservative);

/** Deposit, Withdraw, Admin Profit …, the category named where the money went. */
export function typeLabel(row: Pick<WalletTransaction, 'type' | 'riskCategory'>): string {
  const label = t.types[row.type];
  return row.riskCategory && row.type !== 'adminProfit' ? `${label} (${riskLabel(row.riskCategory)})` : label;
}
