// /userDetail?id=<member> 'User Detail': the member, their wallet figures, their
// transactions and their tickets a page at a time, newest first, each list with a Status filter kept
// in the URL (`transactionStatus`, `ticketStatus`); Block/Unblock shows the state the server
// holds (not a guess, as the old app did), asks first and offers Undo; Add Balance adds money through the ledger.
import { useState, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { adminListText, adminWalletText as t, text } from '../../../../contract/messages.js';
import { routes } from '../../../../contract/paths.js';
import { ticketStatuses } from '../../../../contract/support.js';
import { memberIdParams, transactionStatusCodes, type MemberDetail } from '../../../../contract/wallet.js';
import { ApiError } from '../../../lib/api.js';
import { shortDate } from '../../../lib/dates.js';
import { ErrorState, Loading, QueryState } from '../../../ui/states.js';
import { Table } from '../../../ui/Table.js';
import tableStyles from '../../../ui/Table.module.css';
import { blockQuestion } from '../../../ui/adminQuestions.js';
import { useConfirmedChange } from '../../../ui/useConfirmedChange.js';
import listStyles from '../../../ui/listing/listing.module.css';
import { useStatusFilter } from '../../../ui/listing/StatusFilter.js';
import noticeStyles from '../../../ui/notice.module.css';
import pageHead from '../../../ui/pageHead.module.css';
import { AddBalanceDialog } from './AddBalanceDialog.js';
import { useBlockUser, useMemberDetail, useMemberTickets, useMemberTransactions } from './api.js';
import { money } from '../../../lib/format.js';
import { StatusWord, WithdrawActions } from './WithdrawActions.js';
import { FigureList, type Figure } from '../FigureList.js';
import { TransactionType } from '../TransactionType.js';
import walletStyles from '../wallet.module.css';
import styles from './wallet.module.css';

const figureOrder: readonly Figure[] = [
  'amount',
  'highRiskAmount',
  'lowRiskAmount',
  'reservedAmount',
  'heldAmount',
  'withdrawAmount',
  'depositAmount',
  'interestEarned',
];

export default function UserDetailPage() {
  const [searchParams] = useSearchParams();
  const raw = searchParams.get('id');
  const id = raw && memberIdParams.safeParse({ id: raw }).success ? raw : null;
  const detail = useMemberDetail(id);

  return (
    <section className={styles.page} aria-labelledby="user-detail-title">
      <title>{`${t.userDetail} · ${text.brand}`}</title>
      {id && detail.data ? (
        // Keyed by the member: another member's detail starts on page 1 with no dialog open.
        <Detail key={detail.data.user._id} detail={detail.data} />
      ) : (
        <>
          <h2 id="user-detail-title" className={pageHead.title}>
            {t.userDetail}
          </h2>
          {!id ? (
            <NotFound message={t.noUser} />
          ) : detail.isError ? (
            // No such member (404) or a malformed id (400): asking again will not help; a network failure may.
            detail.error instanceof ApiError && detail.error.status >= 400 && detail.error.status < 500 ? (
              <NotFound message={detail.error.message} />
            ) : (
              <ErrorState error={detail.error} onRetry={() => void detail.refetch()} />
            )
          ) : (
            <Loading />
          )}
        </>
      )}
    </section>
  );
}

function NotFound({ message }: { message: string }) {
  return (
    <div className={noticeStyles.notFound} role="alert">
      <p>{message}</p>
      <Link to={routes.userListing}>{t.backToUsers}</Link>
    </div>
  );
}

function Detail({ detail }: { detail: MemberDetail }) {
  const { user, wallet } = detail;
  const [addingBalance, setAddingBalance] = useState(false);
  const block = useBlockUser(user._id);
  const blockChange = useConfirmedChange(block.mutateAsync);
  const toggleBlock = () => blockChange.ask(blockQuestion(user));

  const info: [string, string][] = [
    [t.name, user.name],
    [t.email, user.email ?? '—'],
    [t.phone, user.phone ?? '—'],
    [t.role, t.roles[user.role]],
    [t.status, user.status === '1' ? adminListText.active : adminListText.deactive],
    [t.access, user.isBlocked ? t.blockedState : t.notBlockedState],
    [t.joined, shortDate(user.createdAt)],
  ];

  return (
    <>
      <div className={`${pageHead.head} ${pageHead.roomy}`}>
        <h2 id="user-detail-title" className={pageHead.title}>
          {t.userDetail}
        </h2>
        <div className={styles.headActions}>
          <button
            type="button"
            className={`btn ${user.isBlocked ? 'btn-outline' : 'btn-danger'}`}
            onClick={toggleBlock}
            disabled={blockChange.busy}
            aria-busy={blockChange.busy || undefined}
          >
            {user.isBlocked ? t.unblock : t.block}
          </button>
          <button type="button" className="btn" onClick={() => setAddingBalance(true)}>
            {t.addBalance}
          </button>
        </div>
      </div>

      <div className={styles.columns}>
        <section className={styles.card} aria-labelledby="user-info-title">
          <h3 id="user-info-title">{t.userInfo}</h3>
          <dl className={styles.info}>
            {info.map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd className={label === t.access && user.isBlocked ? styles.blocked : undefined}>{value}</dd>
              </div>
            ))}
          </dl>
        </section>

        <section className={styles.card} aria-labelledby="wallet-title">
          <h3 id="wallet-title">{t.wallet}</h3>
          <FigureList wallet={wallet} order={figureOrder} inCard />
        </section>
      </div>

      <Transactions memberId={user._id} who={user.email ?? user.name} />
      <Tickets memberId={user._id} />

      {addingBalance && <AddBalanceDialog userId={user._id} onClose={() => setAddingBalance(false)} />}
      {blockChange.dialog}
    </>
  );
}

/**
 * The page of a list kept here rather than in the URL (a member's detail starts on page 1): choosing
 * another status starts the list again on page 1.
 */
function usePageOf<S>(status: S) {
  const [paged, setPaged] = useState({ status, page: 1 });
  const page = paged.status === status ? paged.page : 1;
  return [page, (next: number) => setPaged({ status, page: next })] as const;
}

function Transactions({ memberId, who }: { memberId: string; who: string }) {
  // Two filtered lists on one page: each keeps its status under its own URL key.
  const { status, filter } = useStatusFilter(transactionStatusCodes, {
    label: t.status,
    allLabel: adminListText.allStatuses,
    labels: t.transactionStatusFilter,
    param: 'transactionStatus',
    pageParam: null,
  });
  const [page, setPage] = usePageOf(status);
  const list = useMemberTransactions(memberId, page, status);

  return (
    <DetailList
      id="transactions-title"
      title={t.transactions}
      filter={filter}
      list={list}
      page={page}
      onPage={setPage}
      empty={status ? t.noTransactionsWithStatus : t.noTransactions}
    >
      {(rows, pager) => (
        <Table
          columns={[
            { key: 'title', header: t.title, cell: (row) => row.title },
            { key: 'amount', header: t.amount, narrow: true, cell: (row) => money(row.amount) },
            { key: 'date', header: t.date, narrow: true, cell: (row) => shortDate(row.createdAt) },
            {
              key: 'type',
              header: t.type,
              cell: (row) => <TransactionType row={row} categoryClassName={styles.category} />,
            },
            {
              key: 'status',
              header: t.status,
              narrow: true,
              cell: (row) =>
                row.status === '3' && row.type === 'withdraw' ? (
                  <span className={styles.awaiting}>
                    <StatusWord status={row.status} />
                    <WithdrawActions request={row} who={who} refresh={{ memberId }} />
                  </span>
                ) : (
                  <StatusWord status={row.status} type={row.type} />
                ),
            },
          ]}
          rows={rows}
          rowKey={(row) => row._id}
          labelledBy="transactions-title"
          // Wider than a phone (booking payments' labels): the keyboard scrolls it too.
          regionLabel={t.transactions}
          busy={list.isFetching}
          pager={pager}
        />
      )}
    </DetailList>
  );
}

function Tickets({ memberId }: { memberId: string }) {
  const { status, filter } = useStatusFilter(ticketStatuses, {
    label: t.status,
    allLabel: adminListText.allStatuses,
    labels: t.ticketStatuses,
    param: 'ticketStatus',
    pageParam: null,
  });
  const [page, setPage] = usePageOf(status);
  const list = useMemberTickets(memberId, page, status);

  return (
    <DetailList
      id="tickets-title"
      title={t.tickets}
      filter={filter}
      list={list}
      page={page}
      onPage={setPage}
      empty={status ? t.noTicketsWithStatus : t.noTickets}
    >
      {(rows, pager) => (
        <Table
          columns={[
            {
              key: 'subject',
              header: t.subject,
              cell: (ticket) => <Link to={`${routes.ticketDetail}?id=${ticket._id}`}>{ticket.subject}</Link>,
            },
            {
              key: 'status',
              header: t.status,
              narrow: true,
              cell: (ticket) => (
                <span
                  className={`${walletStyles.statusWord} ${ticket.status === 'resolved' ? walletStyles.accepted : walletStyles.pending}`}
                >
                  {t.ticketStatuses[ticket.status]}
                </span>
              ),
            },
            { key: 'date', header: t.date, narrow: true, cell: (ticket) => shortDate(ticket.createdAt) },
          ]}
          rows={rows}
          rowKey={(ticket) => ticket._id}
          labelledBy="tickets-title"
          classes={{ table: `${tableStyles.table} ${styles.ticketTable}` }}
          busy={list.isFetching}
          pager={pager}
        />
      )}
    </DetailList>
  );
}

/** The pager a detail list passes its table. */
interface DetailPager {
  page: number;
  total: number;
  limit: number;
  onPage(page: number): void;
  label: string;
  showCount: true;
}

/**
 * One of the detail's paged lists: its heading with its status filter, then its rows (drawn by
 * `children` with the pager), or the reason there are none.
 */
function DetailList<Row>({
  id,
  title,
  filter,
  list,
  page,
  onPage,
  empty,
  children,
}: {
  id: string;
  title: string;
  filter: ReactNode;
  list: UseQueryResult<{ items: Row[]; meta: { page: number; limit: number; total: number } }>;
  page: number;
  onPage(page: number): void;
  empty: string;
  children(rows: Row[], pager: DetailPager): ReactNode;
}) {
  const meta = list.data?.meta ?? { page, limit: 20, total: 0 };
  const pager: DetailPager = { ...meta, onPage, label: t.pagesOf(title), showCount: true };
  return (
    <section className={styles.block} aria-labelledby={id}>
      <div className={`${pageHead.head} ${styles.blockHead}`}>
        <h3 id={id}>{title}</h3>
        {filter}
      </div>
      <QueryState
        query={list}
        keepData
        isEmpty={(result) => result.items.length === 0}
        empty={<p className={listStyles.empty}>{empty}</p>}
      >
        {(result) => children(result.items, pager)}
      </QueryState>
    </section>
  );
}
