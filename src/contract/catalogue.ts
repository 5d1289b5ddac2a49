import { z } from 'zod';
import { cents } from './common.js';

/** Money crosses the wire in cents: `charges: 4500` is $45. */
export const category = z.object({ _id: z.uuid(), title: z.string(), image: z.string().nullable() });
export type Category = z.infer<typeof category>;

export const offer = z.object({
  _id: z.uuid(),
  name: z.string(),
  title: z.string(),
  image: z.string().nullable(),
  aboutimage: z.string().nullable(),
  amount: cents,
  offer: z.string(),
  star: z.number().int().min(0).max(5),
  createdAt: z.string(),
  /** The provider the offer belongs to, with its review count (customer.md §3). */
  user_id: z.object({ _id: z.uuid(), name: z.string(), reviewCount: z.number().int() }).nullable(),
});
export type Offer = z.infer<typeof offer>;

/** A provider as cards show it: rating is the average of visible ratings, 0 without any. */
export const providerCard = z.object({
  _id: z.uuid(),
  name: z.string(),
  image: z.string().nullable(),
  rating: z.number().min(0).max(5),
  reviewCount: z.number().int(),
  charges: cents,
  address: z.string(),
  about: z.string().nullable(),
});
export type ProviderCard = z.infer<typeof providerCard>;
