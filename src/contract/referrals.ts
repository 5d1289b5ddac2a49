// Referrals as the admin lists them (/referral,
// GET /transaction/adminReferralListing): one row per member who joined with someone's code.
import { z } from 'zod';
import { listQuery } from './admin.js';

/** Newest joined first by default; user sorts by the referrer's email, first by the joined member's. */
export const referralSorts = ['joined', 'user', 'first'] as const;
export const referralListQuery = listQuery(referralSorts);

const person = z.object({ _id: z.uuid(), email: z.string().nullable(), name: z.string() });

export const referralRow = z.object({
  _id: z.uuid(),
  /** Who referred (the User column). */
  referBy: person,
  /** The member who joined with that code (First Connection). */
  first_referral: person,
  /** The members the joined member referred in turn (Second Connection), earliest first. */
  second_referral: z.array(person),
  /** When the member joined. */
  createdAt: z.string(),
});
export type ReferralRow = z.infer<typeof referralRow>;

/** GET /members/referral (ours): the signed-in member's code and how many members joined with it. */
export const myReferral = z.object({ code: z.string(), joined: z.number().int() });
export type MyReferral = z.infer<typeof myReferral>;
