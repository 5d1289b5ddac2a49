// /faq for an administrator (admin.md §2, §4): the 'Common Questions' table (#, Title, About,
// Action with edit and delete icons), 'Add New', Export to Excel, the add and edit modals, and
// delete after the confirmation ('User deleted successfully', admin.md §8). The list reloads in
// place after each change, and the public FAQ with it.
import { useState } from 'react';
import type { FaqRow } from '../../../../contract/content.js';
import { adminContentText as c, adminListText, notice } from '../../../../contract/messages.js';
import { api } from '../../../../contract/paths.js';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.js';
import { useToast } from '../../../ui/toast.js';
import { ListingTable, type Column } from '../listing/ListingTable.js';
import { useDeleteFaq } from './api.js';
import styles from './content.module.css';
import { FaqDialog } from './FaqDialog.js';
import { DeleteIcon, EditIcon } from './icons.js';

export default function FaqAdminPage() {
  const toast = useToast();
  const remove = useDeleteFaq();
  /** The FAQ in the edit modal; null: the add modal; undefined: no modal. */
  const [editing, setEditing] = useState<FaqRow | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<FaqRow | null>(null);

  const onDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting._id, {
      onSuccess: () => toast.success(notice.userDeleted),
      onError: (error) => toast.error(error.message),
      onSettled: () => setDeleting(null),
    });
  };

  const columns: Column<FaqRow>[] = [
    { header: adminListText.number, cell: (_row, number) => number, narrow: true },
    { header: c.title, sort: 'title', cell: (row) => <span className={styles.titleCell}>{row.title}</span> },
    { header: c.about, cell: (row) => <span className={styles.clamp}>{row.about}</span> },
    {
      header: adminListText.action,
      narrow: true,
      cell: (row) => (
        <div className={styles.iconButtons}>
          <button type="button" className={`${styles.iconButton} ${styles.danger}`} onClick={() => setDeleting(row)} aria-label={c.deleteLabel(row.title)} title={adminListText.delete}>
            <DeleteIcon />
          </button>
          <button type="button" className={styles.iconButton} onClick={() => setEditing(row)} aria-label={c.editLabel(row.title)} title={adminListText.edit}>
            <EditIcon />
          </button>
        </div>
      ),
    },
  ];

  return (
    <>
      <ListingTable
        title={c.commonQuestions}
        path={api.adminFaqs}
        columns={columns}
        rowKey={(row) => row._id}
        actions={
          <button type="button" className="btn" onClick={() => setEditing(null)}>
            {c.addNew}
          </button>
        }
      />
      {editing !== undefined && <FaqDialog faq={editing} onClose={() => setEditing(undefined)} />}
      <ConfirmDialog open={deleting !== null} onConfirm={onDelete} onCancel={() => setDeleting(null)} busy={remove.isPending} />
    </>
  );
}
