// Contact messages from the public contact form; admins read and answer them on /support.
import { eq } from 'drizzle-orm';
import { adminSupportText as t } from '../../../contract/messages.js';
import { one, type Db } from '../../db/client.js';
import { supportMessages, supportReplies } from '../../db/schema.js';
import { notFound } from '../../errors.js';
import { enqueueMessage } from '../../platform/delivery.js';
import { supportReplyMail } from './support.mail.js';

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
 * admin who wrote it, the message becomes 'replied' and the mail is written to the outbox, in one
 * transaction; the queue sends the mail after the commit, so it never tells of a reply the
 * database rolled back, and a slow mail server holds neither the transaction nor the request.
 */
export async function replyToSupport(db: Db, adminId: string, input: SupportReply): Promise<{ id: string }> {
  return db.transaction(async (tx) => {
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
    const mail = supportReplyMail({ name: original.name, answer: input.message, original: original.message });
    await enqueueMessage(tx, { channel: 'email', to: input.email, ...mail });
    return { id: one(replies).id };
  });
}
