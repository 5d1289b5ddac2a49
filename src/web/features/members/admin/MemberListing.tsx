// /userlisting and /vendor: #, User Name, Email, Phone and the Status button —
// 'Deactive' sets Active, 'Active' sets Deactive — refreshed in place after 'Status updated
// successfully'. The name opens the member's detail page.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { MemberRow } from '../../../../contract/admin.js';
import { adminListText as t, notice } from '../../../../contract/messages.js';
import { useToast } from '../../../ui/toast.js';
import { ListingTable, type Column } from '../../../ui/listing/ListingTable.js';
import styles from '../../../ui/listing/listing.module.css';
import { useUpdateStatus } from './api.js';

interface MemberListingProps {
  title: string;
  path: string;
  detailRoute: string;
  /** Buttons next to the heading. */
  actions?: ReactNode;
}

export function MemberListing({ title, path, detailRoute, actions }: MemberListingProps) {
  const columns: Column<MemberRow>[] = [
    { header: t.number, cell: (_row, number) => number, narrow: true },
    { header: t.userName, sort: 'name', cell: (row) => <Link to={`${detailRoute}?id=${row._id}`}>{row.name}</Link> },
    { header: t.email, sort: 'email', cell: (row) => row.email ?? '—' },
    { header: t.phone, sort: 'phone', cell: (row) => row.phone ?? '—', narrow: true },
    { header: t.status, sort: 'status', cell: (row) => <StatusButton row={row} listPath={path} />, narrow: true },
  ];
  return <ListingTable title={title} path={path} columns={columns} rowKey={(row) => row._id} actions={actions} />;
}

function StatusButton({ row, listPath }: { row: MemberRow; listPath: string }) {
  const update = useUpdateStatus(listPath);
  const toast = useToast();
  const active = row.status === '1';
  const onClick = () =>
    update.mutate(
      { _id: row._id, status: active ? '0' : '1' },
      { onSuccess: () => toast.success(notice.statusUpdated), onError: (error) => toast.error(error.message) },
    );
  return (
    <button
      type="button"
      className={`btn ${active ? styles.statusActive : styles.statusDeactive}`}
      onClick={onClick}
      disabled={update.isPending}
      aria-label={`${active ? t.active : t.deactive}: ${row.name}`}
    >
      {active ? t.active : t.deactive}
    </button>
  );
}
