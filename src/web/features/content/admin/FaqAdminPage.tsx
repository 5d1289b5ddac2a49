// /faq for an administrator: the 'Common Questions' table (#, Title, About,
// Action with edit and delete icons), 'Add New', Export to Excel, the add and edit modals, and
// delete after the confirmation ('User deleted successfully'). The list reloads in
// place after each change, and the public FAQ with it.
import { useState } from 'react';
import type { FaqRow } from '../../../../contract/content.js';
import { adminContentText as c, adminListText, notice } from '../../../../contract/messages.js';
import { adminLists } from '../../../../contract/endpoints/listings.js';
import { ListingTable, type Column } from '../../../ui/listing/ListingTable.js';
import listStyles from '../../../ui/listing/listing.module.css';
import { DeleteButton, EditButton, RowIcons } from '../../../ui/listing/RowActions.js';
import { useDeleteConfirm } from '../../../ui/listing/useDeleteConfirm.js';
import { useDeleteFaq } from './api.js';
import styles from './content.module.css';
import { FaqDialog } from './FaqDialog.js';

export default function FaqAdminPage() {
  // 'User deleted successfully' follows a FAQ delete, as it does a service delete (the old app's words).
  const confirm = useDeleteConfirm(useDeleteFaq(), notice.userDeleted);
  /** The FAQ in the edit modal; null: the add modal; undefined: no modal. */
  const [editing, setEditing] = useState<FaqRow | null | undefined>(undefined);

  const columns: Column<FaqRow>[] = [
    { header: adminListText.number, cell: (_row, number) => number, narrow: true },
    { header: c.title, sort: 'title', cell: (row) => <span className={styles.titleCell}>{row.title}</span> },
    {
      header: c.about,
      cell: (row) => (
        <span className={`${listStyles.clamp} ${styles.aboutCell}`} tabIndex={0}>
          {row.about}
        </span>
      ),
    },
    {
      header: adminListText.action,
      narrow: true,
      cell: (row) => (
        <RowIcons>
          <DeleteButton label={c.deleteLabel(row.title)} onClick={() => confirm.ask(row._id, row.title)} />
          <EditButton label={c.editLabel(row.title)} onClick={() => setEditing(row)} />
        </RowIcons>
      ),
    },
  ];

  return (
    <>
      <ListingTable
        title={c.commonQuestions}
        endpoint={adminLists.faqs}
        columns={columns}
        rowKey={(row) => row._id}
        actions={
          <button type="button" className="btn" onClick={() => setEditing(null)}>
            {c.addNew}
          </button>
        }
      />
      {editing !== undefined && <FaqDialog faq={editing} onClose={() => setEditing(undefined)} />}
      {confirm.dialog}
    </>
  );
}
