// A member's own referral code and how many joined with it. Recording who
// referred whom happens at sign-up (auth.service.ts recordReferral); the admin lists it on /referral.
import { count, eq } from 'drizzle-orm';
import type { MyReferral } from '../../../contract/referrals.js';
import type { Db } from '../../db/client.js';
import { referrals, users } from '../../db/schema.js';
import { notFound } from '../../errors.js';

/** One statement: the code, and the referrals counted on referrals_referred_by_idx. */
export async function myReferral(db: Db, userId: string): Promise<MyReferral> {
  const [row] = await db
    .select({ code: users.referralCode, joined: count(referrals.id) })
    .from(users)
    .leftJoin(referrals, eq(referrals.referredBy, users.id))
    .where(eq(users.id, userId))
    .groupBy(users.id);
  if (!row) throw notFound();
  return row;
}
