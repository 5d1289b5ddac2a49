import { z } from 'zod';
import { listQuery, memberRow, memberStatusFilter } from './admin.js';
import { priceUnits } from './checkout.js';
import { cents, pageQuery } from './common.js';
import { adminCatalogueText as t, providerText } from './messages.js';
import { portalCities } from './places.js';
import { searchWords } from './words.js';
import { dollarsAsCents } from './wallet.js';

/** Money crosses the wire in cents: `charges: 4500` is $45. */
export const category = z.object({ _id: z.uuid(), title: z.string(), image: z.string().nullable() });
export type Category = z.infer<typeof category>;

/**
 * The home page's offers and top providers: a page, and the city a visitor chose, whose rows come
 * first (the others follow, so a city with few still fills the section).
 */
export const homeListQuery = pageQuery.extend({
  city: z.enum(portalCities, { error: providerText.cityInvalid }).optional(),
});
export type HomeListQuery = z.infer<typeof homeListQuery>;

/** What an offer shows everyone and the admin alike; `amount` in cents. */
const offerFields = z.object({
  _id: z.uuid(),
  name: z.string(),
  title: z.string(),
  image: z.string().nullable(),
  aboutimage: z.string().nullable(),
  amount: cents,
  offer: z.string(),
});

export const offer = offerFields.extend({
  star: z.number().int().min(0).max(5),
  createdAt: z.string(),
  /** The provider the offer belongs to, with its review count. */
  user_id: z.object({ _id: z.uuid(), name: z.string(), reviewCount: z.number().int() }).nullable(),
  /**
   * Its coupon at checkout, when it carries one: money off (`discountCents`) or a share of the
   * service price (`discountBasisPoints`, hundredths of a percent), on bookings of its provider,
   * for one service (`categoryId`) or any (null).
   */
  coupon: z
    .object({ discountCents: cents, discountBasisPoints: z.number().int(), categoryId: z.uuid().nullable() })
    .nullable(),
  /** Where its provider is based; null for an offer of the platform's own. */
  city: z.enum(portalCities).nullable(),
});
export type Offer = z.infer<typeof offer>;

/**
 * A provider as cards show it: rating is the average of visible ratings, 0 without any. Where it
 * is based: `area` is the neighbourhood or ZIP area and the city, for anyone; `address` is the
 * street address only for those entitled to it (the provider itself, an administrator, a customer
 * with an accepted or completed booking with it) and otherwise the same text as `area`.
 */
export const providerCard = z.object({
  _id: z.uuid(),
  name: z.string(),
  image: z.string().nullable(),
  rating: z.number().min(0).max(5),
  reviewCount: z.number().int(),
  charges: cents,
  /**
   * The provider's cheapest line ("from $40 / hour"): the lowest price among the services it
   * offers, a service without its own line counting at `charges` per visit. `charges` stays the
   * per-visit figure older clients show.
   */
  fromPrice: z.object({ priceCents: cents, unit: z.enum(priceUnits) }),
  address: z.string(),
  area: z.string(),
  about: z.string().nullable(),
  /** The provider's public page is /providers/{slug}. */
  slug: z.string().nullable(),
});
export type ProviderCard = z.infer<typeof providerCard>;

/** A top provider's card names the city it is based in. */
export const topProviderCard = providerCard.extend({ city: z.enum(portalCities) });
export type TopProviderCard = z.infer<typeof topProviderCard>;

// ---------------------------------------------------------------- the admin's catalogue
// /services, /banners, /offers, /servicesDetail; titles are required
// (POST /services/service, /updateservice, /banner, /offer: multipart forms with image files;
// GET /services/delete*/{id}). The admin types dollars; cents cross the wire.

/** The multipart fields of the catalogue forms that carry files. */
export const catalogueFiles = { image: 'image', aboutImage: 'aboutimage' } as const;

export const catalogueLimits = { titleMax: 80, nameMax: 80, offerMax: 200 } as const;

/** A required text: trimmed, not empty, at most `max` characters. */
const requiredText = (required: string, tooLong: string, max: number) =>
  z.string({ error: required }).trim().min(1, { error: required }).max(max, { error: tooLong });

const title = requiredText(t.titleRequired, t.titleTooLong, catalogueLimits.titleMax);

/** Add Service (image required) and Add Banner (image required): the text of the form. */
export const serviceForm = z.object({ title });
export type ServiceFormInput = z.input<typeof serviceForm>;
export const bannerForm = z.object({ title });
export type BannerFormInput = z.input<typeof bannerForm>;

/** Edit: the service's id and its new title; the image is optional (the current one stays). */
export const serviceUpdateForm = serviceForm.extend({ _id: z.uuid({ error: t.serviceNotFound }) });

/** Add Offer: Name, Title, Amount (dollars, at most 2 decimals → cents), Offer; Image and About Image are files. */
export const offerForm = z.object({
  name: requiredText(t.nameRequired, t.nameTooLong, catalogueLimits.nameMax),
  title,
  amount: dollarsAsCents,
  offer: requiredText(t.offerRequired, t.offerTooLong, catalogueLimits.offerMax),
});
export type OfferFormInput = z.input<typeof offerForm>;

/** A service (category) as the admin sees it: archived ones are gone from every list but history. */
export const adminService = z.object({
  _id: z.uuid(),
  title: z.string(),
  image: z.string().nullable(),
  /** Providers offering it. */
  providers: z.number().int(),
  createdAt: z.string(),
  archivedAt: z.string().nullable(),
});
export type AdminService = z.infer<typeof adminService>;

export const banner = z.object({ _id: z.uuid(), title: z.string(), image: z.string(), createdAt: z.string() });
export type Banner = z.infer<typeof banner>;

/** An offer as the admin lists it; inactive offers are not shown to customers. */
export const adminOffer = offerFields.extend({
  active: z.boolean(),
  createdAt: z.string(),
});
export type AdminOffer = z.infer<typeof adminOffer>;

// ---------------------------------------------------------------- trade words
// What customers type for a service that its providers may never write ('plumber', 'maid',
// 'house cleaning'): a search for one finds every provider of the service. Kept per service on
// /servicesDetail (GET, POST and DELETE /admin/services/{id}/trade-words).

export const tradeWordLimits = { perService: 40, maxWords: 3, maxLength: 40 } as const;

/** A trade word as search compares it: its words, lower case and without accents, one space apart. */
export const tradePhrase = z
  .string({ error: t.tradeWordRequired })
  .trim()
  .min(1, { error: t.tradeWordRequired })
  .max(tradeWordLimits.maxLength, { error: t.tradeWordTooLong })
  .transform((text) => searchWords(text))
  .refine((words) => words.length > 0, { error: t.tradeWordRequired })
  .refine((words) => words.length <= tradeWordLimits.maxWords, { error: t.tradeWordTooManyWords })
  .transform((words) => words.join(' '));

export const tradeWordForm = z.object({ phrase: tradePhrase });
export type TradeWordFormInput = z.input<typeof tradeWordForm>;

export const tradeWord = z.object({ phrase: z.string(), createdAt: z.string() });
export type TradeWord = z.infer<typeof tradeWord>;

/** A provider of one service (/servicesDetail). Rating: average of visible ratings, 0 without any. */
export const serviceProvider = memberRow.omit({ createdAt: true }).extend({
  rating: z.number(),
  reviewCount: z.number().int(),
});
export type ServiceProvider = z.infer<typeof serviceProvider>;

// The admin lists: search (title, or name and title for offers) and sortable columns.
export const serviceSorts = ['title', 'providers', 'createdAt'] as const;
export const serviceListQuery = listQuery(serviceSorts);
export const bannerSorts = ['title', 'createdAt'] as const;
export const bannerListQuery = listQuery(bannerSorts);
export const offerSorts = ['name', 'title', 'amount', 'createdAt'] as const;
export const offerListQuery = listQuery(offerSorts);
export const serviceProviderSorts = ['name', 'email', 'status', 'rating'] as const;
/** The providers of one service: `categoryId` is required; `status` narrows to Active ('1') or Deactive ('0'). */
export const serviceProviderListQuery = listQuery(serviceProviderSorts).extend({
  categoryId: z.uuid({ error: t.serviceNotFound }),
  status: z.enum(memberStatusFilter, { error: t.providerStatusInvalid }).optional(),
});
