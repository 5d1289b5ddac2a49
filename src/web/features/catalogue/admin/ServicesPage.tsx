// /services and /Services, 'Services Listing': Title (linked to the service's detail),
// Image, the providers offering it, and the edit and delete icons; Add Service and Edit modals.
// A deleted service is archived by the server: past bookings keep showing it.
import { useState } from 'react';
import { Link } from 'react-router';
import type { AdminService } from '../../../../contract/catalogue.js';
import { adminCatalogueText as t, adminConfirmText, notice } from '../../../../contract/messages.js';
import { adminLists } from '../../../../contract/endpoints/listings.js';
import { routes } from '../../../../contract/paths.js';
import { ListingTable, type Column } from '../../../ui/listing/ListingTable.js';
import { useDeleteService } from './api.js';
import { DeleteButton, EditButton, RowIcons } from '../../../ui/listing/RowActions.js';
import { imageColumn } from './Thumbnail.js';
import { ServiceDialog } from './ServiceDialog.js';
import { useDeleteConfirm } from '../../../ui/listing/useDeleteConfirm.js';

export default function ServicesPage() {
  // null: no modal; 'new': Add Service; a row: Edit.
  const [editing, setEditing] = useState<AdminService | 'new' | null>(null);
  // The old app alerts 'User deleted successfully' after a service delete; kept word for word.
  const confirm = useDeleteConfirm(useDeleteService(), notice.userDeleted, adminConfirmText.deleteService);

  const columns: Column<AdminService>[] = [
    {
      header: t.title,
      sort: 'title',
      cell: (row) => <Link to={`${routes.servicesDetailAdmin}?id=${row._id}`}>{row.title}</Link>,
    },
    imageColumn(),
    { header: t.providers, sort: 'providers', cell: (row) => row.providers, narrow: true },
    {
      header: t.action,
      narrow: true,
      cell: (row) => (
        <RowIcons>
          <EditButton label={t.editLabel(row.title)} onClick={() => setEditing(row)} />
          <DeleteButton label={t.deleteLabel(row.title)} onClick={() => confirm.ask(row._id, row.title)} />
        </RowIcons>
      ),
    },
  ];

  return (
    <>
      <ListingTable
        title={t.servicesTitle}
        endpoint={adminLists.services}
        columns={columns}
        rowKey={(row) => row._id}
        actions={
          <button type="button" className="btn" onClick={() => setEditing('new')}>
            {t.addService}
          </button>
        }
      />
      {editing && <ServiceDialog service={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {confirm.dialog}
    </>
  );
}
