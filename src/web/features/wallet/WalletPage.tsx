// /wallet: the member's figures ($ with 2 decimals), the three moves (Invest, Move back,
// Withdraw) and their transactions a page at a time, with the back-office's labels.
// A new notification (a withdraw paid out or cancelled, a distribution) refreshes the page's data.
import { useEffect, useState } from 'react';
import { adminWalletText as labels, memberWalletText as t, text } from '../../../contract/messages.js';
import { riskLabel, transactionStatusLabel, transactionTypeLabel } from '../../../contract/member-wallet.js';
import type { WalletFigures, WalletTransaction } from '../../../contract/wallet.js';
import { shortDate } from '../../lib/dates.js';
import { moneyExact } from '../../lib/format.js';
import { ErrorState, Loading } from '../../ui/states.js';
import { useRefreshOnNotification } from '../notifications/index.js';
import { memberWalletKeys, useMyTransactions, useMyWallet } from './api.js';
import { MoveDialog, type MoveKind } from './MoveDialog.js';
import styles from './wallet.module.css';
import { Pager } from '../../ui/Pager.js';

export default function WalletPage() {
  const wallet = useMyWallet();
  const [moving, setMoving] = useState<MoveKind | null>(null);
  // The admin may just have moved its money.
  useRefreshOnNotification(memberWalletKeys.all);

  useEffect(() => {
    document.title = `${t.heading} · ${text.brand}`;
  }, []);

  return (
    <section className={`container page ${styles.page}`} aria-labelledby="wallet-heading">
      <div>
        <h1 id="wallet-heading">{t.heading}</h1>
        <p className="muted">{t.lead}</p>
      </div>
      {wallet.isPending ? (
        <Loading />
      ) : wallet.isError ? (
        <ErrorState error={wallet.error} onRetry={() => void wallet.refetch()} />
      ) : (
        <>
          <Figures wallet={wallet.data} />
          <div className={styles.actions}>
            <button
              type="button"
              className="btn"
              onClick={() => setMoving('invest')}
              disabled={wallet.data.amount === 0}
            >
              {t.invest}
            </button>
            <button
              type="button"
              className="btn btn-outline"
              onClick={() => setMoving('divest')}
              disabled={wallet.data.lowRiskAmount === 0 && wallet.data.highRiskAmount === 0}
            >
              {t.divest}
            </button>
            <button
              type="button"
              className="btn btn-outline"
              onClick={() => setMoving('withdraw')}
              disabled={wallet.data.amount === 0}
            >
              {t.withdraw}
            </button>
            {wallet.data.amount === 0 && <span className="muted">{t.nothingFree}</span>}
          </div>
          {moving && <MoveDialog kind={moving} wallet={wallet.data} onClose={() => setMoving(null)} />}
        </>
      )}
      <Transactions />
    </section>
  );
}

function Figures({ wallet }: { wallet: WalletFigures }) {
  const figures: [string, number][] = [
    [t.freeAmount, wallet.amount],
    [labels.conservative, wallet.lowRiskAmount],
    [labels.aggressive, wallet.highRiskAmount],
    [labels.reservedAmount, wallet.reservedAmount],
    [labels.depositAmount, wallet.depositAmount],
    [labels.withdrawAmount, wallet.withdrawAmount],
    [labels.interestEarned, wallet.interestEarned],
  ];
  return (
    <section aria-labelledby="figures-heading">
      <h2 id="figures-heading" className="visually-hidden">
        {t.figures}
      </h2>
      <dl className={styles.figures}>
        {figures.map(([label, cents]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{moneyExact(cents)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

const statusClass: Record<WalletTransaction['status'], string | undefined> = {
  '0': styles.pending,
  '1': styles.accepted,
  '-1': styles.rejected,
  '3': styles.pending,
};

function TypeCell({ row }: { row: WalletTransaction }) {
  if (row.type !== 'adminProfit') return <>{transactionTypeLabel(row)}</>;
  return (
    <span className={styles.typeCell}>
      {transactionTypeLabel(row)}
      {row.profitLoss && (
        <span className={`${styles.mark} ${row.profitLoss === 'profit' ? styles.markProfit : styles.markLoss}`}>
          {labels.profitLoss[row.profitLoss]}
        </span>
      )}
      {row.riskCategory && <span className="muted">{riskLabel(row.riskCategory)}</span>}
    </span>
  );
}

function Transactions() {
  const [page, setPage] = useState(1);
  const list = useMyTransactions(page);
  const rows = list.data?.items ?? [];
  const meta = list.data?.meta ?? { page, limit: 20, total: 0 };

  return (
    <section className={styles.block} aria-labelledby="transactions-heading">
      <h2 id="transactions-heading">{t.transactions}</h2>
      {list.isPending ? (
        <Loading />
      ) : list.isError && !list.data ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : rows.length === 0 ? (
        <p className="muted">{t.noTransactions}</p>
      ) : (
        <>
          <div className={styles.scroller}>
            <table
              className={styles.table}
              aria-labelledby="transactions-heading"
              aria-busy={list.isFetching || undefined}
            >
              <thead>
                <tr>
                  <th scope="col">{labels.title}</th>
                  <th scope="col" className={styles.number}>
                    {labels.amount}
                  </th>
                  <th scope="col" className={styles.wide}>
                    {labels.date}
                  </th>
                  <th scope="col" className={styles.wide}>
                    {labels.type}
                  </th>
                  <th scope="col">{labels.status}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row._id}>
                    <td>
                      {row.title}
                      {/* Narrow screens: date and type under the title instead of in their columns. */}
                      <span className={styles.narrowOnly}>
                        {shortDate(row.createdAt)} · <TypeCell row={row} />
                      </span>
                    </td>
                    <td className={styles.number}>{moneyExact(row.amount)}</td>
                    <td className={`${styles.nowrap} ${styles.wide}`}>{shortDate(row.createdAt)}</td>
                    <td className={styles.wide}>
                      <TypeCell row={row} />
                    </td>
                    <td>
                      <span className={`${styles.statusWord} ${statusClass[row.status] ?? ''}`}>
                        {transactionStatusLabel(row.status)}
                      </span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager
            page={meta.page}
            total={meta.total}
            limit={meta.limit}
            onPage={setPage}
            label={labels.pagesOf(t.transactions)}
          />
        </>
      )}
    </section>
  );
}
