// /support 'Support Listing': Name, Email, Message, Status and a Reply button per
// row, narrowed by a status filter in the URL (`?status=pending|replied`). Reply opens 'ADD DETAILS' (Email prefilled with the sender's, Message, Send); after 'Sent
// Successfully' the row shows Replied.
import { useState } from 'react';
import { supportStatuses, type SupportRow } from '../../../../contract/support.js';
import { adminSupportText as t } from '../../../../contract/messages.js';
import { adminLists } from '../../../../contract/endpoints/listings.js';
import { ListingTable, type Column } from '../../../ui/listing/ListingTable.js';
import { useStatusFilter } from '../../../ui/listing/StatusFilter.js';
import listStyles from '../../../ui/listing/listing.module.css';
import { ReplyDialog } from './ReplyDialog.js';
import styles from './support.module.css';

export default function SupportPage() {
  const [replyTo, setReplyTo] = useState<SupportRow | null>(null);
  const { filter, query } = useStatusFilter(supportStatuses, {
    label: t.status,
    allLabel: t.allStatuses,
    labels: t.supportStatus,
  });
  const columns: Column<SupportRow>[] = [
    { header: t.name, sort: 'name', cell: (row) => row.name },
    { header: t.email, sort: 'email', cell: (row) => row.email },
    {
      header: t.message,
      cell: (row) => (
        <span className={`${listStyles.clamp} ${styles.messageCell}`} tabIndex={0}>
          {row.message}
        </span>
      ),
    },
    {
      header: t.status,
      sort: 'status',
      cell: (row) => <span className={`${styles.badge} ${styles[row.status]}`}>{t.supportStatus[row.status]}</span>,
      narrow: true,
    },
    {
      header: t.action,
      narrow: true,
      cell: (row) => (
        <div className={listStyles.rowActions}>
          <button type="button" className="btn" onClick={() => setReplyTo(row)} aria-label={t.replyTo(row.name)}>
            {t.reply}
          </button>
        </div>
      ),
    },
  ];
  return (
    <>
      <ListingTable
        title={t.supportTitle}
        endpoint={adminLists.support}
        columns={columns}
        rowKey={(row) => row._id}
        actions={filter}
        extraQuery={query}
      />
      {replyTo && <ReplyDialog message={replyTo} onClose={() => setReplyTo(null)} />}
    </>
  );
}
