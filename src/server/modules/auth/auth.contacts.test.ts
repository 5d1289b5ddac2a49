// Changing a member's phone or email: the new one is proven by a code sent to it before it
// replaces the old; meanwhile the old one still signs in, and a contact another account proved
// stays that account's.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { profileText, serverError, validation } from '../../../contract/messages.js';
import { api } from '../../../contract/paths.js';
import { users } from '../../db/schema.js';
import { createMember, signIn, uniquePhone } from '../../test/factories.js';
import { bearer, clientAddress, lastCode, withApp } from '../../test/harness.js';

const ctx = withApp();

const post = (path: string, payload: object, token?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `${api.prefix}${path}`,
    payload,
    headers: token ? bearer(token) : {},
    remoteAddress: clientAddress(),
  });
const phoneSignIn = async (phone: string) => {
  await post(api.sendLoginOtp, { mobile: phone });
  return post(api.memberLogin, { phone, otp: await lastCode(ctx, phone).catch(() => '000000') });
};
const contactsOf = async (id: string) =>
  (
    await ctx.db
      .select({ phone: users.phone, email: users.email, phoneVerifiedAt: users.phoneVerifiedAt })
      .from(users)
      .where(eq(users.id, id))
  )[0]!;

describe('changing a phone number', () => {
  it('texts the new number; the old one signs in until the code is entered, then the new one does', async () => {
    const member = await createMember(ctx.db);
    const token = await signIn(ctx.db, member.id);
    const next = uniquePhone();
    expect((await post(api.changeContact, { kind: 'phone', value: next }, token)).statusCode).toBe(200);
    const code = await lastCode(ctx, next);
    expect(await contactsOf(member.id)).toMatchObject({ phone: member.phone });
    expect((await phoneSignIn(member.phone!)).statusCode).toBe(200);
    await expect(lastCode(ctx, next)).resolves.toBe(code);

    const wrong = await post(
      api.confirmContact,
      { kind: 'phone', code: code === '000000' ? '111111' : '000000' },
      token,
    );
    expect(wrong.json()).toMatchObject({ status: 0, message: validation.otpInvalid });
    const done = await post(api.confirmContact, { kind: 'phone', code }, token);
    expect(done.json()).toEqual({ status: 1, message: profileText.phoneChanged });
    expect(await contactsOf(member.id)).toMatchObject({ phone: next, phoneVerifiedAt: expect.any(Date) });
    expect((await phoneSignIn(next)).json()).toMatchObject({ status: 1, token: expect.any(String) });
    // The old number is let go: it signs in to nothing, and a new member may take it.
    expect((await phoneSignIn(member.phone!)).statusCode).toBe(400);
  });

  it('leaves a number another member proved with that member, and tells nobody at the ask', async () => {
    const owner = await createMember(ctx.db);
    const member = await createMember(ctx.db);
    const token = await signIn(ctx.db, member.id);
    const ask = await post(api.changeContact, { kind: 'phone', value: owner.phone }, token);
    expect(ask.json()).toMatchObject({ status: 1 });
    const code = await lastCode(ctx, owner.phone!);
    // Only the number's owner reads the code; with it, the change is still refused.
    const refused = await post(api.confirmContact, { kind: 'phone', code }, token);
    expect(refused.json()).toMatchObject({ status: 0, message: serverError.phoneTaken });
    expect(await contactsOf(owner.id)).toMatchObject({ phone: owner.phone });
    expect(await contactsOf(member.id)).toMatchObject({ phone: member.phone });
  });

  it('refuses a code without an ask, and the number the account already has', async () => {
    const member = await createMember(ctx.db);
    const token = await signIn(ctx.db, member.id);
    expect((await post(api.confirmContact, { kind: 'phone', code: '123456' }, token)).json()).toMatchObject({
      message: serverError.noContactChange,
    });
    expect((await post(api.changeContact, { kind: 'phone', value: member.phone }, token)).json()).toMatchObject({
      message: serverError.sameContact,
    });
  });
});

describe('changing an email', () => {
  it('mails the new address a code; it replaces the old one only with it', async () => {
    const member = await createMember(ctx.db);
    const token = await signIn(ctx.db, member.id);
    const next = `Changed${Date.now()}@Example.com`;
    expect((await post(api.changeContact, { kind: 'email', value: next }, token)).statusCode).toBe(200);
    const code = await lastCode(ctx, next);
    expect(code).toMatch(/^\d{4}$/);
    expect(await contactsOf(member.id)).toMatchObject({ email: member.email });
    const done = await post(api.confirmContact, { kind: 'email', code }, token);
    expect(done.json()).toEqual({ status: 1, message: profileText.emailChanged });
    expect(await contactsOf(member.id)).toMatchObject({ email: next.toLowerCase() });
  });
});
