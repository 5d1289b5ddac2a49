// The back-office's member lists, administrators only: customers (/userlisting), providers
// (/vendor) and referrals (/referral), each a page and its Excel export (platform/listing.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { customerListQuery, memberRow, vendorListQuery } from '../../../contract/admin.js';
import { adminLists } from '../../../contract/endpoints/listings.js';
import { referralListQuery, referralRow } from '../../../contract/referrals.js';
import { registerListing } from '../../platform/listing.js';
import { requireAdmin } from '../auth/auth.guard.js';
import { customerListing, providerListing } from './members.admin.listing.js';
import { referralListing } from './referrals.admin.listing.js';

const tags = ['admin'];

export const membersAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = requireAdmin();

  registerListing(app, {
    endpoint: adminLists.customers,
    guard,
    listing: customerListing,
    query: customerListQuery,
    row: memberRow,
    tags,
    summary: "Customers (/userlisting), newest first; q searches name, email and phone; status '1' or '0' narrows",
  });
  registerListing(app, {
    endpoint: adminLists.providers,
    guard,
    listing: providerListing,
    query: vendorListQuery,
    row: memberRow,
    tags,
    summary:
      "Providers (/vendor), newest first; q searches name, email and phone; status '1', '0' or 'awaiting' (Deactive, not blocked, profile complete: to approve) narrows",
  });
  registerListing(app, {
    endpoint: adminLists.referrals,
    guard,
    listing: referralListing,
    query: referralListQuery,
    row: referralRow,
    tags,
    summary:
      'Referrals (/referral): who referred (referBy), who joined (first_referral), whom that member referred (second_referral), newest first; q searches every email',
  });
};
