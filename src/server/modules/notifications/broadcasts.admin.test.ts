// GET /v1/admin/broadcasts/recipients: how many members the next broadcast reaches, the number
// /notification's 'Post Now' asks about; administrators only.
import { beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createMember, createProvider, signIn } from '../../test/factories.js';
import { bearer, expectRefused, withApp } from '../../test/harness.js';

const ctx = withApp();
let adminToken: string;

const recipients = (token: string | null) =>
  ctx.app.inject({
    method: 'GET',
    url: '/v1/admin/broadcasts/recipients',
    headers: token ? bearer(token) : {},
  });

beforeAll(async () => {
  adminToken = await signIn(ctx.db, (await createAdmin(ctx.db)).id);
});

describe('GET /v1/admin/broadcasts/recipients', () => {
  it('counts every customer and provider, not the administrators, and reaches exactly them', async () => {
    expect((await recipients(adminToken)).json()).toEqual({ status: 1, data: { members: 0 } });

    const customer = await createMember(ctx.db);
    // A provider not yet approved and a blocked customer still find the broadcast in their list.
    const pending = await createProvider(ctx.db, { status: '0' });
    await createMember(ctx.db, { isBlocked: true });
    await createAdmin(ctx.db);
    const res = await recipients(adminToken);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 1, data: { members: 3 } });

    // The broadcast sent now is in each member's list.
    await ctx.app.inject({
      method: 'POST',
      url: '/v1/transaction/sendDistributionNotification',
      headers: bearer(adminToken),
      payload: { message: 'Hello everyone' },
    });
    for (const member of [customer, pending]) {
      const list = await ctx.app.inject({
        method: 'GET',
        url: `/v1/services/notificationList/${member.id}`,
        headers: bearer(await signIn(ctx.db, member.id)),
      });
      expect(list.json().data.map((n: { message: string }) => n.message)).toEqual(['Hello everyone']);
    }
  });

  it('refuses an anonymous caller with 401, and a customer and a provider with 403', async () => {
    const anonymous = await recipients(null);
    expectRefused(anonymous, 401);
    for (const member of [await createMember(ctx.db), await createProvider(ctx.db)]) {
      const refused = await recipients(await signIn(ctx.db, member.id));
      expectRefused(refused, 403);
    }
  });

  it('is described in the OpenAPI document', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/docs/json' })).json();
    expect(doc.paths['/v1/admin/broadcasts/recipients'].get.responses).toHaveProperty('200');
  });
});
