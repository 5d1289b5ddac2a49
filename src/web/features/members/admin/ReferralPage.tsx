// /referral (GET /transaction/adminReferralListing): User (who referred),
// First Connection (who joined with that code), Second Connection (whom they referred in turn)
// and Join Date, searched and sorted on the server, exportable.
import type { ReferralRow } from '../../../../contract/referrals.js';
import { adminBookingText as t, adminSidebar } from '../../../../contract/messages.js';
import { adminLists } from '../../../../contract/endpoints/listings.js';
import { shortDate } from '../../../lib/dates.js';
import { ListingTable, type Column } from '../../../ui/listing/ListingTable.js';

const who = (person: ReferralRow['referBy']) => person.email ?? person.name;

const columns: Column<ReferralRow>[] = [
  { header: t.user, sort: 'user', cell: (row) => who(row.referBy) },
  { header: t.firstConnection, sort: 'first', cell: (row) => who(row.first_referral) },
  {
    header: t.secondConnection,
    cell: (row) => (row.second_referral.length ? row.second_referral.map(who).join(', ') : t.none),
  },
  { header: t.joinDate, sort: 'joined', cell: (row) => shortDate(row.createdAt), narrow: true },
];

export default function ReferralPage() {
  return (
    <ListingTable
      title={adminSidebar.referral}
      endpoint={adminLists.referrals}
      columns={columns}
      rowKey={(row) => row._id}
    />
  );
}
