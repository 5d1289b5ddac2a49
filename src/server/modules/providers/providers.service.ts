// Providers as customers see them (/Services_booking; search is providers.search.ts): top
// providers, one provider with its services, and its reviews; and a provider's
// weekly hours, which its portal and the back-office read too. A provider is listed when it is an
// active ('1'), unblocked provider account with a profile.
import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { ProviderCard } from '../../../contract/catalogue.js';
import type { PageQuery } from '../../../contract/common.js';
import { providerText } from '../../../contract/messages.js';
import type { ProviderDetail, ProviderReview } from '../../../contract/providers.js';
import type { Db } from '../../db/client.js';
import {
  categories,
  providerProfiles,
  providerServices,
  ratings,
  searchRecords,
  users,
  workingHours,
} from '../../db/schema.js';
import { notFound } from '../../errors.js';
import { countRows, metaOf, offsetOf, type Page, pageOf, totalOver } from '../../platform/listing.js';

// ---------------------------------------------------------------- what a card shows

/**
 * Providers a customer may see: active ('1'), not blocked, with a profile. The database keeps
 * that in the profile's `listed` (see refreshProviderSearch); a bare column, not `= $1`, so the
 * partial indexes (where listed) are provably usable.
 */
const listed = sql`${providerProfiles.listed}`;

/** The columns of `providerCard` (contract/catalogue.ts); charges in cents. */
export const cardColumns = {
  _id: users.id,
  name: users.name,
  image: users.image,
  rating: providerProfiles.ratingAvg,
  reviewCount: providerProfiles.reviewCount,
  charges: providerProfiles.chargesCents,
  address: providerProfiles.address,
  about: users.about,
};

/**
 * Best rated first; more reviews break a tie, then the name and the id (stable pages). The
 * order of the index `provider_profiles_rating_idx`, so a page reads only its own rows.
 */
export const bestRated = [
  desc(providerProfiles.ratingAvg),
  desc(providerProfiles.reviewCount),
  asc(providerProfiles.searchName),
  asc(providerProfiles.userId),
] as const;

/** Every listed provider, best rated first (top providers), a page of cards. */
export async function listBestRated(db: Db, query: PageQuery): Promise<Page<ProviderCard>> {
  const [items, [counted]] = await Promise.all([
    db
      .select(cardColumns)
      .from(providerProfiles)
      .innerJoin(users, eq(users.id, providerProfiles.userId))
      .where(listed)
      .orderBy(...bestRated)
      .limit(query.limit)
      .offset(offsetOf(query)),
    db.select({ n: count() }).from(providerProfiles).where(listed),
  ]);
  return { items, meta: metaOf(query, counted?.n ?? 0) };
}

// ---------------------------------------------------------------- keeping search up to date

/**
 * Copies a provider's name, about text, service titles and whether customers may see it into
 * its profile, where the database turns the texts into the search vectors. The one definition
 * is the SQL function `refresh_provider_search` (migration 0002); triggers run it on every write
 * to a provider's user row, services, profile or to a category, so this is for code that wants
 * to be explicit (the factories) and for repairs.
 */
export async function refreshProviderSearch(db: Db, providerId: string): Promise<void> {
  await db.execute(sql`select refresh_provider_search(${providerId}::uuid)`);
}

// ---------------------------------------------------------------- search history

/** Keeps what a member searched for (the route limits how often). */
export async function recordSearch(db: Db, userId: string, text: string): Promise<void> {
  await db.insert(searchRecords).values({ userId, text });
}

/** 404 unless the category exists and is not archived (the providers of a service). */
export async function assertOpenCategory(db: Db, categoryId: string): Promise<void> {
  const [category] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.id, categoryId), isNull(categories.archivedAt)))
    .limit(1);
  if (!category) throw notFound(providerText.serviceNotFound);
}

// ---------------------------------------------------------------- one provider

/**
 * A provider's weekly hours (minutes since midnight), by weekday and start: what its portal
 * schedule and the admin's /vendorDetail show.
 */
export function weeklyHours(db: Db, providerId: string) {
  return db
    .select({ weekday: workingHours.weekday, startMinute: workingHours.startMinute, endMinute: workingHours.endMinute })
    .from(workingHours)
    .where(eq(workingHours.providerId, providerId))
    .orderBy(asc(workingHours.weekday), asc(workingHours.startMinute));
}

/** A listed provider's card, or a 404. */
async function listedCard(db: Db, providerId: string): Promise<ProviderCard> {
  const [card] = await db
    .select(cardColumns)
    .from(users)
    .innerJoin(providerProfiles, eq(providerProfiles.userId, users.id))
    .where(and(eq(users.id, providerId), listed))
    .limit(1);
  if (!card) throw notFound(providerText.providerNotFound);
  return card;
}

/** True when the id is a listed provider (favourites may only point at one). */
export async function isListedProvider(db: Db, providerId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(providerProfiles, eq(providerProfiles.userId, users.id))
    .where(and(eq(users.id, providerId), listed))
    .limit(1);
  return Boolean(row);
}

/** The card plus the services it offers (not archived), by title. */
export async function getProvider(db: Db, providerId: string): Promise<ProviderDetail> {
  const card = await listedCard(db, providerId);
  const services = await db
    .select({ _id: categories.id, title: categories.title })
    .from(providerServices)
    .innerJoin(categories, eq(categories.id, providerServices.categoryId))
    .where(and(eq(providerServices.providerId, providerId), isNull(categories.archivedAt)))
    .orderBy(asc(categories.title), asc(categories.id));
  return { ...card, services };
}

/** A listed provider's visible ratings, newest first, each with who wrote it. */
export async function listProviderReviews(db: Db, providerId: string, query: PageQuery): Promise<Page<ProviderReview>> {
  if (!(await isListedProvider(db, providerId))) throw notFound(providerText.providerNotFound);
  const where = and(eq(ratings.rateTo, providerId), eq(ratings.hidden, false));
  const rows = await db
    .select({
      _id: ratings.id,
      count: ratings.count,
      comment: ratings.comment,
      createdAt: ratings.createdAt,
      raterId: users.id,
      raterName: users.name,
      raterImage: users.image,
      total: totalOver(),
    })
    .from(ratings)
    .innerJoin(users, eq(users.id, ratings.rateBy))
    .where(where)
    .orderBy(desc(ratings.createdAt), desc(ratings.id))
    .limit(query.limit)
    .offset(offsetOf(query));
  const page = await pageOf(rows, query, () => countRows(db, ratings, where));
  return {
    meta: page.meta,
    items: page.items.map(({ raterId, raterName, raterImage, createdAt, ...review }) => ({
      ...review,
      createdAt: createdAt.toISOString(),
      rate_by: { _id: raterId, name: raterName, image: raterImage },
    })),
  };
}
