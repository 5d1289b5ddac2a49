// The back-office's notifications, administrators only: the broadcasts sent to every member
// (/notification), a page and its Excel export (platform/listing.ts). Sending one is a wallet
// call (POST /transaction/sendDistributionNotification, wallet.admin.routes.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { api } from '../../../contract/paths.js';
import { broadcastListQuery, broadcastRow } from '../../../contract/support.js';
import { registerListing } from '../../platform/listing.js';
import { requireAdmin } from '../auth/auth.guard.js';
import { broadcastListing } from './broadcasts.admin.listing.js';

export const notificationsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  registerListing(app, {
    path: api.adminBroadcasts,
    guard: requireAdmin(),
    listing: broadcastListing,
    query: broadcastListQuery,
    row: broadcastRow,
    tags: ['admin'],
    summary:
      'Broadcast notifications sent to every member (/notification), newest first, with the admin who sent each; q searches the text',
  });
};
