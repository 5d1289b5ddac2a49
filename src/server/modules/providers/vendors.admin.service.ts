// Providers as the admin keeps them: one provider's detail for /vendorDetail, whatever its
// status, and contractor accounts (POST /users/adminAddVendor): add one, or correct one's name,
// phone and email. A contractor added here starts Deactive like any new provider, and completes
// its profile itself before an admin sets it Active.
import { and, asc, eq } from 'drizzle-orm';
import type { MemberRow } from '../../../contract/admin.js';
import { adminBookingText, adminVendorText, serverError } from '../../../contract/messages.js';
import type { VendorDetail } from '../../../contract/providers.js';
import type { Db } from '../../db/client.js';
import { categories, providerProfiles, providerServices, users } from '../../db/schema.js';
import { conflict, notFound, pgErrorCode } from '../../errors.js';
import { newReferralCode } from '../auth/auth.service.js';
import { memberRowColumns } from '../members/members.admin.listing.js';
import { weeklyHours } from './providers.service.js';

// ---------------------------------------------------------------- one provider (/vendorDetail)

/**
 * A provider as the admin sees it, listed or not: account, profile, every offered category
 * (archived ones marked) and the weekly hours. 404 for an unknown id or an account that is not a
 * provider.
 */
export async function getVendorDetail(db: Db, providerId: string): Promise<VendorDetail> {
  const [[row], services, hours] = await Promise.all([
    db
      .select({
        _id: users.id,
        name: users.name,
        email: users.email,
        phone: users.phone,
        image: users.image,
        about: users.about,
        status: users.status,
        isBlocked: users.isBlocked,
        createdAt: users.createdAt,
        // Null as a whole when the provider has no profile (left join).
        profile: {
          city: providerProfiles.city,
          address: providerProfiles.address,
          timeZone: providerProfiles.timeZone,
          charges: providerProfiles.chargesCents,
          slotMinutes: providerProfiles.slotMinutes,
          bufferMinutes: providerProfiles.bufferMinutes,
          radiusKm: providerProfiles.radiusKm,
          rating: providerProfiles.ratingAvg,
          reviewCount: providerProfiles.reviewCount,
        },
      })
      .from(users)
      .leftJoin(providerProfiles, eq(providerProfiles.userId, users.id))
      .where(and(eq(users.id, providerId), eq(users.role, 'provider')))
      .limit(1),
    db
      .select({ _id: categories.id, title: categories.title, archivedAt: categories.archivedAt })
      .from(providerServices)
      .innerJoin(categories, eq(categories.id, providerServices.categoryId))
      .where(eq(providerServices.providerId, providerId))
      .orderBy(asc(categories.title), asc(categories.id)),
    weeklyHours(db, providerId),
  ]);
  if (!row) throw notFound(adminBookingText.vendorNotFound);
  return {
    ...row,
    createdAt: row.createdAt.toISOString(),
    services: services.map(({ archivedAt, ...service }) => ({ ...service, archived: archivedAt !== null })),
    workingHours: hours,
  };
}

// ---------------------------------------------------------------- contractors (/vendor)

export interface VendorAccount {
  name: string;
  phone: string;
  email: string;
}

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
          .returning(memberRowColumns)
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
          .returning(memberRowColumns);
    if (!row) throw notFound(adminVendorText.notFound);
    return { ...row, createdAt: row.createdAt.toISOString() };
  } catch (error) {
    return taken(error);
  }
}
