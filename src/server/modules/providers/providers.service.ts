// Providers as customers see them (/Services_booking; search is providers.search.ts): top
// providers, one provider with its services, and its reviews; and a provider's
// weekly hours, which its portal and the back-office read too. A provider is listed when it is an
// active ('1'), unblocked provider account with a profile. Its street address is shown only to
// those entitled to it (`streetAddressesFor`); everyone else sees its area.
import { and, asc, count, desc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { BookingStatus } from '../../../contract/bookings.js';
import type { ProviderCard, TopProviderCard } from '../../../contract/catalogue.js';
import type { PageQuery, Role } from '../../../contract/common.js';
import { providerText } from '../../../contract/messages.js';
import type { PortalCity } from '../../../contract/portal.js';
import type { ProviderDetail, ProviderReview } from '../../../contract/providers.js';
import type { Db } from '../../db/client.js';
import {
  bookings,
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
import { areaOf } from '../../platform/places.js';
import { fromPrice } from '../bookings/prices.service.js';

// ---------------------------------------------------------------- what a card shows

/**
 * Providers a customer may see: active ('1'), not blocked, with a profile. The database keeps
 * that in the profile's `listed` (see refreshProviderSearch); a bare column, not `= $1`, so the
 * partial indexes (where listed) are provably usable.
 */
const listed = sql`${providerProfiles.listed}`;

/** The columns a card (`providerCard`, contract/catalogue.ts) is made of by `toCard`; charges in cents. */
export const cardColumns = {
  _id: users.id,
  name: users.name,
  image: users.image,
  rating: providerProfiles.ratingAvg,
  reviewCount: providerProfiles.reviewCount,
  charges: providerProfiles.chargesCents,
  fromPrice,
  address: providerProfiles.address,
  city: providerProfiles.city,
  about: users.about,
  slug: providerProfiles.slug,
};
export type CardRow = Omit<ProviderCard, 'area'> & { city: PortalCity };

/** Who asks for a card: a signed-in member or administrator, or null for a visitor. */
export type Viewer = { id: string; role: Role } | null;

/** The bookings that entitle a customer to the provider's street address. */
const addressStatuses = ['accepted', 'completed'] as const satisfies readonly BookingStatus[];

/**
 * The providers among `providerIds` whose street address the viewer may read: an administrator
 * all of them, a provider its own, a member those it has an accepted or completed booking with (a
 * request, a declined, cancelled or expired booking does not count). One query for a whole page.
 */
export async function streetAddressesFor(db: Db, viewer: Viewer, providerIds: string[]): Promise<Set<string>> {
  if (!viewer || providerIds.length === 0) return new Set();
  if (viewer.role === 'admin') return new Set(providerIds);
  const rows = await db
    .selectDistinct({ id: bookings.providerId })
    .from(bookings)
    .where(
      and(
        eq(bookings.customerId, viewer.id),
        inArray(bookings.status, addressStatuses),
        inArray(bookings.providerId, providerIds),
      ),
    );
  const shown = new Set(rows.map((row) => row.id));
  if (providerIds.includes(viewer.id)) shown.add(viewer.id);
  return shown;
}

/** A card with its area; the street address only when `streetShown`, else the area in its place. */
export function toCard({ city, address, ...card }: CardRow, streetShown: boolean): ProviderCard {
  const area = areaOf(address, city);
  return { ...card, address: streetShown ? address : area, area };
}

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

/**
 * Every listed provider, best rated first (top providers), a page of cards, each naming its city;
 * with `city`, the providers based there come first. The answer is the same for everyone (the
 * catalogue caches it), so no card carries a street address.
 */
export async function listBestRated(db: Db, query: PageQuery, city?: PortalCity): Promise<Page<TopProviderCard>> {
  const [rows, [counted]] = await Promise.all([
    city ? bestRatedFrom(db, query, city) : bestRatedPage(db, query),
    db.select({ n: count() }).from(providerProfiles).where(listed),
  ]);
  return {
    items: rows.map((row) => ({ ...toCard(row, false), city: row.city })),
    meta: metaOf(query, counted?.n ?? 0),
  };
}

const bestRatedPage = (db: Db, query: PageQuery) =>
  db
    .select(cardColumns)
    .from(providerProfiles)
    .innerJoin(users, eq(users.id, providerProfiles.userId))
    .where(listed)
    .orderBy(...bestRated)
    .limit(query.limit)
    .offset(offsetOf(query));

/**
 * The page of the city's providers followed by everyone else's, each best rated first. One
 * statement of two walks, each stopping at the end of the page: the city's along
 * `provider_profiles_city_rating_idx`, the others' along `provider_profiles_rating_idx`; only
 * what they took is sorted, never the whole table.
 */
async function bestRatedFrom(db: Db, query: PageQuery, city: PortalCity) {
  const upTo = offsetOf(query) + query.limit;
  const walk = (where: SQL | undefined, elsewhere: 0 | 1) =>
    db
      .select({
        ...cardColumns,
        searchName: providerProfiles.searchName,
        elsewhere: sql.raw(String(elsewhere)).as('elsewhere'),
      })
      .from(providerProfiles)
      .innerJoin(users, eq(users.id, providerProfiles.userId))
      .where(and(listed, where))
      .orderBy(...bestRated)
      .limit(upTo);
  // A union is ordered by its output columns, named as the tables name them.
  const rows = await unionAll(walk(eq(providerProfiles.city, city), 0), walk(ne(providerProfiles.city, city), 1))
    .orderBy(
      sql`${sql.identifier('elsewhere')}`,
      sql`${sql.identifier('rating_avg')} desc`,
      sql`${sql.identifier('review_count')} desc`,
      sql`${sql.identifier('search_name')}`,
      sql`${sql.identifier('id')}`,
    )
    .limit(query.limit)
    .offset(offsetOf(query));
  return rows.map(({ searchName: _name, elsewhere: _elsewhere, ...row }) => row);
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

/** A listed provider's card as the viewer may see it, or a 404. */
async function listedCard(db: Db, providerId: string, viewer: Viewer): Promise<ProviderCard> {
  const [card] = await db
    .select(cardColumns)
    .from(users)
    .innerJoin(providerProfiles, eq(providerProfiles.userId, users.id))
    .where(and(eq(users.id, providerId), listed))
    .limit(1);
  if (!card) throw notFound(providerText.providerNotFound);
  const shown = await streetAddressesFor(db, viewer, [card._id]);
  return toCard(card, shown.has(card._id));
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

/** The listed provider whose public page is /providers/{slug}; null for any other slug. */
export async function listedProviderBySlug(db: Db, slug: string): Promise<string | null> {
  const [row] = await db
    .select({ id: providerProfiles.userId })
    .from(providerProfiles)
    .where(and(eq(providerProfiles.slug, slug), listed))
    .limit(1);
  return row?.id ?? null;
}

/** The card as the viewer may see it, plus the services it offers (not archived), by title, its time zone and slot length. */
export async function getProvider(db: Db, providerId: string, viewer: Viewer): Promise<ProviderDetail> {
  const card = await listedCard(db, providerId, viewer);
  const [profile] = await db
    .select({
      timeZone: providerProfiles.timeZone,
      city: providerProfiles.city,
      slotMinutes: providerProfiles.slotMinutes,
    })
    .from(providerProfiles)
    .where(eq(providerProfiles.userId, providerId));
  const services = await db
    .select({ _id: categories.id, title: categories.title })
    .from(providerServices)
    .innerJoin(categories, eq(categories.id, providerServices.categoryId))
    .where(and(eq(providerServices.providerId, providerId), isNull(categories.archivedAt)))
    .orderBy(asc(categories.title), asc(categories.id));
  if (!profile) throw notFound(providerText.providerNotFound);
  return { ...card, services, ...profile };
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
