// A transaction's type as its lists show it: a distribution also says whether it was a profit or
// a loss, and of which category.
import { riskLabel, transactionTypeLabel } from '../../../contract/member-wallet.js';
import { adminWalletText as t } from '../../../contract/messages.js';
import type { WalletTransaction } from '../../../contract/wallet.js';
import styles from './wallet.module.css';

export function TransactionType({ row, categoryClassName }: { row: WalletTransaction; categoryClassName?: string }) {
  if (row.type !== 'adminProfit') return <>{transactionTypeLabel(row)}</>;
  return (
    <span className={styles.typeCell}>
      {transactionTypeLabel(row)}
      {row.profitLoss && (
        <span className={`${styles.mark} ${row.profitLoss === 'profit' ? styles.markProfit : styles.markLoss}`}>
          {t.profitLoss[row.profitLoss]}
        </span>
      )}
      {row.riskCategory && <span className={categoryClassName}>{riskLabel(row.riskCategory)}</span>}
    </span>
  );
}
