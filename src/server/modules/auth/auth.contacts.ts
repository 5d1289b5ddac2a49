// A member changes its phone or email. The new one waits in `pending_contacts` while a code sent
// to it proves it; only then does it replace the old one, which is let go in the same statement.
// Meanwhile the account keeps signing in, and getting texts and mails, with the old one.
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { ContactChange } from '../../../contract/auth.js';
import { serverError } from '../../../contract/messages.js';
import { pendingContacts, users } from '../../db/schema.js';
import { badRequest, conflict, isUniqueViolation } from '../../errors.js';
import { checkCode } from './auth.codes.js';
import { unclaimedSignup } from './auth.housekeeping.js';
import { sendEmailCode, sendPhoneCode, type AuthContext } from './auth.service.js';

type Kind = ContactChange['kind'];

const columns = {
  phone: { value: users.phone, proven: users.phoneVerifiedAt, purpose: 'change_phone', taken: serverError.phoneTaken },
  email: { value: users.email, proven: users.emailVerifiedAt, purpose: 'change_email', taken: serverError.emailTaken },
} as const;

/** Keeps the new contact waiting and sends it a code; the account's own is unchanged. */
export async function askContactChange(ctx: AuthContext, userId: string, change: ContactChange): Promise<void> {
  const column = columns[change.kind];
  const [own] = await ctx.db.select({ value: column.value }).from(users).where(eq(users.id, userId));
  if (own?.value === change.value) throw badRequest(serverError.sameContact);
  await ctx.db
    .insert(pendingContacts)
    .values({ userId, kind: change.kind, value: change.value })
    .onConflictDoUpdate({
      target: [pendingContacts.userId, pendingContacts.kind],
      set: { value: change.value, createdAt: new Date() },
    });
  // Sent whoever holds it: only its owner reads the code, and a taken one is refused at the
  // code, so asking tells nobody who is a member.
  if (change.kind === 'phone') await sendPhoneCode(ctx, 'change_phone', change.value);
  else await sendEmailCode(ctx, 'change_email', change.value);
}

/**
 * The code proves the waiting contact: it becomes the account's, proven, in place of the old one.
 * Another account that proved it keeps it (409); one holding it unproven lets it go, and a
 * sign-up holding nothing else proven is removed.
 */
export async function confirmContactChange(ctx: AuthContext, userId: string, kind: Kind, code: string) {
  const column = columns[kind];
  const [pending] = await ctx.db
    .select({ value: pendingContacts.value })
    .from(pendingContacts)
    .where(and(eq(pendingContacts.userId, userId), eq(pendingContacts.kind, kind)));
  if (!pending) throw badRequest(serverError.noContactChange);
  await checkCode(ctx.db, { purpose: column.purpose, target: pending.value, code });
  try {
    await ctx.db.transaction(async (tx) => {
      const others = and(ne(users.id, userId), eq(column.value, pending.value));
      await tx.delete(users).where(and(others, unclaimedSignup()));
      await tx
        .update(users)
        .set({ ...(kind === 'phone' ? { phone: null } : { email: null }), updatedAt: new Date() })
        .where(and(others, isNull(column.proven), ne(users.role, 'admin')));
      const now = new Date();
      const proven =
        kind === 'phone'
          ? { phone: pending.value, phoneVerifiedAt: now }
          : { email: pending.value, emailVerifiedAt: now };
      await tx
        .update(users)
        .set({ ...proven, updatedAt: now })
        .where(eq(users.id, userId));
      await tx.delete(pendingContacts).where(and(eq(pendingContacts.userId, userId), eq(pendingContacts.kind, kind)));
    });
  } catch (error) {
    // Another account proved it: the unique key keeps it there.
    if (isUniqueViolation(error)) throw conflict(column.taken);
    throw error;
  }
}
