// A catalogue list whose rows are added in a modal and deleted from the row (Banners, Offers): the
// table with its Action column (the delete icon, after the confirmation), the add button and the modal.
import type { UseMutationResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { Endpoint } from '../../../../contract/endpoint.js';
import { adminCatalogueText as t, notice } from '../../../../contract/messages.js';
import { ListingTable, type Column } from '../../../ui/listing/ListingTable.js';
import { DeleteButton, RowIcons } from '../../../ui/listing/RowActions.js';
import { useDeleteConfirm } from '../../../ui/listing/useDeleteConfirm.js';

interface AddDeleteListingProps<Row extends { _id: string; title: string }> {
  title: string;
  endpoint: Endpoint<undefined, Row[]>;
  /** The columns before Action. */
  columns: Column<Row>[];
  addLabel: string;
  remove: UseMutationResult<unknown, Error, string>;
  /** The add modal. */
  dialog(onClose: () => void): ReactNode;
}

export function AddDeleteListing<Row extends { _id: string; title: string }>({
  title,
  endpoint,
  columns,
  addLabel,
  remove,
  dialog,
}: AddDeleteListingProps<Row>) {
  const [adding, setAdding] = useState(false);
  const confirm = useDeleteConfirm(remove, notice.deleted);

  const action: Column<Row> = {
    header: t.action,
    narrow: true,
    cell: (row) => (
      <RowIcons>
        <DeleteButton label={t.deleteLabel(row.title)} onClick={() => confirm.ask(row._id, row.title)} />
      </RowIcons>
    ),
  };

  return (
    <>
      <ListingTable
        title={title}
        endpoint={endpoint}
        columns={[...columns, action]}
        rowKey={(row) => row._id}
        actions={
          <button type="button" className="btn" onClick={() => setAdding(true)}>
            {addLabel}
          </button>
        }
      />
      {adding && dialog(() => setAdding(false))}
      {confirm.dialog}
    </>
  );
}
