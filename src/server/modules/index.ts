// Every domain's routes, registered under /v1 by app.ts in this order. A new domain is its own
// folder under modules/ plus its line here.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminRoutes } from './admin/admin.routes.js';
import { authRoutes } from './auth/auth.routes.js';
import { bookingsRoutes } from './bookings/bookings.routes.js';
import { jobsRoutes } from './bookings/jobs.routes.js';
import { catalogueRoutes } from './catalogue/catalogue.routes.js';
import { contentRoutes } from './content/content.routes.js';
import { favoritesRoutes } from './favorites/favorites.routes.js';
import { liveRoutes } from './live/live.routes.js';
import { membersRoutes } from './members/members.routes.js';
import { referralRoutes } from './members/referral.routes.js';
import { messagesRoutes } from './messages/messages.routes.js';
import { notificationsRoutes } from './notifications/notifications.routes.js';
import { placesRoutes } from './places/places.routes.js';
import { portalRoutes } from './providers/portal.routes.js';
import { providersRoutes } from './providers/providers.routes.js';
import { memberTicketsRoutes } from './support/member-tickets.routes.js';
import { supportRoutes } from './support/support.routes.js';
import { memberWalletRoutes } from './wallet/member-wallet.routes.js';
import { walletRoutes } from './wallet/wallet.routes.js';

export const domainRoutes: readonly FastifyPluginAsyncZod[] = [
  authRoutes,
  catalogueRoutes,
  contentRoutes,
  supportRoutes,
  memberTicketsRoutes,
  providersRoutes,
  portalRoutes,
  favoritesRoutes,
  bookingsRoutes,
  jobsRoutes,
  placesRoutes,
  messagesRoutes,
  notificationsRoutes,
  liveRoutes,
  membersRoutes,
  referralRoutes,
  adminRoutes,
  walletRoutes,
  memberWalletRoutes,
];
