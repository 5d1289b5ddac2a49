// An administrator's password reset by a mailed link: same answer for any email, a 256-bit token
// that works once and for 30 minutes, sessions ended, and the old password no longer taken.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminResetText, notice, validation } from '../../../contract/messages.js';
import { api, routes } from '../../../contract/paths.js';
import { adminResetLinks, outbox } from '../../db/schema.js';
import { createAdmin, createMember, signIn } from '../../test/factories.js';
import { bearer, clientAddress, lastCode, withApp } from '../../test/harness.js';

const ctx = withApp({ PUBLIC_URL: 'https://doorstep.test' });

const post = (path: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url: `${api.prefix}${path}`, payload, remoteAddress: clientAddress() });
const signInAs = (email: string, password: string) => post(api.adminLogin, { email, password });
const mailsTo = (to: string) => ctx.db.select().from(outbox).where(eq(outbox.to, to));

describe("an administrator's reset link", () => {
  it('is mailed to an administrator only, with the same answer for any email', async () => {
    const admin = await createAdmin(ctx.db, { password: 'OldPass123' });
    const member = await createMember(ctx.db, { password: 'Member123' });
    const answers = [];
    for (const email of [admin.email!, member.email!, 'nobody@example.com'])
      answers.push((await post(api.adminForgotPassword, { email })).json());
    for (const answer of answers) expect(answer).toEqual({ status: 1, message: adminResetText.linkSent });
    expect(await mailsTo(member.email!)).toEqual([]);
    const [mail] = await mailsTo(admin.email!);
    const token = await lastCode(ctx, admin.email!);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mail!.body).toContain(`https://doorstep.test${routes.adminResetPassword}?token=${token}`);
    expect(mail!.subject).toBe(adminResetText.mailHeading);
  });

  it('sets the password once, ends the sessions, and the old password is refused', async () => {
    const admin = await createAdmin(ctx.db, { password: 'OldPass123' });
    const session = await signIn(ctx.db, admin.id);
    await post(api.adminForgotPassword, { email: admin.email });
    const token = await lastCode(ctx, admin.email!);
    const reset = await post(api.adminResetPassword, { token, password: 'NewPass123', confirmPassword: 'NewPass123' });
    expect(reset.json()).toEqual({ status: 1, message: notice.passwordChanged });
    expect((await signInAs(admin.email!, 'NewPass123')).statusCode).toBe(200);
    expect((await signInAs(admin.email!, 'OldPass123')).statusCode).toBe(401);
    const me = await ctx.app.inject({ method: 'GET', url: `${api.prefix}${api.me}`, headers: bearer(session) });
    expect(me.statusCode).toBe(401);

    const again = await post(api.adminResetPassword, { token, password: 'Other1234', confirmPassword: 'Other1234' });
    expect(again.json()).toMatchObject({ status: 0, message: adminResetText.linkInvalid });
    expect((await signInAs(admin.email!, 'NewPass123')).statusCode).toBe(200);
  });

  it('ends with a newer link and after 30 minutes', async () => {
    const admin = await createAdmin(ctx.db, { password: 'OldPass123' });
    await post(api.adminForgotPassword, { email: admin.email });
    const first = await lastCode(ctx, admin.email!);
    await post(api.adminForgotPassword, { email: admin.email });
    const second = await lastCode(ctx, admin.email!);
    const body = (token: string) => ({ token, password: 'NewPass123', confirmPassword: 'NewPass123' });
    expect((await post(api.adminResetPassword, body(first))).statusCode).toBe(400);
    await ctx.db
      .update(adminResetLinks)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(adminResetLinks.userId, admin.id));
    expect((await post(api.adminResetPassword, body(second))).json()).toMatchObject({
      message: adminResetText.linkInvalid,
    });
    expect((await signInAs(admin.email!, 'OldPass123')).statusCode).toBe(200);
  });

  it('checks the token and the password twice before anything', async () => {
    const malformed = await post(api.adminResetPassword, {
      token: 'short',
      password: 'NewPass123',
      confirmPassword: 'NewPass123',
    });
    expect(malformed.json()).toMatchObject({ status: 0, errors: { token: adminResetText.tokenInvalid } });
    const mismatch = await post(api.adminResetPassword, {
      token: 'x'.repeat(43),
      password: 'NewPass123',
      confirmPassword: 'NewPass124',
    });
    expect(mismatch.json()).toMatchObject({ status: 0, errors: { confirmPassword: validation.passwordNoMatch } });
  });

  it('is asked for at most 3 times an hour per email', async () => {
    const admin = await createAdmin(ctx.db);
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await post(api.adminForgotPassword, { email: admin.email })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
