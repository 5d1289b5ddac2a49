// /userlisting and /vendor, narrowed by a status filter in the URL (`?status=1|0`, and for
// providers `awaiting`: waiting for approval): #, User Name, Email, Phone and the Status button —
// 'Deactive' sets Active, 'Active' sets Deactive, after a question naming the member — refreshed in
// place after 'Status updated successfully', whose toast offers Undo. The name opens the member's detail page.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Endpoint } from '../../../../contract/endpoint.js';
import { memberStatusFilter, vendorStatusFilter, type MemberRow } from '../../../../contract/admin.js';
import { adminListText as t } from '../../../../contract/messages.js';
import { statusQuestion } from '../../../ui/adminQuestions.js';
import { useConfirmedChange } from '../../../ui/useConfirmedChange.js';
import { ListingTable, type Column } from '../../../ui/listing/ListingTable.js';
import { useStatusFilter } from '../../../ui/listing/StatusFilter.js';
import styles from '../../../ui/listing/listing.module.css';
import { useUpdateStatus } from './api.js';

interface MemberListingProps {
  title: string;
  endpoint: Endpoint<undefined, MemberRow[]>;
  detailRoute: string;
  /** Whom the list holds: what a status change means for them. */
  role: 'customer' | 'provider';
  /** Buttons next to the heading. */
  actions?: ReactNode;
}

/** The status filter's choices: providers also by 'waiting for approval'. */
const statusLabels = { '1': t.active, '0': t.deactive, awaiting: t.awaiting };

export function MemberListing({ title, endpoint, detailRoute, role, actions }: MemberListingProps) {
  const statuses = role === 'provider' ? vendorStatusFilter : memberStatusFilter;
  const { filter, query } = useStatusFilter<(typeof vendorStatusFilter)[number]>(statuses, {
    label: t.status,
    allLabel: t.allStatuses,
    labels: statusLabels,
  });
  const update = useUpdateStatus(endpoint.path);
  const change = useConfirmedChange((input: { _id: string; status: '0' | '1' }) => update.mutateAsync(input));
  const columns: Column<MemberRow>[] = [
    { header: t.number, cell: (_row, number) => number, narrow: true },
    { header: t.userName, sort: 'name', cell: (row) => <Link to={`${detailRoute}?id=${row._id}`}>{row.name}</Link> },
    { header: t.email, sort: 'email', cell: (row) => row.email ?? '—' },
    { header: t.phone, sort: 'phone', cell: (row) => row.phone ?? '—', narrow: true },
    {
      header: t.status,
      sort: 'status',
      cell: (row) => (
        <StatusButton
          row={row}
          onClick={() => change.ask(statusQuestion(row, role, (status) => ({ _id: row._id, status })))}
        />
      ),
      narrow: true,
    },
  ];
  return (
    <>
      <ListingTable
        title={title}
        endpoint={endpoint}
        columns={columns}
        rowKey={(row) => row._id}
        actions={
          <>
            {filter}
            {actions}
          </>
        }
        extraQuery={query}
      />
      {change.dialog}
    </>
  );
}

function StatusButton({ row, onClick }: { row: MemberRow; onClick(): void }) {
  const active = row.status === '1';
  return (
    <button
      type="button"
      className={`btn ${active ? styles.statusActive : styles.statusDeactive}`}
      onClick={onClick}
      aria-label={`${active ? t.active : t.deactive}: ${row.name}`}
    >
      {active ? t.active : t.deactive}
    </button>
  );
}
