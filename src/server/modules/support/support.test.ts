import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notice, validation } from '../../../contract/messages.js';
import { supportMessages } from '../../db/schema.js';
import { expectFailure, withApp } from '../../test/harness.js';

const ctx = withApp();
const contact = (payload: unknown) =>
  ctx.app.inject({ method: 'POST', url: '/v1/services/contact', payload: payload as object });
const storedCount = async () => (await ctx.db.select({ id: supportMessages.id }).from(supportMessages)).length;

describe('POST /v1/services/contact', () => {
  it('keeps the message for the back-office as pending, without a sign-in', async () => {
    const res = await contact({
      name: '  Maria Gomez ',
      email: 'Maria@Example.com',
      message: 'My cleaner did not come.',
      status: 'replied',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 1, message: notice.contactSent });

    const rows = await ctx.db
      .select({
        name: supportMessages.name,
        email: supportMessages.email,
        message: supportMessages.message,
        status: supportMessages.status,
      })
      .from(supportMessages)
      .where(eq(supportMessages.email, 'maria@example.com'));
    // Trimmed, email lower-cased, and an unknown field cannot set the status.
    expect(rows).toEqual([
      { name: 'Maria Gomez', email: 'maria@example.com', message: 'My cleaner did not come.', status: 'pending' },
    ]);
  });

  it('checks name, then email, then message, each with its validation message', async () => {
    const before = await storedCount();

    const allEmpty = await contact({ name: '', email: '', message: '' });
    expectFailure(allEmpty, 400, {
      code: 'invalid',
      message: validation.contactName,
      errors: { name: validation.contactName, email: validation.contactEmail, message: validation.contactMessage },
    });

    const missing = await contact({});
    expect(missing.json().message).toBe(validation.contactName);

    const noEmail = await contact({ name: 'Maria', email: '  ', message: '' });
    expect(noEmail.json().message).toBe(validation.contactEmail);

    const noMessage = await contact({ name: 'Maria', email: 'maria@example.com', message: '   ' });
    expectFailure(noMessage, 400, {
      code: 'invalid',
      message: validation.contactMessage,
      errors: { message: validation.contactMessage },
    });

    const badEmail = await contact({ name: 'Maria', email: 'maria@', message: 'Hello' });
    expect(badEmail.json()).toMatchObject({ status: 0, message: validation.enterValidEmail });

    const tooLong = await contact({ name: 'Maria', email: 'maria@example.com', message: 'x'.repeat(2001) });
    expect(tooLong.statusCode).toBe(400);

    // Nothing refused was kept.
    expect(await storedCount()).toBe(before);
  });

  it('keeps every message sent, also twice from one address', async () => {
    await contact({ name: 'Tom', email: 'tom@example.com', message: 'First' });
    await contact({ name: 'Tom', email: 'tom@example.com', message: 'Second' });
    const rows = await ctx.db
      .select({ message: supportMessages.message })
      .from(supportMessages)
      .where(eq(supportMessages.email, 'tom@example.com'));
    expect(rows.map((r) => r.message).sort()).toEqual(['First', 'Second']);
  });

  it('is described in OpenAPI', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/docs/json' })).json();
    const op = doc.paths['/v1/services/contact']?.post;
    expect(op?.tags).toEqual(['support']);
    expect(Object.keys(op.requestBody.content['application/json'].schema.properties)).toEqual([
      'name',
      'email',
      'message',
    ]);
  });
});
