// The back-office's notifications, administrators only: the broadcasts sent to every member
// (/notification), a page and its Excel export (platform/listing.ts), and how many members the
// next one reaches. Sending one is a wallet call (POST /transaction/sendDistributionNotification,
// wallet.admin.routes.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { failure, ok } from '../../../contract/common.js';
import { adminLists } from '../../../contract/endpoints/listings.js';
import { api } from '../../../contract/paths.js';
import { broadcastListQuery, broadcastRecipients, broadcastRow } from '../../../contract/support.js';
import { registerListing } from '../../platform/listing.js';
import { requireAdmin } from '../auth/auth.guard.js';
import { broadcastListing } from './broadcasts.admin.listing.js';
import { countBroadcastRecipients } from './notifications.service.js';

const tags = ['admin'];

export const notificationsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const adminOnly = requireAdmin();

  registerListing(app, {
    endpoint: adminLists.broadcasts,
    guard: adminOnly,
    listing: broadcastListing,
    query: broadcastListQuery,
    row: broadcastRow,
    tags,
    summary:
      'Broadcast notifications sent to every member (/notification), newest first, with the admin who sent each; q searches the text',
  });

  app.get(
    api.adminBroadcastRecipients,
    {
      onRequest: adminOnly,
      schema: {
        tags,
        security: [{ bearer: [] }],
        summary:
          "How many members a broadcast sent now reaches (every customer and provider): the number 'Post Now' asks about",
        response: { 200: ok(broadcastRecipients), 401: failure, 403: failure },
      },
    },
    async () => ({ status: 1 as const, data: { members: await countBroadcastRecipients(app.deps.database.db) } }),
  );
};
