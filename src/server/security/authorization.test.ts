// The authorization matrix: every operation of the OpenAPI document, called by every kind of
// caller with a plausible valid request whose ids point at one customer's fixtures. The table
// below says, for each `METHOD path`, who may call it; a route added without a row, or a row left
// behind by a removed route, fails the suite. A caller who may not call an operation is refused
// (401 anonymous, 403 or 404 signed in) and never served; a caller who may is never told 401 or
// 403; nobody ever gets a 5xx.
import { readdir } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import type { Endpoint } from '../../contract/endpoint.js';
import { refusalStatus } from '../../contract/errors.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { clientAddress, createTestContext, type TestContext } from '../test/harness.js';
import {
  buildWorld,
  callers,
  headersOf,
  operationsOf,
  planOf,
  send,
  type Caller,
  type Operation,
  type World,
} from '../test/attack.js';

/** The refusals (`refusalStatus`) each operation documents, as `status code`, sorted. */
function refusalsDocumented(app: TestContext['app']): Map<string, string[]> {
  type Schema = { properties?: { code?: { enum?: string[] } } };
  const doc = app.swagger() as unknown as {
    paths: Record<
      string,
      Record<string, { responses?: Record<string, { content?: Record<string, { schema?: Schema }> }> }>
    >;
  };
  const found = new Map<string, string[]>();
  for (const [path, item] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(item)) {
      const refusals = Object.entries(op.responses ?? {}).flatMap(([status, response]) =>
        (response.content?.['application/json']?.schema?.properties?.code?.enum ?? [])
          .filter((code) => code in refusalStatus)
          .map((code) => `${status} ${code}`),
      );
      if (refusals.length) found.set(`${method.toUpperCase()} ${path}`, refusals.sort());
    }
  return found;
}

/**
 * public: anyone, signed in or not. dev: anyone, and only outside production (the outbox, a
 * booking's time passing).
 * signed-in: any session, administrators included. member: customers and providers.
 * customer / provider / admin: that role. self: the owner of the fixtures the request names (the
 * customer whose booking, ticket, thread or list it is). booking-provider: the provider of the
 * owner's booking, on that booking.
 */
type Access =
  'public' | 'dev' | 'signed-in' | 'member' | 'customer' | 'provider' | 'admin' | 'self' | 'booking-provider';

const allowedBy: Record<Access, readonly Caller[]> = {
  public: callers,
  dev: callers,
  'signed-in': ['owner', 'otherMember', 'provider', 'otherProvider', 'admin'],
  member: ['owner', 'otherMember', 'provider', 'otherProvider'],
  customer: ['owner', 'otherMember'],
  provider: ['provider', 'otherProvider'],
  admin: ['admin'],
  self: ['owner'],
  'booking-provider': ['provider'],
};

/** Who may call each operation; read from the route's guard and the ownership checks of its service. */
const table: Record<string, Access | Access[]> = {
  'GET /v1/health': 'public',
  'GET /v1/ready': 'public',
  'POST /v1/members/signup': 'public',
  'POST /v1/auth/verify-otp': 'public',
  'POST /v1/user/login/send-otp': 'public',
  'POST /v1/members/login': 'public',
  'POST /v1/auth/adminlogin': 'public',
  'POST /v1/auth/admin/forgot-password': 'public',
  'POST /v1/auth/admin/reset-password': 'public',
  'POST /v1/auth/admin/second-step': 'public',
  'POST /v1/auth/phone/send-code': 'member',
  'POST /v1/auth/contact/change': 'member',
  'POST /v1/auth/contact/confirm': 'member',
  'POST /v1/auth/phone/verify': 'member',
  'GET /v1/admin/totp': 'admin',
  'POST /v1/admin/totp/setup': 'admin',
  'POST /v1/admin/totp/enable': 'admin',
  'POST /v1/admin/totp/disable': 'admin',
  'POST /v1/admin/totp/recovery-codes': 'admin',
  'POST /v1/auth/register': 'public',
  'POST /v1/auth/send-verify-otp': 'public',
  'POST /v1/auth/verify-email': 'public',
  'POST /v1/auth/login': 'public',
  'POST /v1/ForgotPassword': 'public',
  'POST /v1/auth/verify-reset-otp': 'public',
  'POST /v1/auth/reset-password': 'public',
  'POST /v1/auth/logout': 'signed-in',
  'GET /v1/auth/me': 'signed-in',
  'GET /v1/dev/outbox': 'dev',
  'POST /v1/dev/bookings/{id}/elapse': 'dev',
  'POST /v1/dev/payments/settle': 'dev',
  'POST /v1/services/service': 'admin',
  'POST /v1/services/updateservice': 'admin',
  'GET /v1/services/deleteservice/{id}': 'admin',
  'GET /v1/admin/services/{id}': 'admin',
  'GET /v1/admin/services/{id}/trade-words': 'admin',
  'POST /v1/admin/services/{id}/trade-words': 'admin',
  'DELETE /v1/admin/services/{id}/trade-words': 'admin',
  'POST /v1/services/banner': 'admin',
  'GET /v1/services/deletebanner/{id}': 'admin',
  'POST /v1/services/offer': 'admin',
  'GET /v1/services/deleteoffer/{id}': 'admin',
  'GET /v1/services/servicelisting': 'public',
  'GET /v1/services/offerListing': 'public',
  'GET /v1/services/topserviceprovider': 'public',
  'GET /v1/services/faq': 'public',
  'GET /v1/services/termsCondition': 'public',
  'GET /v1/services/privacyPolicy': 'public',
  'POST /v1/services/addfaq': 'admin',
  'POST /v1/services/updatefaq': 'admin',
  'GET /v1/services/deletefaq/{id}': 'admin',
  'POST /v1/admin/content/{key}': 'admin',
  'POST /v1/services/contact': 'public',
  'POST /v1/services/replayback': 'admin',
  'GET /v1/admin/tickets/{id}': 'admin',
  'GET /v1/admin/tickets/{id}/replies': 'admin',
  'POST /v1/admin/tickets/{id}/reply': 'admin',
  'POST /v1/admin/tickets/{id}/resolve': 'admin',
  'GET /v1/services/search': 'public',
  'GET /v1/services/suggest': 'public',
  'POST /v1/services/searchrecord': 'self',
  'GET /v1/services/serviceUserList/{serviceId}': 'public',
  'GET /v1/services/provider/{id}': 'public',
  'GET /v1/services/getUserRating/{id}': 'public',
  'GET /v1/providers/page/{slug}': 'public',
  'GET /v1/providers/{id}/serves': 'public',
  'POST /v1/services/checkfavorite': 'self',
  'POST /v1/services/addasfavorite': 'self',
  'POST /v1/services/favoritelisting': 'self',
  'GET /v1/services/removeasfavorite/{id}': 'self',
  'GET /v1/services/availableSlots/{providerId}': 'public',
  'POST /v1/services/addbooking': ['self', 'admin'],
  'GET /v1/services/ongoingBookingList/{userId}': 'self',
  'GET /v1/services/previousBookingList/{userId}': 'self',
  'GET /v1/services/deletebooking/{id}': 'self',
  'POST /v1/services/reschedulebooking': 'self',
  'POST /v1/services/addrating': 'self',
  'GET /v1/places/autocomplete': 'member',
  'GET /v1/places/search': 'public',
  'POST /v1/services/sendMessage': 'self',
  'GET /v1/services/messageList/{userId}': 'self',
  'POST /v1/services/messageListDetail': 'self',
  'GET /v1/messages/contacts': 'member',
  'GET /v1/messages/unread': 'member',
  'GET /v1/services/notificationList/{userId}': 'self',
  'GET /v1/services/notifications/unread': 'member',
  'POST /v1/services/notifications/read': 'member',
  'GET /v1/live': 'member',
  'GET /v1/members/getmemberlisting/{userId}': 'self',
  'POST /v1/members/updateprofile': 'member',
  'PUT /v1/members/location': 'member',
  'GET /v1/members/addresses': 'member',
  'POST /v1/members/addresses': 'member',
  'DELETE /v1/members/addresses/{id}': 'self',
  'POST /v1/members/profileimage': 'member',
  'GET /v1/admin/dashboard': 'admin',
  'GET /v1/admin/users': 'admin',
  'GET /v1/admin/users/export': 'admin',
  'GET /v1/admin/vendors': 'admin',
  'GET /v1/admin/vendors/export': 'admin',
  'POST /v1/users/adminAddVendor': 'admin',
  'GET /v1/admin/bookings': 'admin',
  'GET /v1/admin/bookings/export': 'admin',
  'GET /v1/admin/ratings': 'admin',
  'GET /v1/admin/ratings/export': 'admin',
  'GET /v1/transaction/adminReferralListing': 'admin',
  'GET /v1/transaction/adminReferralListing/export': 'admin',
  'POST /v1/admin/ratings/hide': 'admin',
  'POST /v1/admin/bookings/{id}/refund': 'admin',
  'GET /v1/admin/vendors/{id}': 'admin',
  'GET /v1/admin/services': 'admin',
  'GET /v1/admin/services/export': 'admin',
  'GET /v1/admin/services/providers': 'admin',
  'GET /v1/admin/services/providers/export': 'admin',
  'GET /v1/admin/banners': 'admin',
  'GET /v1/admin/banners/export': 'admin',
  'GET /v1/admin/offers': 'admin',
  'GET /v1/admin/offers/export': 'admin',
  'GET /v1/admin/support': 'admin',
  'GET /v1/admin/support/export': 'admin',
  'GET /v1/users/adminticketsListing': 'admin',
  'GET /v1/users/adminticketsListing/export': 'admin',
  'GET /v1/admin/broadcasts': 'admin',
  'GET /v1/admin/broadcasts/export': 'admin',
  'GET /v1/admin/broadcasts/recipients': 'admin',
  'GET /v1/admin/faqs': 'admin',
  'GET /v1/admin/faqs/export': 'admin',
  'GET /v1/transaction/riskCategories': 'admin',
  'GET /v1/transaction/userAllDetail/{id}': 'admin',
  'GET /v1/transaction/userTransactions/{id}': 'admin',
  'GET /v1/transaction/userTickets/{id}': 'admin',
  'POST /v1/transaction/addBalanceToUser': 'admin',
  'GET /v1/transaction/unapprovedTransactionList': 'admin',
  'GET /v1/transaction/unapprovedTransactionList/export': 'admin',
  'POST /v1/transaction/initiateAdminWithdrawRequest': 'admin',
  'POST /v1/transaction/cancelWithdrawRequest': 'admin',
  'POST /v1/transaction/blockUser': 'admin',
  'POST /v1/services/updateUserStatus': 'admin',
  'POST /v1/transaction/calculatePercentage': 'admin',
  'POST /v1/transaction/adminDistribution': 'admin',
  'POST /v1/transaction/sendDistributionNotification': 'admin',
  'GET /v1/provider/jobs': 'provider',
  'GET /v1/provider/jobs/counts': 'provider',
  'GET /v1/provider/home': 'provider',
  'POST /v1/provider/jobs/{id}/{action}': 'booking-provider',
  'GET /v1/provider/prices': 'provider',
  'PUT /v1/provider/prices': 'provider',
  'GET /v1/providers/{id}/prices': 'public',
  'GET /v1/services/terms': 'public',
  'GET /v1/bookings/{id}': ['self', 'booking-provider', 'admin'],
  'GET /v1/bookings/{id}/calendar.ics': ['self', 'booking-provider', 'admin'],
  'GET /v1/admin/settings': 'admin',
  'PUT /v1/admin/settings': 'admin',
  'GET /v1/admin/vendors/{id}/prices': 'admin',
  'PUT /v1/admin/vendors/{id}/prices': 'admin',
  'GET /v1/provider/profile': 'provider',
  'PUT /v1/provider/profile': 'provider',
  'GET /v1/provider/schedule': 'provider',
  'PUT /v1/provider/schedule': 'provider',
  'POST /v1/provider/schedule/daysoff': 'provider',
  'DELETE /v1/provider/schedule/daysoff/{day}': 'provider',
  'GET /v1/provider/calendar': 'provider',
  'POST /v1/provider/calendar/blocks': 'provider',
  'DELETE /v1/provider/calendar/blocks/{id}': 'provider',
  'GET /v1/provider/earnings': 'provider',
  'GET /v1/provider/earnings/jobs': 'provider',
  'GET /v1/provider/payouts': 'provider',
  'POST /v1/provider/payouts/connect': 'provider',
  'GET /v1/wallet/me': 'member',
  'GET /v1/wallet/me/transactions': 'member',
  'POST /v1/wallet/invest': 'member',
  'POST /v1/wallet/divest': 'member',
  'POST /v1/wallet/withdraw': 'member',
  'POST /v1/wallet/topups': 'member',
  'GET /v1/wallet/topups/{id}': 'self',
  'GET /v1/payments/options': 'public',
  'POST /v1/payments/stripe/webhook': 'public',
  'POST /v1/tickets': 'member',
  'GET /v1/tickets/mine': 'member',
  'GET /v1/tickets/{id}': 'self',
  'GET /v1/tickets/{id}/replies': 'self',
  'POST /v1/tickets/{id}/reply': 'self',
  'GET /v1/members/referral': 'member',
};

const allowedCallers = (access: Access | Access[]) => new Set([access].flat().flatMap((a) => allowedBy[a]));

describe('authorization matrix', () => {
  let ctx: TestContext;
  let world: World;
  let operations: Map<string, Operation>;
  let streamBase: string;
  const statuses = new Map<number, number>();
  let requests = 0;

  beforeAll(async () => {
    ctx = await createTestContext();
    world = await buildWorld(ctx.db);
    operations = new Map(operationsOf(ctx.app).map((op) => [op.key, op]));
    // The live stream never ends on its own: it is read over a socket and dropped after its headers.
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    streamBase = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    const byClass: Record<string, number> = {};
    for (const [status, count] of statuses) {
      if (status >= 200 && status < 300) continue;
      const name = status >= 500 ? '5xx' : String(status);
      byClass[name] = (byClass[name] ?? 0) + count;
    }
    console.log(
      `authorization matrix: ${operations?.size ?? 0} operations, ${callers.length} callers, ${requests} requests, ` +
        `non-2xx by status ${JSON.stringify(byClass)}`,
    );
    await ctx?.close();
  });

  test('the table has one row per operation of the OpenAPI document, and no row for an operation that is gone', () => {
    const withoutRow = [...operations.keys()].filter((key) => !(key in table));
    const withoutOperation = Object.keys(table).filter((key) => !operations.has(key));
    // A new route needs a decision about who may call it; a removed one takes its row along.
    expect({ withoutRow, withoutOperation }).toEqual({ withoutRow: [], withoutOperation: [] });
  });

  test('every entry of the web’s endpoint table is a documented operation, named once, marked admin exactly when only admins may call it, documenting exactly its refusals', async () => {
    const folder = new URL('../../contract/endpoints/', import.meta.url);
    const problems: string[] = [];
    const documented = refusalsDocumented(ctx.app);
    /** One entry per operation: two names for one call would drift apart. */
    const seen = new Map<string, string>();
    for (const file of (await readdir(folder)).filter((name) => name.endsWith('.ts'))) {
      const module = (await import(new URL(file, folder).href)) as Record<
        string,
        Record<string, Endpoint<unknown, unknown>>
      >;
      for (const [group, endpoints] of Object.entries(module)) {
        for (const [name, endpoint] of Object.entries(endpoints)) {
          const key = `${endpoint.method} /v1${endpoint.path.replace(/:(\w+)/g, '{$1}')}`;
          const where = `${file} ${group}.${name} (${key})`;
          if (!operations.has(key)) problems.push(`${where}: no such operation`);
          else if (seen.has(key)) problems.push(`${where}: also ${seen.get(key)}`);
          else if (Boolean(endpoint.admin) !== (table[key] === 'admin')) problems.push(`${where}: admin mark is wrong`);
          const listed = (endpoint.refusals ?? []).map((refusal) => `${refusalStatus[refusal]} ${refusal}`).sort();
          if (operations.has(key) && listed.join() !== (documented.get(key) ?? []).join())
            problems.push(
              `${where}: refuses with ${listed.join(', ') || 'nothing'}, documents ${documented.get(key)?.join(', ') || 'nothing'}`,
            );
          documented.delete(key);
          seen.set(key, `${file} ${group}.${name}`);
        }
      }
    }
    // An operation without an entry may only answer its statuses' own codes.
    for (const [key, refusals] of documented) problems.push(`${key}: documents ${refusals.join(', ')} with no entry`);
    expect(problems).toEqual([]);
  });

  test.each(Object.entries(table))('%s', async (key, access) => {
    const op = operations.get(key);
    if (!op) return; // reported by the test above
    const allowed = allowedCallers(access);
    // The refused go first: an allowed call may change what the others would see (a cancelled booking).
    const order = [...callers.filter((c) => !allowed.has(c)), ...callers.filter((c) => allowed.has(c))];
    const problems: string[] = [];
    for (const caller of order) {
      const plan = planOf(op, world, caller);
      const answer = await send(ctx.app, op, plan, await headersOf(world, caller), clientAddress(), streamBase);
      requests += 1;
      const status = answer.statusCode;
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      const what = `${caller} got ${status} ${answer.body.slice(0, 160)}`;
      if (status >= 500) problems.push(`${what} (server error)`);
      else if (allowed.has(caller)) {
        if (status === 401 || status === 403) problems.push(`${what} (may call it)`);
      } else if (caller === 'anonymous') {
        if (status !== 401) problems.push(`${what} (expected 401)`);
      } else if (status !== 403 && status !== 404) {
        problems.push(`${what} (expected 403 or 404)`);
      }
    }
    expect(problems).toEqual([]);
  });
});
