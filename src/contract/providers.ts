// Finding providers: search, the providers of a service, one provider, its reviews, and the
// search history (/Search and /Services_booking).
import { z } from 'zod';
import { providerCard } from './catalogue.js';
import { cents, pageQuery } from './common.js';
import { providerText as t } from './messages.js';

export const searchLimits = {
  /** Characters of one search text. */
  maxLength: 100,
  /** Words of a text that count; the rest is ignored. */
  maxWords: 8,
  maxWordLength: 40,
  /** Search records a member may store a minute. */
  recordsPerMinute: 20,
} as const;

/** `?text=&page&limit`: an empty text lists every provider, best rated first. */
export const searchQuery = pageQuery.extend({
  text: z
    .string({ error: t.searchTextInvalid })
    .trim()
    .max(searchLimits.maxLength, { error: t.searchTextTooLong })
    .default(''),
});
export type SearchQuery = z.infer<typeof searchQuery>;

/** A provider in a list, as the spec's service-user list and search result items have it. */
export const providerListItem = z.object({ _id: z.uuid(), user_id: providerCard });
export type ProviderListItem = z.infer<typeof providerListItem>;

export const providerService = z.object({ _id: z.uuid(), title: z.string() });

/** One provider: the card plus the services it offers. */
export const providerDetail = providerCard.extend({ services: z.array(providerService) });
export type ProviderDetail = z.infer<typeof providerDetail>;

/** A visible rating of a provider, with who wrote it. */
export const providerReview = z.object({
  _id: z.uuid(),
  count: z.number().int().min(1).max(5),
  comment: z.string(),
  createdAt: z.string(),
  rate_by: z.object({ _id: z.uuid(), name: z.string(), image: z.string().nullable() }),
});
export type ProviderReview = z.infer<typeof providerReview>;

export const serviceIdParam = z.object({ serviceId: z.uuid({ error: t.serviceIdInvalid }) });
export const providerIdParam = z.object({ id: z.uuid({ error: t.providerIdInvalid }) });

/** POST /services/searchrecord: what a signed-in member searched for. */
export const searchRecordBody = z.object({
  user_id: z.uuid({ error: t.userIdInvalid }),
  text: z
    .string({ error: t.searchTextRequired })
    .trim()
    .min(1, { error: t.searchTextRequired })
    .max(searchLimits.maxLength, { error: t.searchTextTooLong }),
});
export type SearchRecordBody = z.input<typeof searchRecordBody>;

// ---------------------------------------------------------------- the admin's vendor detail (/vendorDetail)

/** GET /admin/vendors/:id: a provider as the admin sees it, whatever its status. */
export const vendorDetail = z.object({
  _id: z.uuid(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  image: z.string().nullable(),
  about: z.string().nullable(),
  /** '0' Deactive, '1' Active. */
  status: z.enum(['0', '1']),
  isBlocked: z.boolean(),
  createdAt: z.string(),
  /** Null for a provider account without a profile yet. */
  profile: z
    .object({
      city: z.string(),
      address: z.string(),
      timeZone: z.string(),
      charges: cents,
      slotMinutes: z.number().int(),
      bufferMinutes: z.number().int(),
      /** Average of the visible ratings, one decimal; 0 without any. */
      rating: z.number(),
      reviewCount: z.number().int(),
    })
    .nullable(),
  /** Every category the provider offers, archived ones marked. */
  services: z.array(providerService.extend({ archived: z.boolean() })),
  /** Weekly hours (weekday 0 = Sunday, minutes since local midnight); none means 09:00–18:00 daily. */
  workingHours: z.array(
    z.object({ weekday: z.number().int(), startMinute: z.number().int(), endMinute: z.number().int() }),
  ),
});
export type VendorDetail = z.infer<typeof vendorDetail>;
