// The public catalogue: service categories, offers and the top providers (customer.md §3, §7).
import { asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Category, Offer, ProviderCard } from '../../../contract/catalogue.js';
import type { PageQuery } from '../../../contract/common.js';
import type { Db } from '../../db/client.js';
import { countRows, offsetOf, type Page, pageOf, totalOver } from '../../db/paging.js';
import { categories, offers, providerProfiles, users } from '../../db/schema.js';
import { listBestRated } from '../providers/providers.service.js';

// ---------------------------------------------------------------- categories

const visibleCategory = isNull(categories.archivedAt);

/** Non-archived categories by title. */
export async function listCategories(db: Db, query: PageQuery): Promise<Page<Category>> {
  const rows = await db
    .select({ _id: categories.id, title: categories.title, image: categories.image, total: totalOver() })
    .from(categories)
    .where(visibleCategory)
    .orderBy(asc(categories.title), asc(categories.id))
    .limit(query.limit)
    .offset(offsetOf(query));
  return pageOf(rows, query, () => countRows(db, categories, visibleCategory));
}

// ---------------------------------------------------------------- offers

const activeOffer = eq(offers.active, true);

/** Active offers, newest first, each with its provider (name and review count) or null. */
export async function listOffers(db: Db, query: PageQuery): Promise<Page<Offer>> {
  const rows = await db
    .select({
      _id: offers.id,
      name: offers.name,
      title: offers.title,
      image: offers.image,
      aboutimage: offers.aboutImage,
      amount: offers.amountCents,
      offer: offers.offer,
      star: offers.star,
      createdAt: offers.createdAt,
      providerId: users.id,
      providerName: users.name,
      // A provider account without a profile has no reviews yet.
      reviewCount: sql<number>`coalesce(${providerProfiles.reviewCount}, 0)`.mapWith(Number),
      total: totalOver(),
    })
    .from(offers)
    .leftJoin(users, eq(users.id, offers.providerId))
    .leftJoin(providerProfiles, eq(providerProfiles.userId, offers.providerId))
    .where(activeOffer)
    .orderBy(desc(offers.createdAt), desc(offers.id))
    .limit(query.limit)
    .offset(offsetOf(query));
  const page = await pageOf(rows, query, () => countRows(db, offers, activeOffer));
  return {
    meta: page.meta,
    items: page.items.map(({ providerId, providerName, reviewCount, createdAt, ...item }) => ({
      ...item,
      createdAt: createdAt.toISOString(),
      user_id: providerId && providerName !== null ? { _id: providerId, name: providerName, reviewCount } : null,
    })),
  };
}

// ---------------------------------------------------------------- top providers

/**
 * Active providers, best rated (`rating_avg`, one decimal, 0 without reviews) first; more
 * reviews break a tie, then the name. One walk of the rating index (providers.service.ts).
 */
export function listTopProviders(db: Db, query: PageQuery): Promise<Page<ProviderCard>> {
  return listBestRated(db, query);
}
