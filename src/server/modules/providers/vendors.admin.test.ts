// POST /v1/users/adminAddVendor: the admin adds a contractor or corrects one.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminVendorText, serverError, validation } from '../../../contract/messages.js';
import { users } from '../../db/schema.js';
import { createAdmin, createMember, createProvider, signIn } from '../../test/factories.js';
import { bearer, expectFailure, expectRefused, withApp } from '../../test/harness.js';

const ctx = withApp();
let adminToken: string;
let memberToken: string;

const save = (payload: Record<string, unknown>, token: string | null = adminToken) =>
  ctx.app.inject({ method: 'POST', url: '/v1//users/adminAddVendor', payload, headers: token ? bearer(token) : {} });

beforeAll(async () => {
  adminToken = await signIn(ctx.db, (await createAdmin(ctx.db)).id);
  memberToken = await signIn(
    ctx.db,
    (await createMember(ctx.db, { phone: '5551110000', email: 'taken@example.test' })).id,
  );
});

describe('POST /v1/users/adminAddVendor', () => {
  const fresh = { UserName: 'Ada Electric', phone: '5552223333', email: 'Ada@Example.test' };

  it('refuses an anonymous caller with 401 and a member with 403', async () => {
    expect((await save(fresh, null)).statusCode).toBe(401);
    const member = await save(fresh, memberToken);
    expectRefused(member, 403);
    expect(await ctx.db.select().from(users).where(eq(users.phone, fresh.phone))).toHaveLength(0);
  });

  it('adds a Deactive provider whose phone can sign in, and shows it on /vendor', async () => {
    const res = await save(fresh);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      status: 1,
      message: 'Successfully Submitted!',
      data: { name: 'Ada Electric', phone: '5552223333', email: 'ada@example.test', status: '0', isBlocked: false },
    });
    const [row] = await ctx.db.select().from(users).where(eq(users.id, body.data._id));
    expect(row).toMatchObject({ role: 'provider', status: '0' });
    expect(row!.phoneVerifiedAt).not.toBeNull();
    const listed = await ctx.app.inject({
      method: 'GET',
      url: '/v1/admin/vendors?q=Ada%20Electric',
      headers: bearer(adminToken),
    });
    expect(listed.json().data.map((vendor: { _id: string }) => vendor._id)).toEqual([body.data._id]);
    const code = await ctx.app.inject({
      method: 'POST',
      url: '/v1/user/login/send-otp',
      payload: { mobile: '5552223333' },
    });
    expect(code.statusCode).toBe(200);
  });

  it('corrects a provider by id, leaving its status as it was', async () => {
    const provider = await createProvider(ctx.db, { name: 'Old Name', status: '1' });
    const res = await save({ UserName: 'New Name', phone: '5554445555', email: 'new@example.test', id: provider.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      _id: provider.id,
      name: 'New Name',
      phone: '5554445555',
      email: 'new@example.test',
      status: '1',
    });
  });

  it('refuses a phone or email that belongs to someone else with 409, changing nothing', async () => {
    const phone = await save({ ...fresh, phone: '5551110000', email: 'other@example.test' });
    expectFailure(phone, 409, { code: 'conflict', message: serverError.phoneTaken });
    const email = await save({ ...fresh, phone: '5556667777', email: 'TAKEN@example.test' });
    expectFailure(email, 409, { code: 'conflict', message: serverError.emailTaken });
    expect(await ctx.db.select().from(users).where(eq(users.phone, '5556667777'))).toHaveLength(0);
  });

  it('answers 404 for an id that is not a provider', async () => {
    const customer = await createMember(ctx.db);
    for (const id of [customer.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await save({ ...fresh, phone: '5558889999', email: 'x@example.test', id });
      expectFailure(res, 404, { code: 'not_found', message: adminVendorText.notFound });
    }
  });

  it('checks the fields with the sign-up messages', async () => {
    const res = await save({ UserName: ' ', phone: '12ab', email: 'nope' });
    expect(res.statusCode).toBe(400);
    const { errors } = res.json();
    expect(errors.UserName).toBe(validation.nameRequired);
    expect(errors.phone).toBe('Phone no. must contain digits only');
    expect(errors.email).toBe(validation.emailInvalid);
  });
});
