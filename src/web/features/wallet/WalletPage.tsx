// /wallet: the member's figures ($ with 2 decimals, the amount held for bookings among them), the three moves (Invest, Move back,
// Withdraw) and their transactions a page at a time, with the back-office's labels.
// A new notification (a withdraw paid out or cancelled, a distribution) refreshes the page's data.
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { adminWalletText as labels, cardText as c, memberWalletText as t, text } from '../../../contract/messages.js';
import { isBookingMoney, transactionStatusLabel } from '../../../contract/member-wallet.js';
import type { WalletFigures, WalletTransaction } from '../../../contract/wallet.js';
import { shortDate } from '../../lib/dates.js';
import { money } from '../../lib/format.js';
import { QueryState } from '../../ui/states.js';
import { Table, type TableColumn } from '../../ui/Table.js';
import { useRefreshOnNotification } from '../notifications/index.js';
import { memberWalletKeys, useMyTransactions, useMyWallet, usePaymentOptions, useTopUp } from './api.js';
import { FigureList, type Figure } from './FigureList.js';
import { MoveDialog, type MoveKind } from './MoveDialog.js';
import { TopUpDialog } from './TopUpDialog.js';
import { TransactionType } from './TransactionType.js';
import styles from './wallet.module.css';

export default function WalletPage() {
  const wallet = useMyWallet();
  const [moving, setMoving] = useState<MoveKind | null>(null);
  const [addingMoney, setAddingMoney] = useState(false);
  const cards = usePaymentOptions().data?.card === true;
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
      <TopUpStatus />
      <QueryState query={wallet}>
        {(figures) => (
          <>
            <Figures wallet={figures} />
            <div className={styles.actions}>
              {cards && (
                <button type="button" className="btn" onClick={() => setAddingMoney(true)}>
                  {c.addMoney}
                </button>
              )}
              <button type="button" className="btn" onClick={() => setMoving('invest')} disabled={figures.amount === 0}>
                {t.invest}
              </button>
              <button
                type="button"
                className="btn btn-outline"
                onClick={() => setMoving('divest')}
                disabled={figures.lowRiskAmount === 0 && figures.highRiskAmount === 0}
              >
                {t.divest}
              </button>
              <button
                type="button"
                className="btn btn-outline"
                onClick={() => setMoving('withdraw')}
                disabled={figures.amount === 0}
              >
                {t.withdraw}
              </button>
              {figures.amount === 0 && <span className="muted">{t.nothingFree}</span>}
            </div>
            {moving && <MoveDialog kind={moving} wallet={figures} onClose={() => setMoving(null)} />}
            {addingMoney && <TopUpDialog onClose={() => setAddingMoney(false)} />}
          </>
        )}
      </QueryState>
      <Transactions />
    </section>
  );
}

/** Back from Stripe's page (`?topup=`): waiting for the payment's confirmation, then its outcome. */
function TopUpStatus() {
  const [params] = useSearchParams();
  const id = params.get('topup');
  const cancelled = params.has('cancelled');
  const topUp = useTopUp(id && !cancelled ? id : null);
  if (!id) return null;
  const status = cancelled ? 'expired' : topUp.data?.status;
  if (!status && !topUp.isError) return null;
  const [tone, message] =
    status === 'paid' && topUp.data
      ? [styles.noticePaid, c.added(money(topUp.data.amountCents))]
      : status === 'open'
        ? [styles.noticeWaiting, c.waiting]
        : [styles.noticeNotPaid, topUp.isError ? c.notFound : c.notPaid];
  return (
    <p className={`${styles.notice} ${tone}`} role="status">
      {message}
    </p>
  );
}

const figureOrder: readonly Figure[] = [
  'amount',
  'lowRiskAmount',
  'highRiskAmount',
  'reservedAmount',
  'heldAmount',
  'depositAmount',
  'withdrawAmount',
  'interestEarned',
];

function Figures({ wallet }: { wallet: WalletFigures }) {
  return (
    <section aria-labelledby="figures-heading">
      <h2 id="figures-heading" className="visually-hidden">
        {t.figures}
      </h2>
      <FigureList wallet={wallet} order={figureOrder} labels={{ amount: t.freeAmount }} />
    </section>
  );
}

const statusClass: Record<WalletTransaction['status'], string | undefined> = {
  '0': styles.pending,
  '1': styles.accepted,
  '-1': styles.rejected,
  '3': styles.pending,
};
/** A booking's payment released is no refusal: its money is back, shown plainly. */
const statusClassOf = (row: WalletTransaction) =>
  isBookingMoney(row.type) && row.status === '-1' ? styles.released : statusClass[row.status];

const columns: TableColumn<WalletTransaction>[] = [
  {
    key: 'title',
    header: labels.title,
    cell: (row) => (
      <>
        {row.title}
        {/* Narrow screens: date and type under the title instead of in their columns. */}
        <span className={styles.narrowOnly}>
          {shortDate(row.createdAt)} · <TransactionType row={row} categoryClassName="muted" />
        </span>
      </>
    ),
  },
  { key: 'amount', header: labels.amount, className: styles.number, cell: (row) => money(row.amount) },
  {
    key: 'date',
    header: labels.date,
    className: styles.wide,
    cellClassName: styles.nowrap,
    cell: (row) => shortDate(row.createdAt),
  },
  {
    key: 'type',
    header: labels.type,
    className: styles.wide,
    cell: (row) => <TransactionType row={row} categoryClassName="muted" />,
  },
  {
    key: 'status',
    header: labels.status,
    cell: (row) => (
      <span className={`${styles.statusWord} ${statusClassOf(row) ?? ''}`}>
        {transactionStatusLabel(row.status, row.type)}
      </span>
    ),
  },
];

function Transactions() {
  const [page, setPage] = useState(1);
  const list = useMyTransactions(page);
  const meta = list.data?.meta ?? { page, limit: 20, total: 0 };

  return (
    <section className={styles.block} aria-labelledby="transactions-heading">
      <h2 id="transactions-heading">{t.transactions}</h2>
      <QueryState
        query={list}
        keepData
        isEmpty={(result) => result.items.length === 0}
        empty={<p className="muted">{t.noTransactions}</p>}
      >
        {(result) => (
          <Table
            columns={columns}
            rows={result.items}
            rowKey={(row) => row._id}
            labelledBy="transactions-heading"
            busy={list.isFetching}
            classes={{ scroller: styles.scroller, table: styles.table }}
            pager={{
              page: meta.page,
              total: meta.total,
              limit: meta.limit,
              onPage: setPage,
              label: labels.pagesOf(t.transactions),
            }}
          />
        )}
      </QueryState>
    </section>
  );
}
