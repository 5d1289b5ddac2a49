// Contractor accounts the admin keeps (POST /users/adminAddVendor): add one, or correct
// one's name, phone and email. A contractor added here starts Deactive like any new provider, and
// completes its profile itself before an admin sets it Active.
import { and, eq } from 'drizzle-orm';
import type { MemberRow } from '../../../contract/admin.js';
import { adminVendorText, serverError } from '../../../contract/messages.js';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { conflict, notFound, pgErrorCode } from '../../errors.js';
import { newReferralCode } from '../auth/auth.service.js';

export interface VendorAccount {
  name: string;
  phone: string;
  email: string;
}

const rowColumns = {
  _id: users.id,
  name: users.name,
  email: users.email,
  phone: users.phone,
  status: users.status,
  isBlocked: users.isBlocked,
  createdAt: users.createdAt,
};

/** The unique index a violation names says which field is taken. */
function taken(error: unknown): never {
  const constraint =
    (error as { cause?: { constraint?: string }; constraint?: string }).cause?.constraint ??
    (error as { constraint?: string }).constraint;
  if (pgErrorCode(error) === '23505')
    throw conflict(constraint === 'users_email_key' ? serverError.emailTaken : serverError.phoneTaken);
  throw error;
}

/** Adds a contractor (`id` absent) or updates one; 404 when `id` is not a provider, 409 when the phone or email is someone else's. */
export async function saveVendor(db: Db, account: VendorAccount, id?: string): Promise<MemberRow> {
  try {
    const [row] = id
      ? await db
          .update(users)
          .set({ name: account.name, phone: account.phone, email: account.email, updatedAt: new Date() })
          .where(and(eq(users.id, id), eq(users.role, 'provider')))
          .returning(rowColumns)
      : await db
          .insert(users)
          .values({
            role: 'provider',
            status: '0',
            name: account.name,
            phone: account.phone,
            email: account.email,
            // The admin vouches for the number; signing in still takes a code sent to it.
            phoneVerifiedAt: new Date(),
            referralCode: newReferralCode(),
          })
          .returning(rowColumns);
    if (!row) throw notFound(adminVendorText.notFound);
    return { ...row, createdAt: row.createdAt.toISOString() };
  } catch (error) {
    return taken(error);
  }
}
