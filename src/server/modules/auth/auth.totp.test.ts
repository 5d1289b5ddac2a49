// An administrator's second factor: a code from an authenticator app after the password, or a
// single-use recovery code. Codes are made here as the app would, for the current 30-second step
// (`ahead` 0) or the next (1): both are inside the server's window whatever second the test
// runs at, so no test waits for the clock.
import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { adminTotpText as t, notice } from '../../../contract/messages.js';
import { api } from '../../../contract/paths.js';
import { adminSignInTickets, outbox } from '../../db/schema.js';
import { createAdmin } from '../../test/factories.js';
import { bearer, clientAddress, type TestContext, withApp } from '../../test/harness.js';

const appCode = (secret: string, ahead = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 * ahead });

/** A 6-digit code the app shows at none of the steps the server accepts now. */
async function wrongCode(secret: string): Promise<string> {
  const taken = new Set(await Promise.all([-2, -1, 0, 1, 2].map((ahead) => appCode(secret, ahead))));
  for (let n = 0; ; n++) {
    const code = String(n).padStart(6, '0');
    if (!taken.has(code)) return code;
  }
}

function suite(name: string, env: Record<string, string>, body: (context: () => TestContext) => void) {
  describe(name, () => {
    const ctx = withApp(env);
    body(() => ctx);
  });
}

const requests = (ctx: () => TestContext) => {
  const send = (method: 'GET' | 'POST', path: string, payload?: object, token?: string, address = clientAddress()) =>
    ctx().app.inject({
      method,
      url: `${api.prefix}${path}`,
      ...(payload ? { payload } : {}),
      headers: token ? bearer(token) : {},
      remoteAddress: address,
    });
  const signInWithPassword = (email: string, password: string, address?: string) =>
    send('POST', api.adminLogin, { email, password }, undefined, address);
  const secondStep = (ticket: string, code: string, address?: string) =>
    send('POST', api.adminSecondStep, { ticket, code }, undefined, address);
  /** An administrator with the app on: its key, a session and its recovery codes. */
  const adminWithApp = async () => {
    const admin = await createAdmin(ctx().db);
    const first = (await signInWithPassword(admin.email!, admin.password)).json();
    const token = first.token as string;
    const setup = (await send('POST', api.adminTotpSetup, undefined, token)).json().data;
    const enabled = await send('POST', api.adminTotpEnable, { code: await appCode(setup.secret) }, token);
    expect(enabled.statusCode).toBe(200);
    return {
      ...admin,
      secret: setup.secret as string,
      token,
      recoveryCodes: enabled.json().data.recoveryCodes as string[],
    };
  };
  const ticketOf = async (admin: { email: string | null; password: string }) => {
    const answer = (await signInWithPassword(admin.email!, admin.password)).json();
    expect(answer).toMatchObject({ status: 1, data: { status: 2 }, secondStep: { enrol: null } });
    expect(answer.token).toBeUndefined();
    return answer.secondStep.ticket as string;
  };
  return { send, signInWithPassword, secondStep, adminWithApp, ticketOf };
};

suite('two-step sign-in, optional (outside production)', {}, (ctx) => {
  const { send, signInWithPassword, secondStep, adminWithApp, ticketOf } = requests(ctx);

  it('leaves the one-step (password only) sign-in to an administrator who has not turned it on', async () => {
    const admin = await createAdmin(ctx().db);
    const answer = await signInWithPassword(admin.email!, admin.password);
    expect(answer.json()).toMatchObject({
      status: 1,
      message: notice.loggedIn,
      data: { status: 1, email: admin.email },
    });
    const status = await send('GET', api.adminTotp, undefined, answer.json().token);
    expect(status.json().data).toEqual({ enabled: false, required: false, recoveryCodesLeft: 0 });
  });

  it('is turned on with a first code from the app, and gives 10 recovery codes once', async () => {
    const admin = await createAdmin(ctx().db);
    const token = (await signInWithPassword(admin.email!, admin.password)).json().token;
    const setup = await send('POST', api.adminTotpSetup, undefined, token);
    const { secret, uri, qrSvg } = setup.json().data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toBe(`otpauth://totp/Doorstep:${encodeURIComponent(admin.email!)}?secret=${secret}&issuer=Doorstep`);
    expect(qrSvg).toMatch(/^<svg[\s\S]*<\/svg>$/);

    const wrong = await send('POST', api.adminTotpEnable, { code: await wrongCode(secret) }, token);
    expect(wrong.json()).toMatchObject({ status: 0, message: t.codeWrong });
    const malformed = await send('POST', api.adminTotpEnable, { code: '12a' }, token);
    expect(malformed.json()).toMatchObject({ status: 0, errors: { code: t.codeFormat } });

    const enabled = await send('POST', api.adminTotpEnable, { code: await appCode(secret) }, token);
    expect(enabled.json()).toMatchObject({ status: 1, message: t.turnedOn });
    const codes: string[] = enabled.json().data.recoveryCodes;
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(/^[a-hjkmnp-z2-9]{5}-[a-hjkmnp-z2-9]{5}$/);
    expect(new Set(codes).size).toBe(10);
    const status = await send('GET', api.adminTotp, undefined, token);
    expect(status.json().data).toEqual({ enabled: true, required: false, recoveryCodesLeft: 10 });
    // A second setup would replace the key the app has: refused while it is on.
    expect((await send('POST', api.adminTotpSetup, undefined, token)).statusCode).toBe(409);
  });

  it('then asks for a code after the password; a ticket and a code work once', async () => {
    const admin = await adminWithApp();
    const ticket = await ticketOf(admin);
    const wrong = await secondStep(ticket, await wrongCode(admin.secret));
    expect(wrong.json()).toMatchObject({ status: 0, message: t.codeWrong });

    const code = await appCode(admin.secret, 1);
    const signedIn = await secondStep(ticket, code);
    expect(signedIn.json()).toMatchObject({
      status: 1,
      message: notice.loggedIn,
      data: { status: 1, email: admin.email },
    });
    expect(signedIn.json().recoveryCodes).toBeUndefined();
    const me = await send('GET', api.me, undefined, signedIn.json().token);
    expect(me.json()).toMatchObject({ data: { email: admin.email, role: 'admin' } });

    expect((await secondStep(ticket, code)).json()).toMatchObject({ message: t.ticketInvalid });
    // The same code with a new ticket: a code seen once is not taken again.
    expect((await secondStep(await ticketOf(admin), code)).json()).toMatchObject({ message: t.codeWrong });
  });

  it('takes each recovery code once, in any case and with or without its dash', async () => {
    const admin = await adminWithApp();
    const [first, second] = admin.recoveryCodes as [string, string];
    const signedIn = await secondStep(await ticketOf(admin), first.toUpperCase().replace('-', ' '));
    expect(signedIn.statusCode).toBe(200);
    expect((await secondStep(await ticketOf(admin), first)).json()).toMatchObject({ message: t.recoveryWrong });
    expect((await secondStep(await ticketOf(admin), second.replace('-', ''))).statusCode).toBe(200);
    const status = await send('GET', api.adminTotp, undefined, signedIn.json().token);
    expect(status.json().data.recoveryCodesLeft).toBe(8);
  });

  it('ends a ticket after 5 minutes', async () => {
    const admin = await adminWithApp();
    const ticket = await ticketOf(admin);
    await ctx()
      .db.update(adminSignInTickets)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(adminSignInTickets.userId, admin.id));
    expect((await secondStep(ticket, await appCode(admin.secret, 1))).json()).toMatchObject({
      message: t.ticketInvalid,
    });
  });

  it('checks 10 wrong codes an hour per account, from any address, and none from strangers', async () => {
    const admin = await adminWithApp();
    // Strangers without the password: tickets they make up are refused and spend nothing.
    const madeUp = await Promise.all(
      Array.from({ length: 30 }, () => secondStep(crypto.randomBytes(32).toString('base64url'), '123456')),
    );
    expect(madeUp.map((answer) => answer.statusCode)).toEqual(Array(30).fill(400));

    // Someone with the password, 15 wrong codes at once from 15 addresses.
    const wrong = await wrongCode(admin.secret);
    const tickets = await Promise.all(Array.from({ length: 15 }, () => ticketOf(admin)));
    const answers = await Promise.all(tickets.map((ticket) => secondStep(ticket, wrong)));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([...Array(10).fill(400), ...Array(5).fill(429)]);
    const locked = await secondStep(await ticketOf(admin), await appCode(admin.secret, 1));
    expect(locked.json()).toMatchObject({ status: 0, message: t.tooManyWrongCodes });
  });

  it('mails the administrator once when its password was right and a third code wrong', async () => {
    const admin = await adminWithApp();
    const warnings = () =>
      ctx()
        .db.select({ subject: outbox.subject })
        .from(outbox)
        .where(and(eq(outbox.to, admin.email!), eq(outbox.subject, t.warningSubject)));
    const wrong = await wrongCode(admin.secret);
    for (let i = 0; i < 2; i++) await secondStep(await ticketOf(admin), wrong);
    expect(await warnings()).toEqual([]);
    await secondStep(await ticketOf(admin), 'not-a-recovery-code');
    expect(await warnings()).toHaveLength(1);
    await secondStep(await ticketOf(admin), wrong);
    expect(await warnings()).toHaveLength(1);
  });

  it('makes new recovery codes in place of the old ones, with a code from the app', async () => {
    const admin = await adminWithApp();
    const made = await send('POST', api.adminTotpRecoveryCodes, { code: await appCode(admin.secret, 1) }, admin.token);
    expect(made.json()).toMatchObject({ status: 1, message: t.codesMade });
    const [fresh] = made.json().data.recoveryCodes as string[];
    expect((await secondStep(await ticketOf(admin), admin.recoveryCodes[0]!)).json()).toMatchObject({
      message: t.recoveryWrong,
    });
    expect((await secondStep(await ticketOf(admin), fresh!)).statusCode).toBe(200);
  });

  it('is turned off with a code from the app, and the password alone signs in again', async () => {
    const admin = await adminWithApp();
    const refused = await send('POST', api.adminTotpDisable, { code: await wrongCode(admin.secret) }, admin.token);
    expect(refused.json()).toMatchObject({ message: t.codeWrong });
    const off = await send('POST', api.adminTotpDisable, { code: await appCode(admin.secret, 1) }, admin.token);
    expect(off.json()).toEqual({ status: 1, message: t.turnedOff });
    const answer = await signInWithPassword(admin.email!, admin.password);
    expect(answer.json()).toMatchObject({ data: { status: 1 }, token: expect.any(String) });
  });

  it('is an administrator’s own: members are refused', async () => {
    const answer = await send('POST', api.adminTotpSetup);
    expect(answer.statusCode).toBe(401);
  });
});

suite('two-step sign-in, required (production)', { ADMIN_TOTP_REQUIRED: '1' }, (ctx) => {
  const { send, signInWithPassword, secondStep } = requests(ctx);

  it('has an administrator with no app set it up inside the sign-in, then sign in with it', async () => {
    const admin = await createAdmin(ctx().db);
    const first = (await signInWithPassword(admin.email!, admin.password)).json();
    expect(first).toMatchObject({ status: 1, message: t.enrolLead, data: { status: 2, email: admin.email } });
    expect(first.token).toBeUndefined();
    const { ticket, enrol } = first.secondStep;
    expect(enrol.uri).toContain(`secret=${enrol.secret}`);

    // A code of another key does not turn it on.
    const other = (await signInWithPassword(admin.email!, admin.password)).json().secondStep;
    expect(other.enrol.secret).not.toBe(enrol.secret);
    expect((await secondStep(other.ticket, await appCode(enrol.secret))).json()).toMatchObject({
      message: t.codeWrong,
    });

    const done = await secondStep(other.ticket, await appCode(other.enrol.secret));
    expect(done.json()).toMatchObject({
      status: 1,
      data: { status: 1, email: admin.email },
      token: expect.any(String),
    });
    expect(done.json().recoveryCodes).toHaveLength(10);
    // The key the first sign-in showed was replaced: its codes open nothing.
    expect((await secondStep(ticket, await appCode(enrol.secret, 1))).json()).toMatchObject({ message: t.codeWrong });

    const next = (await signInWithPassword(admin.email!, admin.password)).json();
    expect(next).toMatchObject({ message: t.codeLead, secondStep: { enrol: null } });
    const token = done.json().token;
    expect((await send('GET', api.adminTotp, undefined, token)).json().data).toMatchObject({
      enabled: true,
      required: true,
    });
    const off = await send('POST', api.adminTotpDisable, { code: await appCode(other.enrol.secret, 1) }, token);
    expect(off.json()).toMatchObject({ status: 0, message: t.cannotTurnOff });
  });
});
