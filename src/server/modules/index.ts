// Every routes plugin, registered under /v1 by app.ts in this order. A domain is its own folder
// under modules/, holding its routes for every persona: `<subject>.routes.ts` for members and the
// public, `<subject>.portal.routes.ts` for the provider's portal, `<subject>.admin.routes.ts` for
// the back-office; each plugin has its line here. admin/ is the back-office's own domain (the
// dashboard).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminRoutes } from './admin/admin.routes.js';
import { authRoutes } from './auth/auth.routes.js';
import { totpAdminRoutes } from './auth/totp.admin.routes.js';
import { bookingsAdminRoutes } from './bookings/bookings.admin.routes.js';
import { bookingsRoutes } from './bookings/bookings.routes.js';
import { checkoutAdminRoutes } from './bookings/checkout.admin.routes.js';
import { checkoutPortalRoutes } from './bookings/checkout.portal.routes.js';
import { checkoutRoutes } from './bookings/checkout.routes.js';
import { jobsPortalRoutes } from './bookings/jobs.portal.routes.js';
import { catalogueAdminRoutes } from './catalogue/catalogue.admin.routes.js';
import { catalogueRoutes } from './catalogue/catalogue.routes.js';
import { contentAdminRoutes } from './content/content.admin.routes.js';
import { contentRoutes } from './content/content.routes.js';
import { favoritesRoutes } from './favorites/favorites.routes.js';
import { liveRoutes } from './live/live.routes.js';
import { membersAdminRoutes } from './members/members.admin.routes.js';
import { addressesRoutes } from './members/addresses.routes.js';
import { membersRoutes } from './members/members.routes.js';
import { referralRoutes } from './members/referral.routes.js';
import { messagesRoutes } from './messages/messages.routes.js';
import { notificationsAdminRoutes } from './notifications/notifications.admin.routes.js';
import { notificationsRoutes } from './notifications/notifications.routes.js';
import { placesRoutes } from './places/places.routes.js';
import { providersAdminRoutes } from './providers/providers.admin.routes.js';
import { providersPortalRoutes } from './providers/providers.portal.routes.js';
import { providersRoutes } from './providers/providers.routes.js';
import { supportAdminRoutes } from './support/support.admin.routes.js';
import { supportRoutes } from './support/support.routes.js';
import { ticketsRoutes } from './support/tickets.routes.js';
import { walletAdminRoutes } from './wallet/wallet.admin.routes.js';
import { cardRoutes } from './wallet/wallet.cards.routes.js';
import { walletRoutes } from './wallet/wallet.routes.js';

export const domainRoutes: readonly FastifyPluginAsyncZod[] = [
  authRoutes,
  totpAdminRoutes,
  catalogueRoutes,
  catalogueAdminRoutes,
  contentRoutes,
  contentAdminRoutes,
  supportRoutes,
  ticketsRoutes,
  supportAdminRoutes,
  providersRoutes,
  providersPortalRoutes,
  providersAdminRoutes,
  favoritesRoutes,
  bookingsRoutes,
  jobsPortalRoutes,
  bookingsAdminRoutes,
  checkoutRoutes,
  checkoutPortalRoutes,
  checkoutAdminRoutes,
  placesRoutes,
  messagesRoutes,
  notificationsRoutes,
  notificationsAdminRoutes,
  liveRoutes,
  membersRoutes,
  addressesRoutes,
  referralRoutes,
  membersAdminRoutes,
  adminRoutes,
  walletAdminRoutes,
  walletRoutes,
  cardRoutes,
];
