// An administrator's password is reset by a mailed link, never by a short code: the link carries
// 256 random bits, is stored hashed, works once and for 30 minutes. Asking for one answers the
// same for any email, so the answer does not tell which emails are administrators'.
import crypto from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { adminResetText as t } from '../../../contract/messages.js';
import { routes } from '../../../contract/paths.js';
import { adminResetLinks, users } from '../../db/schema.js';
import { badRequest } from '../../errors.js';
import { enqueueMessage } from '../../platform/delivery.js';
import { renderMail } from '../../platform/mail-layout.js';
import { hashToken } from './auth.guard.js';
import { endAllSessions, hashPassword, type AuthContext } from './auth.service.js';

export const adminResetRules = { ttlMs: 30 * 60_000 } as const;

/** Mails a reset link to the administrator with this email, if there is one; earlier links end. */
export async function requestAdminReset(ctx: AuthContext, email: string): Promise<void> {
  const [admin] = await ctx.db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.email, email.toLowerCase()), eq(users.role, 'admin')))
    .limit(1);
  if (!admin?.email) return;
  const token = crypto.randomBytes(32).toString('base64url');
  const to = admin.email;
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(adminResetLinks)
      .set({ usedAt: new Date() })
      .where(and(eq(adminResetLinks.userId, admin.id), isNull(adminResetLinks.usedAt)));
    await tx.insert(adminResetLinks).values({
      userId: admin.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + adminResetRules.ttlMs),
    });
    const mail = renderMail({
      heading: t.mailHeading,
      paragraphs: [t.mailLead],
      action: { label: t.mailAction, path: `${routes.adminResetPassword}?token=${token}` },
      publicUrl: ctx.config.PUBLIC_URL,
    });
    // The token rides as the message's code too: the development outbox shows it, and a sent
    // message's code is blanked out of the outbox (platform/delivery.ts).
    await enqueueMessage(tx, {
      channel: 'email',
      to,
      subject: t.mailHeading,
      body: mail.text,
      html: mail.html,
      code: token,
    });
  });
  ctx.deliverSoon();
}

/** Sets the password of the link's administrator and ends its sessions; answers its email. 400 for a used or old link. */
export async function resetAdminPassword(ctx: AuthContext, token: string, password: string): Promise<string> {
  const passwordHash = await hashPassword(password);
  return ctx.db.transaction(async (tx) => {
    // Single use under concurrent submits: one update finds it open.
    const [link] = await tx
      .update(adminResetLinks)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(adminResetLinks.tokenHash, hashToken(token)),
          isNull(adminResetLinks.usedAt),
          gt(adminResetLinks.expiresAt, new Date()),
        ),
      )
      .returning({ userId: adminResetLinks.userId });
    if (!link) throw badRequest(t.linkInvalid);
    const [admin] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: new Date() })
      .where(and(eq(users.id, link.userId), eq(users.role, 'admin')))
      .returning({ email: users.email });
    if (!admin?.email) throw badRequest(t.linkInvalid);
    await endAllSessions(tx, link.userId);
    return admin.email;
  });
}
