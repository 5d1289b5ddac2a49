// /vendor: the providers (contractors). Active ones are shown to customers.
import { adminSidebar } from '../../../../contract/messages.js';
import { api, routes } from '../../../../contract/paths.js';
import { MemberListing } from './MemberListing.js';

export default function VendorPage() {
  return <MemberListing title={adminSidebar.contractorListing} path={api.adminVendors} detailRoute={routes.vendorDetail} />;
}
