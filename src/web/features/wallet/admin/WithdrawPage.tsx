// /withdraw 'Withdraw Requests': Email, Title, Amount, Date, Status, and how it is paid (a weekly
// Stripe transfer's state, or by hand); a request awaiting the admin ('3') has the initiate and
// cancel icons. The list shows one status at a time
// (awaiting by default), kept in the URL with the page, search and sort.
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { adminLists } from '../../../../contract/endpoints/listings.js';
import { adminSidebar, adminWalletText as t, payoutText } from '../../../../contract/messages.js';
import { routes } from '../../../../contract/paths.js';
import { withdrawStatusFilter, type WithdrawRequest, type WithdrawStatusFilter } from '../../../../contract/wallet.js';
import { shortDate } from '../../../lib/dates.js';
import { ListingTable, type Column } from '../../../ui/listing/ListingTable.js';
import { money } from '../../../lib/format.js';
import { StatusWord, WithdrawActions } from './WithdrawActions.js';
import styles from './wallet.module.css';

const list = adminLists.withdrawals;
const listPath = list.path;
const defaultStatus: WithdrawStatusFilter = '3';
const isStatus = (value: string | null): value is WithdrawStatusFilter =>
  withdrawStatusFilter.includes(value as WithdrawStatusFilter);

export default function WithdrawPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('status');
  const status = isStatus(requested) ? requested : defaultStatus;

  const columns: Column<WithdrawRequest>[] = [
    {
      header: t.email,
      sort: 'email',
      cell: (row) => <Link to={`${routes.userDetail}?id=${row.user._id}`}>{row.user.email ?? row.user.name}</Link>,
    },
    { header: t.title, sort: 'title', cell: (row) => row.title },
    { header: t.amount, sort: 'amount', cell: (row) => money(row.amount), narrow: true },
    { header: t.date, sort: 'createdAt', cell: (row) => shortDate(row.createdAt), narrow: true },
    {
      header: t.status,
      sort: 'status',
      narrow: true,
      cell: (row) =>
        // A weekly Stripe transfer is settled by Stripe's answer, not by hand.
        row.status === '3' && !row.transfer ? (
          <span className={styles.awaiting}>
            <StatusWord status="3" />
            <WithdrawActions request={row} who={row.user.email ?? row.user.name} refresh={{ listPath }} />
          </span>
        ) : (
          <StatusWord status={row.status} />
        ),
    },
    {
      header: payoutText.transfer,
      narrow: true,
      cell: (row) => (row.transfer ? payoutText.transferStatuses[row.transfer] : payoutText.byHand),
    },
  ];

  const onStatus = (next: WithdrawStatusFilter) =>
    setSearchParams((current) => {
      const params = new URLSearchParams(current);
      if (next === defaultStatus) params.delete('status');
      else params.set('status', next);
      params.delete('page');
      return params;
    });

  return (
    <ListingTable
      title={adminSidebar.withdraw}
      endpoint={list}
      columns={columns}
      rowKey={(row) => row._id}
      extraQuery={{ status }}
      actions={<StatusFilter value={status} onChange={onStatus} />}
    />
  );
}

function StatusFilter({
  value,
  onChange,
}: {
  value: WithdrawStatusFilter;
  onChange(next: WithdrawStatusFilter): void;
}) {
  const id = useId();
  const order: WithdrawStatusFilter[] = ['3', '0', '1', '-1', 'all'];
  return (
    <span className={styles.filter}>
      <label htmlFor={id}>{t.statusFilter}</label>
      <select id={id} value={value} onChange={(event) => isStatus(event.target.value) && onChange(event.target.value)}>
        {order.map((option) => (
          <option key={option} value={option}>
            {t.statusFilterOptions[option]}
          </option>
        ))}
      </select>
    </span>
  );
}
