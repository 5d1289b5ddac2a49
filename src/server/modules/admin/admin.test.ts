import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardErrors } from '../../../contract/admin.js';
import { serverError } from '../../../contract/messages.js';
import { supportMessages } from '../../db/schema.js';
import { bearer, createTestContext, type TestContext } from '../../test/harness.js';
import {
  createAdmin,
  createBooking,
  createDeposit,
  createMember,
  createOffer,
  createProvider,
  createSupportMessage,
  createTicket,
  createWithdrawal,
  signIn,
} from '../../test/factories.js';

let ctx: TestContext;
let adminToken: string;

/** As the admin unless another token is given; `null` calls without one. */
const dashboard = (query = '', token: string | null = adminToken) =>
  ctx.app.inject({ method: 'GET', url: `/v1/admin/dashboard${query}`, headers: token ? bearer(token) : {} });

const noWork = { withdrawRequests: 0, supportUnanswered: 0, ticketsInProgress: 0, providersAwaitingApproval: 0 };
const zeros = { totalRegisteredUsers: 0, totalAgents: 0, totalBusiness: 0, totalActiveCoupons: 0, queue: noWork };
/** After the data below: the Deactive provider (its profile complete, not blocked) waits for approval. */
const queue = { ...noWork, providersAwaitingApproval: 1 };

beforeAll(async () => {
  ctx = await createTestContext();
  const admin = await createAdmin(ctx.db);
  adminToken = await signIn(ctx.db, admin.id);
});
afterAll(async () => {
  await ctx?.close();
});

describe('GET /v1/admin/dashboard: who may call', () => {
  it('refuses an anonymous caller with 401', async () => {
    const res = await dashboard('', null);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ status: 0, requestId: expect.any(String), message: serverError.unauthorized });
  });

  it('refuses a member with 403, even with a bad range', async () => {
    const member = await createMember(ctx.db, { createdAt: new Date('2000-01-01T00:00:00Z') });
    const token = await signIn(ctx.db, member.id);
    for (const query of ['', '?startDate=2025-02-10&endDate=2025-02-01']) {
      const res = await dashboard(query, token);
      expect(res.statusCode, query).toBe(403);
      expect(res.json()).toEqual({ status: 0, requestId: expect.any(String), message: serverError.forbidden });
    }
  });
});

// The tests below share one database and run in order: the first sees it before any data.
describe('GET /v1/admin/dashboard: totals', () => {
  it('answers 0 for every total when there is nothing to count', async () => {
    // Only the member of the 403 test exists, created in 2000: outside this range.
    const res = await dashboard('?startDate=2025-01-01&endDate=2025-12-31');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 1, data: zeros });
  });

  describe('with data', () => {
    beforeAll(async () => {
      const db = ctx.db;
      const at = (iso: string) => new Date(iso);
      // Members: two in February 2025 (one in its last minutes), one just after, one before.
      const janCustomer = await createMember(db, { createdAt: at('2025-01-31T23:59:59Z') });
      const febCustomer = await createMember(db, { createdAt: at('2025-02-15T12:00:00Z') });
      await createMember(db, { createdAt: at('2025-02-28T23:59:00Z') });
      await createMember(db, { createdAt: at('2025-03-01T00:00:00Z') });
      // Providers in February: one counts as an agent; Deactive and blocked ones are members only.
      const agent = await createProvider(db, { createdAt: at('2025-02-01T00:00:00Z') });
      await createProvider(db, { status: '0', createdAt: at('2025-02-02T00:00:00Z') });
      await createProvider(db, { isBlocked: true, createdAt: at('2025-02-03T00:00:00Z') });
      // An agent from before the range.
      const oldAgent = await createProvider(db, { createdAt: at('2024-06-01T00:00:00Z') });

      // Bookings by their date: February counts unless cancelled or declined.
      const book = (
        date: string,
        status: Parameters<typeof createBooking>[1]['status'],
        chargesCents: number,
        providerId = agent.id,
      ) => createBooking(db, { customerId: febCustomer.id, providerId, date, status, chargesCents });
      await book('2025-02-01', 'requested', 1000);
      await book('2025-02-10', 'accepted', 2000);
      await book('2025-02-28', 'completed', 2500);
      await book('2025-02-20', 'cancelled', 9000);
      await book('2025-02-21', 'declined', 8000);
      await book('2025-01-31', 'completed', 700, oldAgent.id);
      await book('2025-03-01', 'completed', 300, oldAgent.id);
      await createBooking(db, {
        customerId: janCustomer.id,
        providerId: oldAgent.id,
        date: '2025-02-14',
        status: 'completed',
        chargesCents: 400,
      });

      await createOffer(db);
      await createOffer(db);
      await createOffer(db, { active: false });
    });

    it('counts a range of days, both ends included', async () => {
      const res = await dashboard('?startDate=2025-02-01&endDate=2025-02-28');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        status: 1,
        data: {
          // febCustomer, the 23:59 member, and the three February providers.
          totalRegisteredUsers: 5,
          totalAgents: 1,
          // 1000 + 2000 + 2500 + 400.
          totalBusiness: 5900,
          totalActiveCoupons: 2,
          queue,
        },
      });
    });

    it('counts everything without a range (admins are not members)', async () => {
      const res = await dashboard();
      expect(res.json()).toEqual({
        status: 1,
        data: {
          // 1 (the 403 test) + 4 customers + 4 providers.
          totalRegisteredUsers: 9,
          totalAgents: 2,
          totalBusiness: 1000 + 2000 + 2500 + 400 + 700 + 300,
          totalActiveCoupons: 2,
          queue,
        },
      });
    });

    it('takes one day, and an open end on either side', async () => {
      expect((await dashboard('?startDate=2025-03-01&endDate=2025-03-01')).json().data).toEqual({
        totalRegisteredUsers: 1,
        totalAgents: 0,
        totalBusiness: 300,
        totalActiveCoupons: 2,
        queue,
      });
      expect((await dashboard('?startDate=2025-02-28')).json().data).toEqual({
        totalRegisteredUsers: 2,
        totalAgents: 0,
        totalBusiness: 2500 + 300,
        totalActiveCoupons: 2,
        queue,
      });
      expect((await dashboard('?endDate=2025-01-31')).json().data).toEqual({
        totalRegisteredUsers: 3,
        totalAgents: 1,
        totalBusiness: 700,
        totalActiveCoupons: 2,
        queue,
      });
    });

    it('answers 0s, not nulls, for a range without activity', async () => {
      const res = await dashboard('?startDate=2030-01-01&endDate=2030-01-31');
      expect(res.json()).toEqual({ status: 1, data: { ...zeros, totalActiveCoupons: 2, queue } });
    });

    it('counts the work waiting now, whatever the range: withdrawals, unanswered messages, open tickets, providers to approve', async () => {
      const db = ctx.db;
      const member = await createMember(db);
      await createDeposit(db, member.id, 2000);
      await createWithdrawal(db, member.id, 1000);
      await createWithdrawal(db, member.id, 500, { status: '1' });
      await createSupportMessage(db);
      const replied = await createSupportMessage(db);
      await db.update(supportMessages).set({ status: 'replied' }).where(eq(supportMessages.id, replied.id));
      await createTicket(db, { userId: member.id });
      await createTicket(db, { userId: member.id, status: 'resolved' });
      // Blocked, or without a profile: not to approve.
      await createProvider(db, { status: '0', isBlocked: true });
      await createMember(db, { role: 'provider', status: '0' });
      const expected = {
        withdrawRequests: 1,
        supportUnanswered: 1,
        ticketsInProgress: 1,
        providersAwaitingApproval: 1,
      };
      expect((await dashboard()).json().data.queue).toEqual(expected);
      expect((await dashboard('?startDate=2030-01-01&endDate=2030-01-31')).json().data.queue).toEqual(expected);
    });
  });

  it('refuses an end date before the start date with 400', async () => {
    const res = await dashboard('?startDate=2025-02-10&endDate=2025-02-01');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      status: 0,
      requestId: expect.any(String),
      message: dashboardErrors.reversedRange,
      errors: { endDate: dashboardErrors.reversedRange },
    });
  });

  it('refuses dates that are not real or not yyyy-MM-dd', async () => {
    const notReal = await dashboard('?startDate=2025-02-30&endDate=2025-03-31');
    expect(notReal.statusCode).toBe(400);
    expect(notReal.json()).toMatchObject({
      status: 0,
      message: dashboardErrors.notADate,
      errors: { startDate: dashboardErrors.notADate },
    });

    const format = await dashboard('?startDate=01-02-2025');
    expect(format.statusCode).toBe(400);
    expect(format.json()).toMatchObject({ status: 0, message: 'Use the format yyyy-MM-dd' });
  });
});

describe('OpenAPI', () => {
  it('describes the dashboard as a bearer-protected route with its date range', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/docs/json' })).json();
    const op = doc.paths['/v1/admin/dashboard']?.get;
    expect(op?.tags).toEqual(['admin']);
    expect(op.security).toEqual([{ bearer: [] }]);
    expect(op.parameters.map((p: { name: string }) => p.name).sort()).toEqual(['endDate', 'startDate']);
  });
});
