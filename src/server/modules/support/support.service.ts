// Contact messages from the public contact form; admins read and answer them on /support.
import { eq } from 'drizzle-orm';
import { adminSupportText as t } from '../../../contract/messages.js';
import { one, type Db } from '../../db/client.js';
import { supportMessages, supportReplies } from '../../db/schema.js';
import { AppError, notFound } from '../../errors.js';
import type { Mailer } from '../../platform/messaging.js';

export interface ContactMessage {
  name: string;
  email: string;
  message: string;
}

/** Keeps a contact message for the back-office; it waits as 'pending' until an admin replies. */
export async function saveContactMessage(db: Db, input: ContactMessage): Promise<{ id: string }> {
  const rows = await db
    .insert(supportMessages)
    .values({ name: input.name, email: input.email, message: input.message, status: 'pending' })
    .returning({ id: supportMessages.id });
  return one(rows);
}

export interface SupportReply {
  supportId: string;
  /** Where the answer goes: the sender's address unless the admin corrected it. */
  email: string;
  message: string;
}

/**
 * An admin answers a contact message (POST /services/replayback): the reply is stored with the
 * admin who wrote it and the message becomes 'replied', in one transaction; then the mail goes out.
 */
export async function replyToSupport(
  db: Db,
  mailer: Mailer,
  adminId: string,
  input: SupportReply,
): Promise<{ id: string }> {
  const stored = await db.transaction(async (tx) => {
    // Locks the message: two admins answering at once each store their reply, one after the other.
    const [original] = await tx
      .select({ name: supportMessages.name, message: supportMessages.message })
      .from(supportMessages)
      .where(eq(supportMessages.id, input.supportId))
      .for('update');
    if (!original) throw notFound(t.supportNotFound);
    const replies = await tx
      .insert(supportReplies)
      .values({ supportId: input.supportId, adminId, email: input.email, message: input.message })
      .returning({ id: supportReplies.id });
    await tx.update(supportMessages).set({ status: 'replied' }).where(eq(supportMessages.id, input.supportId));
    return { id: one(replies).id, original };
  });
  // The mail goes out only after the commit: a mail cannot be taken back, so it must never tell of
  // a reply the database then rolled back, and a slow mail server must not hold the transaction
  // (with its row lock, or PGlite's only connection) open.
  try {
    await mailer.send({
      to: input.email,
      subject: t.replySubject,
      body: t.replyMail(stored.original.name, input.message, stored.original.message),
    });
  } catch (error) {
    throw new MailNotSent(error);
  }
  return { id: stored.id };
}

/** The reply is stored but its mail failed: the admin is told, and may send it again. */
export class MailNotSent extends AppError {
  constructor(readonly reason: unknown) {
    super(502, t.mailFailed);
  }
}
