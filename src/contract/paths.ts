// Web routes and API paths in one place, one module per domain in paths/ (a new domain is its module
// plus its line in each list here). Routes are matched case-insensitively by the router.
import * as admin from './paths/admin.js';
import * as auth from './paths/auth.js';
import * as bookings from './paths/bookings.js';
import * as catalogue from './paths/catalogue.js';
import * as content from './paths/content.js';
import * as favorites from './paths/favorites.js';
import * as members from './paths/members.js';
import * as messages from './paths/messages.js';
import * as notifications from './paths/notifications.js';
import * as providers from './paths/providers.js';
import * as support from './paths/support.js';
import * as wallet from './paths/wallet.js';
import type { PortalCity } from './places.js';

export { filterKeys, searchAreaKeys } from './paths/providers.js';

export const routes = {
  ...admin.routes,
  ...auth.routes,
  ...bookings.routes,
  ...catalogue.routes,
  ...content.routes,
  ...favorites.routes,
  ...members.routes,
  ...messages.routes,
  ...notifications.routes,
  ...providers.routes,
  ...support.routes,
  ...wallet.routes,
} as const;

/** API paths, relative to the `/v1` prefix. */
export const api = {
  prefix: '/v1',
  health: '/health',
  /** 200 when this instance can serve (database, migrations, job queue); 503 naming what is not. */
  ready: '/ready',
  ...admin.api,
  ...auth.api,
  ...bookings.api,
  ...catalogue.api,
  ...content.api,
  ...favorites.api,
  ...members.api,
  ...messages.api,
  ...notifications.api,
  ...providers.api,
  ...support.api,
  ...wallet.api,
} as const;

/** Fills `:name` segments of an API path: `fill(api.cancelBooking, { id })`. */
export function fill(path: string, params: Record<string, string>): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}

export const apiPath = (path: string) => `${api.prefix}${path}`;

/** The conversation with a member on /Messages_new (started there when there is none yet). */
export const conversationPath = (userId: string) => `${routes.messages}?with=${encodeURIComponent(userId)}`;

/** Where a provider opens: the booking page with its dialog (and the service it was found under). */
export function providerPath(providerId: string, serviceId?: string | null): string {
  const query = new URLSearchParams();
  if (serviceId) query.set('service', serviceId);
  query.set('provider', providerId);
  return `${routes.servicesBooking}?${query.toString()}`;
}

/** A title as words of a URL: 'Appliance Repair' → 'appliance-repair', 'Café' → 'cafe'. */
export function urlWords(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export const providerPagePath = (slug: string) => fill(routes.providerPage, { slug });

/**
 * Where a provider's card leads: its own page, or its dialog (under the service it was found
 * under) while the search refresh has not given it a slug yet.
 */
export const providerCardPath = (provider: { _id: string; slug: string | null }, serviceId?: string | null) =>
  provider.slug ? providerPagePath(provider.slug) : providerPath(provider._id, serviceId);

export const categoryCityPath = (categoryTitle: string, city: PortalCity) =>
  fill(routes.categoryCity, { category: urlWords(categoryTitle), city });

/** Where uploaded and seeded images are served from. */
export const uploadsPrefix = '/uploads/';
