// Finding providers: search, the providers of a service, one provider, its reviews, and the
// search history (/Search and /Services_booking).
import { z } from 'zod';
import { providerCard } from './catalogue.js';
import { isCalendarDate } from './bookings.js';
import { cents, pageMeta, pageQuery } from './common.js';
import { providerText as t } from './messages.js';
import { latitude, longitude } from './places.js';
import { portalCities } from './portal.js';
import { searchWordLimits } from './words.js';

export const searchLimits = {
  /** Characters of one search text. */
  maxLength: 100,
  ...searchWordLimits,
  /** Search records a member may store a minute. */
  recordsPerMinute: 20,
} as const;

/** Radii a customer can search within, and a provider's service area. */
export const distanceLimits = {
  /** 5, 10 and 25 miles, as whole km (radiusToKm in format.ts). */
  choicesKm: [8, 16, 40],
  radiusKm: { min: 1, max: 80, default: 25 },
} as const;

export const discoveryLimits = {
  /** Totals are exact up to this many; beyond it the answer says "1,000+". */
  countCap: 1000,
  suggestions: 8,
  suggestMax: 40,
} as const;

export const searchSorts = ['match', 'rating', 'price', 'distance'] as const;
export type SearchSort = (typeof searchSorts)[number];

/** A query parameter left empty (`?minPrice=`) is no filter. */
const optional = <T extends z.ZodTypeAny>(schema: T) =>
  z.preprocess((value) => (value === '' || value === null ? undefined : value), schema.optional());

const dollars = z.coerce
  .number({ error: t.priceInvalid })
  .min(0, { error: t.priceInvalid })
  .max(100_000, { error: t.priceInvalid });

/**
 * The filters of search and of the providers of a service, all optional. `city` keeps the
 * providers based in a served city and measures distances from its centre; `lat`+`lng` keep the
 * providers whose service area reaches that point (and, with `radiusKm`, within that distance).
 */
export const discoveryFilters = z.object({
  text: z
    .string({ error: t.searchTextInvalid })
    .trim()
    .max(searchLimits.maxLength, { error: t.searchTextTooLong })
    .default(''),
  category: optional(z.uuid({ error: t.serviceIdInvalid })),
  city: optional(z.enum(portalCities, { error: t.cityInvalid })),
  lat: optional(latitude),
  lng: optional(longitude),
  radiusKm: optional(
    z.coerce
      .number({ error: t.radiusInvalid })
      .int({ error: t.radiusInvalid })
      .min(1, { error: t.radiusInvalid })
      .max(distanceLimits.radiusKm.max, { error: t.radiusInvalid }),
  ),
  minPrice: optional(dollars),
  maxPrice: optional(dollars),
  minRating: optional(
    z.coerce.number({ error: t.ratingInvalid }).min(0, { error: t.ratingInvalid }).max(5, { error: t.ratingInvalid }),
  ),
  date: optional(z.string({ error: t.dateInvalid }).refine(isCalendarDate, { error: t.dateInvalid })),
  sort: optional(z.enum(searchSorts, { error: t.sortInvalid })),
});

const checkFilters = <T extends z.infer<typeof discoveryFilters>>(q: T, ctx: z.RefinementCtx) => {
  if ((q.lat === undefined) !== (q.lng === undefined))
    ctx.addIssue({ code: 'custom', path: [q.lat === undefined ? 'lat' : 'lng'], message: t.pointIncomplete });
  if (q.radiusKm !== undefined && q.lat === undefined && q.city === undefined)
    ctx.addIssue({ code: 'custom', path: ['radiusKm'], message: t.radiusNeedsPoint });
  if (q.minPrice !== undefined && q.maxPrice !== undefined && q.minPrice > q.maxPrice)
    ctx.addIssue({ code: 'custom', path: ['minPrice'], message: t.priceRangeInvalid });
  if (q.sort === 'distance' && q.lat === undefined && q.city === undefined)
    ctx.addIssue({ code: 'custom', path: ['sort'], message: t.sortNeedsPoint });
};

/** `GET /services/search?text=&…filters&page&limit`: no text and no filter lists every provider, best rated first. */
export const searchQuery = pageQuery.extend(discoveryFilters.shape).superRefine(checkFilters);
export type SearchQuery = z.infer<typeof searchQuery>;
export type DiscoveryFilters = Omit<SearchQuery, 'page' | 'limit'>;

/** The providers of a service take the same filters but the category, which is in the path. */
export const serviceProvidersQuery = pageQuery
  .extend(discoveryFilters.omit({ category: true }).shape)
  .superRefine(checkFilters);

/** A free slot: the provider's local date and start time. */
export const nextSlot = z.object({ date: z.string(), time: z.string() });
export type NextSlot = z.infer<typeof nextSlot>;

/**
 * A provider in a list, as the service-user list and the search results have it, plus
 * where it is based, how far it is from the chosen point (km, one decimal; only when a location
 * is given) and its next free slot in the next two weeks (null: none).
 */
export const providerListItem = z.object({
  _id: z.uuid(),
  user_id: providerCard,
  city: z.enum(portalCities),
  distanceKm: z.number().optional(),
  nextSlot: nextSlot.nullable(),
});
export type ProviderListItem = z.infer<typeof providerListItem>;

/** `total` is exact up to `discoveryLimits.countCap`; beyond it `total` is the cap and `more` is true. */
export const discoveryMeta = pageMeta.extend({ more: z.boolean().optional() });
export type DiscoveryMeta = z.infer<typeof discoveryMeta>;

/** GET /services/suggest?text=: up to 8 categories and provider names for what is being typed. */
export const suggestQuery = z.object({
  text: z
    .string({ error: t.searchTextInvalid })
    .trim()
    .max(discoveryLimits.suggestMax, { error: t.searchTextTooLong })
    .default(''),
});
export const suggestion = z.object({
  kind: z.enum(['category', 'provider']),
  _id: z.uuid(),
  label: z.string(),
  /** A provider's public page (providerCardPath); null for a category, or a provider not given one yet. */
  slug: z.string().nullable(),
});
export type Suggestion = z.infer<typeof suggestion>;

export const providerService = z.object({ _id: z.uuid(), title: z.string() });

/**
 * One provider: the card plus the services it offers and the time zone its slots and bookings are
 * in (the booking dialog places a new booking among the customer's others with it), and its city.
 */
export const providerDetail = providerCard.extend({
  services: z.array(providerService),
  timeZone: z.string(),
  /** How long a job of a service without a line of its own takes (`jobMinutes`). */
  slotMinutes: z.number().int(),
  /** The served city it is based in: its public page's place. */
  city: z.enum(portalCities),
});
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
/** A provider page's slug (/providers/{slug}); one that names no listed provider is a 404. */
export const providerSlugParam = z.object({ slug: z.string() });

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
      /** How far from its base point the provider travels, km. */
      radiusKm: z.number().int(),
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
