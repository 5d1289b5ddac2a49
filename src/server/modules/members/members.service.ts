// A member's own profile (/Profiles and the profile screen): read it,
// change the editable fields, set the image, keep the location they look for providers in. Email
// and phone are changed only by the sign-in flows, never here.
import { eq, sql, type AnyColumn } from 'drizzle-orm';
import type { ChosenLocation } from '../../../contract/places.js';
import type { MemberProfile, UpdateProfileBody } from '../../../contract/profile.js';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { notFound } from '../../errors.js';

/** A member's email, or null until they verified it: mails go only to verified addresses. */
export const verifiedEmail = (member: { email: AnyColumn; emailVerifiedAt: AnyColumn }) =>
  sql<string | null>`case when ${member.emailVerifiedAt} is not null then ${member.email} end`;
/** A member's phone, or null until they verified it: texts go only to verified numbers. */
export const verifiedPhone = (member: { phone: AnyColumn; phoneVerifiedAt: AnyColumn }) =>
  sql<string | null>`case when ${member.phoneVerifiedAt} is not null then ${member.phone} end`;

const profileColumns = {
  _id: users.id,
  name: users.name,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  phone: users.phone,
  phoneVerifiedAt: users.phoneVerifiedAt,
  country_code: users.countryCode,
  about: users.about,
  age: users.age,
  gender: users.gender,
  image: users.image,
  role: users.role,
};

/** Members who registered with one name field have no first and last name yet: split it once. */
export function splitName(name: string): { first: string; last: string } {
  const trimmed = name.trim();
  const space = trimmed.indexOf(' ');
  return space < 0
    ? { first: trimmed, last: '' }
    : { first: trimmed.slice(0, space), last: trimmed.slice(space + 1).trim() };
}

export const fullName = (first: string, last: string | null) => (last ? `${first} ${last}` : first);

export async function getProfile(db: Db, userId: string): Promise<MemberProfile> {
  const [row] = await db.select(profileColumns).from(users).where(eq(users.id, userId)).limit(1);
  if (!row) throw notFound();
  const { firstName, lastName, phoneVerifiedAt, ...profile } = row;
  // Without a saved first name, the one name field is split.
  const split = firstName === null ? splitName(row.name) : { first: firstName, last: '' };
  return {
    ...profile,
    phone_verified: phoneVerifiedAt !== null,
    first_name: split.first,
    last_name: lastName ?? split.last,
  };
}

export async function updateProfile(db: Db, userId: string, input: UpdateProfileBody): Promise<MemberProfile> {
  const updated = await db
    .update(users)
    .set({
      firstName: input.first_name,
      lastName: input.last_name,
      name: fullName(input.first_name, input.last_name),
      about: input.about,
      age: input.age,
      gender: input.gender,
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  if (updated.length === 0) throw notFound();
  return getProfile(db, userId);
}

/**
 * Points the member at a newly stored image. Answers the image it replaced, for the caller to
 * release once this has committed (platform/media.ts).
 */
export function setProfileImage(db: Db, userId: string, image: string): Promise<{ replacedImage: string | null }> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select({ image: users.image }).from(users).where(eq(users.id, userId)).for('update');
    if (!before) throw notFound();
    await tx.update(users).set({ image, updatedAt: new Date() }).where(eq(users.id, userId));
    return { replacedImage: before.image !== image ? before.image : null };
  });
}

/** Keeps where the member looks for providers (null forgets it); answers what is now stored. */
export async function setLocation(
  db: Db,
  userId: string,
  location: ChosenLocation | null,
): Promise<{ location: ChosenLocation | null }> {
  const [row] = await db
    .update(users)
    .set({ location, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning({ location: users.location });
  if (!row) throw notFound();
  return { location: row.location ?? null };
}
