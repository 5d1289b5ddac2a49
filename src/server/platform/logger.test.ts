// The process's logger as an operator reads it: a failed statement is named, its values are not.
import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { memoryLogger } from '../test/harness.js';

const secret = '$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0LXNhbHQ$aGFzaC1vZi10aGUtYWRtaW4';

/** What drizzle throws for a failed insert: the values in its message and `params`. */
function failedInsert() {
  const cause = Object.assign(new Error('duplicate key value violates unique constraint "users_email_key"'), {
    code: '23505',
    severity: 'ERROR',
    constraint: 'users_email_key',
    detail: `Key (email)=(boss@doorstep.test) already exists.`,
  });
  return new DrizzleQueryError(
    'insert into "users" ("email", "password_hash") values ($1, $2)',
    ['boss@doorstep.test', secret],
    cause,
  );
}

describe('the logger', () => {
  it.each(['err', 'error', 'cause'])('logs a failed statement under `%s` without its values', (key) => {
    const { logger, lines } = memoryLogger();
    logger.error({ [key]: failedInsert() }, 'start-up failed');
    const line = lines.join('');
    expect(line).toContain('insert into \\"users\\"');
    expect(line).toContain('users_email_key');
    expect(line).not.toContain(secret);
    expect(line).not.toContain('boss@doorstep.test');
  });

  it('logs a failed statement wrapped in another error without its values', () => {
    const { logger, lines } = memoryLogger();
    logger.error({ err: new Error('start-up failed', { cause: failedInsert() }) }, 'start-up failed');
    expect(lines.join('')).toContain('users_email_key');
    expect(lines.join('')).not.toContain(secret);
  });
});
