// The registry spreads every domain's paths into `routes` and `api`; a key defined by two domains
// would silently keep only the last one, so every key must have one owner.
import { describe, expect, it } from 'vitest';
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
import { api, routes } from './paths.js';

const domains = {
  admin,
  auth,
  bookings,
  catalogue,
  content,
  favorites,
  members,
  messages,
  notifications,
  providers,
  support,
  wallet,
};

describe.each(['routes', 'api'] as const)('%s', (kind) => {
  const owners = Object.entries(domains).flatMap(([name, paths]) =>
    Object.keys(paths[kind]).map((key): [string, string] => [key, name]),
  );
  const registry: Record<string, string> = kind === 'routes' ? routes : api;

  it('has one owner for every key', () => {
    const seen = new Map<string, string[]>();
    for (const [key, name] of owners) seen.set(key, [...(seen.get(key) ?? []), name]);
    expect([...seen].filter(([, names]) => names.length > 1)).toEqual([]);
  });

  it('registers every domain', () => {
    for (const [key] of owners) expect(registry[key], key).toBeDefined();
  });
});
