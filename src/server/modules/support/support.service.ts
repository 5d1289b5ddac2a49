// Contact messages from the public contact form; admins read and answer them on /support.
import type { Db } from '../../db/client.js';
import { supportMessages } from '../../db/schema.js';

export interface ContactMessage {
  name: string;
  email: string;
  message: string;
}

/** Keeps a contact message for the back-office; it waits as 'pending' until an admin replies. */
export async function saveContactMessage(db: Db, input: ContactMessage): Promise<{ id: string }> {
  const [row] = await db
    .insert(supportMessages)
    .values({ name: input.name, email: input.email, message: input.message, status: 'pending' })
    .returning({ id: supportMessages.id });
  return row!;
}
