// /userlisting: the customers.
import { adminSidebar } from '../../../../contract/messages.js';
import { api, routes } from '../../../../contract/paths.js';
import { MemberListing } from './MemberListing.js';

export default function UserListingPage() {
  return (
    <MemberListing
      title={adminSidebar.userListing}
      path={api.adminUsers}
      detailRoute={routes.userDetail}
      role="customer"
    />
  );
}
