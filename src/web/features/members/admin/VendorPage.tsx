// /vendor: the providers (the Contractor Listing). Active ones are shown to customers. Add Provider opens an
// account that starts Deactive (POST /users/adminAddVendor).
import { useState } from 'react';
import { adminSidebar, adminVendorText } from '../../../../contract/messages.js';
import { adminLists } from '../../../../contract/endpoints/listings.js';
import { routes } from '../../../../contract/paths.js';
import { VendorDialog } from '../../providers/index.js';
import { MemberListing } from './MemberListing.js';

export default function VendorPage() {
  const [adding, setAdding] = useState(false);
  return (
    <>
      <MemberListing
        title={adminSidebar.contractorListing}
        endpoint={adminLists.providers}
        detailRoute={routes.vendorDetail}
        role="provider"
        actions={
          <button type="button" className="btn" onClick={() => setAdding(true)}>
            {adminVendorText.addContractor}
          </button>
        }
      />
      {adding && <VendorDialog onClose={() => setAdding(false)} />}
    </>
  );
}
