// /userlisting: the customers.
import { adminSidebar } from '../../../../contract/messages.js';
import { adminLists } from '../../../../contract/endpoints/listings.js';
import { routes } from '../../../../contract/paths.js';
import { MemberListing } from './MemberListing.js';

export default function UserListingPage() {
  return (
    <MemberListing
      title={adminSidebar.userListing}
      endpoint={adminLists.customers}
      detailRoute={routes.userDetail}
      role="customer"
    />
  );
}
