// Providers as customers find them (/Search, /Services_booking): search, the
// providers of a service, one provider with its services, and its reviews; and a provider's
// weekly hours, which its portal and the back-office read too. A provider is listed when it is an
// active ('1'), unblocked provider account with a profile.
import { and, asc, count, desc, eq, isNull, not, sql, type SQL } from 'drizzle-orm';
import type { ProviderCard } from '../../../contract/catalogue.js';
import type { PageQuery } from '../../../contract/common.js';
import { providerText } from '../../../contract/messages.js';
import type { ProviderDetail, ProviderListItem, ProviderReview } from '../../../contract/providers.js';
import { searchLimits } from '../../../contract/providers.js';
import { execute, type Db } from '../../db/client.js';
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

const asListItem = <T extends ProviderCard>({ _id, ...card }: T): ProviderListItem => ({
  _id,
  user_id: { _id, ...card },
});

/**
 * Cards of listed providers matching `where` (on the profile), best rated first. `few` says
 * that only a few rows match: they are then found through their own index and sorted, instead
 * of walking the rating index until enough turn up (`+ 0` hides that index from the planner,
 * whose guess for word prefixes is often far off).
 */
function cards(db: Db, where: SQL | undefined, limit: number, offset: number, few = false) {
  const order = few ? [sql`${providerProfiles.ratingAvg} + 0 desc`, ...bestRated.slice(1)] : bestRated;
  return db
    .select(cardColumns)
    .from(providerProfiles)
    .innerJoin(users, eq(users.id, providerProfiles.userId))
    .where(and(listed, where))
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
}

async function countListed(db: Db, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(providerProfiles).where(and(listed, where));
  return row?.n ?? 0;
}

/** How many listed providers match, counting no further than `limit + 1`. */
async function countUpTo(db: Db, where: SQL | undefined, limit: number): Promise<number> {
  const some = db
    .select({ one: sql`1` })
    .from(providerProfiles)
    .where(and(listed, where))
    .limit(limit + 1)
    .as('some');
  const [row] = await db.select({ n: count() }).from(some);
  return row?.n ?? 0;
}

/** Every listed provider, best rated first (top providers; a search without words). */
export async function listBestRated(db: Db, query: PageQuery): Promise<Page<ProviderCard>> {
  const [items, total] = await Promise.all([
    cards(db, undefined, query.limit, offsetOf(query)),
    countListed(db, undefined),
  ]);
  return { items, meta: metaOf(query, total) };
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

// ---------------------------------------------------------------- search

/**
 * The words of a search text: letters and digits only (nothing of tsquery's syntax gets
 * through), lower-cased, at most `searchLimits.maxWords`.
 */
export function searchWords(text: string): string[] {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, searchLimits.maxWords)
    .map((word) => word.slice(0, searchLimits.maxWordLength));
}

/**
 * Each word as a prefix of a lexeme: as typed (names and service titles are not stemmed) or,
 * when English stems it to something else, its stem as well (the about text is stemmed):
 * 'cleaning' also finds 'cleans'. Stop words have no stem and match as typed only.
 */
async function wordQueries(db: Db, words: string[]): Promise<SQL[]> {
  const rows = await execute<{ stem: string | null }>(
    db,
    sql`select (ts_lexize('english_stem', w))[1] as stem from unnest(${sql.param(words)}::text[]) with ordinality as t(w, n) order by n`,
  );
  return words.map((word, i) => {
    const stem = rows[i]?.stem;
    // A stem that begins the word finds all the word finds: it alone is enough.
    const prefixes =
      !stem || !/^[\p{L}\p{N}]+$/u.test(stem)
        ? `${word}:*`
        : word.startsWith(stem)
          ? `${stem}:*`
          : `${word}:* | ${stem}:*`;
    return sql`to_tsquery('simple', ${prefixes})`;
  });
}

/** Any of the words as the prefix of a word of the name, or of a service title. */
const anyWord = (words: string[]) => sql`to_tsquery('simple', ${words.map((word) => `${word}:*`).join(' | ')})`;

/** Below this many matching rows, sorting them beats walking the rating index to find them. */
const fewRows = 2000;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Listed providers with every word of the text as a word prefix in their name, service titles
 * or about text. Those with a word in the name come first, then those with one in a service
 * title, then the rest; the best rated first within each. When no provider matches so, the
 * text is looked for inside the names (`like`), so a part of a name still finds its provider.
 * Without words: every listed provider, best rated first.
 */
export async function searchProviders(db: Db, text: string, query: PageQuery): Promise<Page<ProviderListItem>> {
  const words = searchWords(text);
  if (text.trim() === '') {
    const page = await listBestRated(db, query);
    return { meta: page.meta, items: page.items.map(asListItem) };
  }
  const offset = offsetOf(query);
  const wanted = offset + query.limit;
  if (words.length === 0) return inNames(db, text, query);

  const matches = sql`${providerProfiles.searchVector} @@ (${sql.join(await wordQueries(db, words), sql` && `)})`;
  const inName = sql`${providerProfiles.nameVector} @@ ${anyWord(words)}`;
  const inService = sql`${providerProfiles.servicesVector} @@ ${anyWord(words)}`;
  // The tiers are disjoint. Each is read in the rating order up to the end of the page, and only
  // while the tiers before it have not filled it. The total is counted meanwhile.
  const tiers = [and(matches, inName), and(matches, not(inName), inService), and(matches, not(inName), not(inService))];
  const readTiers = async () => {
    let rows: ProviderCard[] = [];
    for (const tier of tiers) {
      if (rows.length >= wanted) break;
      const few = await countUpTo(db, tier, fewRows);
      if (few === 0) continue;
      rows = rows.concat(await cards(db, tier, wanted - rows.length, 0, few <= fewRows));
    }
    return rows;
  };
  const [total, rows] = await Promise.all([countListed(db, matches), readTiers()]);
  if (total > 0) return { meta: metaOf(query, total), items: rows.slice(offset, wanted).map(asListItem) };
  return inNames(db, text, query);
}

/**
 * Providers whose name holds the text ('elgado', "o'c"): what search answers when no word
 * matches. The names are in the rating index, so the page is found there without reading the
 * table, then its cards are read.
 */
async function inNames(db: Db, text: string, query: PageQuery): Promise<Page<ProviderListItem>> {
  const inNameText = sql`${providerProfiles.searchName} like ${`%${escapeLike(text.trim().toLowerCase())}%`}`;
  const hits = db
    .select({ id: sql<string>`${providerProfiles.userId}`.as('hit_id') })
    .from(providerProfiles)
    .where(and(listed, inNameText))
    .orderBy(...bestRated)
    .limit(query.limit)
    .offset(offsetOf(query))
    .as('hits');
  const [found, named] = await Promise.all([
    countListed(db, inNameText),
    db
      .select(cardColumns)
      .from(hits)
      .innerJoin(providerProfiles, eq(providerProfiles.userId, hits.id))
      .innerJoin(users, eq(users.id, hits.id))
      .orderBy(...bestRated),
  ]);
  return { meta: metaOf(query, found), items: named.map(asListItem) };
}

/** Keeps what a member searched for (the route limits how often). */
export async function recordSearch(db: Db, userId: string, text: string): Promise<void> {
  await db.insert(searchRecords).values({ userId, text });
}

// ---------------------------------------------------------------- providers of a service

/** Listed providers offering a category that is not archived, best rated first. */
export async function listProvidersOfService(
  db: Db,
  categoryId: string,
  query: PageQuery,
): Promise<Page<ProviderListItem>> {
  const [category] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.id, categoryId), isNull(categories.archivedAt)))
    .limit(1);
  if (!category) throw notFound(providerText.serviceNotFound);
  const offers = sql`exists (select 1 from ${providerServices} where ${providerServices.providerId} = ${providerProfiles.userId} and ${providerServices.categoryId} = ${categoryId})`;
  const [items, total] = await Promise.all([cards(db, offers, query.limit, offsetOf(query)), countListed(db, offers)]);
  return { items: items.map(asListItem), meta: metaOf(query, total) };
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
