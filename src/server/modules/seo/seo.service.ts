// What search engines read: the facts of a provider's page and of a category's page in a city,
// and the paths the sitemap lists. Only listed providers (active, not blocked) and open
// categories appear; anything else is not found.
import { and, asc, count, isNull, sql } from 'drizzle-orm';
import { portalCities, type PortalCity } from '../../../contract/places.js';
import { categoryCityPath, providerPagePath, routes, urlWords } from '../../../contract/paths.js';
import type { ProviderDetail, ProviderListItem } from '../../../contract/providers.js';
import type { Db } from '../../db/client.js';
import { categories, providerProfiles } from '../../db/schema.js';
import { getProvider, listedProviderBySlug } from '../providers/providers.service.js';
import { discover } from '../providers/providers.search.js';

/** How many URLs one sitemap file may list (the sitemaps protocol's limit). */
export const sitemapMax = 50_000;

/** How many providers a category's page names in its structured data: its first page. */
const categoryPageProviders = 12;

const listed = sql`${providerProfiles.listed}`;

/** The public pages that are the same for everyone, in the sitemap's order. */
export const publicPaths = [
  routes.home,
  routes.search,
  routes.aboutUs,
  routes.contactUs,
  routes.faqs,
  routes.privacy,
  routes.terms,
] as const;

export type ProviderPage = ProviderDetail & { slug: string };

/** A listed provider's page: what the provider read answers a visitor; null for any other slug. */
export async function providerPage(db: Db, slug: string): Promise<ProviderPage | null> {
  const id = await listedProviderBySlug(db, slug);
  return id ? { ...(await getProvider(db, id, null)), slug } : null;
}

export interface CategoryCityPage {
  category: { _id: string; title: string };
  city: PortalCity;
  /** Listed providers of the category based in the city. */
  total: number;
  /** The first of them, best rated first. */
  providers: ProviderListItem[];
}

/** The open category whose title reads as `words` in a URL ('appliance-repair'), if any. */
async function categoryByWords(db: Db, words: string) {
  const open = await db
    .select({ _id: categories.id, title: categories.title })
    .from(categories)
    .where(isNull(categories.archivedAt))
    .orderBy(asc(categories.createdAt), asc(categories.id));
  return open.find((category) => urlWords(category.title) === words);
}

/** A category's page in a served city; null for an unknown category or city. */
export async function categoryCityPage(db: Db, words: string, city: string): Promise<CategoryCityPage | null> {
  const served = portalCities.find((c) => c === city);
  const category = served && (await categoryByWords(db, words));
  if (!served || !category) return null;
  const { items, meta } = await discover(
    db,
    { text: '', category: category._id, city: served, sort: 'rating', page: 1, limit: categoryPageProviders },
    new Date(),
  );
  return { category, city: served, total: meta.total, providers: items };
}

/**
 * The sitemap's pages besides providers: the public pages, then each open category in each
 * served city where at least one listed provider offers it (an index lookup per pair).
 */
export async function sitemapPages(db: Db): Promise<string[]> {
  const pairs = await Promise.all(
    portalCities.map(async (city) => {
      const offered = await db
        .select({ title: categories.title })
        .from(categories)
        .where(
          and(
            isNull(categories.archivedAt),
            sql`exists (select 1 from ${providerProfiles} where ${listed} and ${providerProfiles.city} = ${city}
              and ${providerProfiles.categoryIds} @> array[${categories.id}])`,
          ),
        )
        .orderBy(asc(categories.title));
      return offered.map(({ title }) => categoryCityPath(title, city));
    }),
  );
  return [...publicPaths, ...pairs.flat()];
}

/** How many sitemap files the listed providers fill. */
export async function providerSitemapCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(providerProfiles).where(listed);
  return Math.max(1, Math.ceil((row?.n ?? 0) / sitemapMax));
}

/** The paths of the `part`-th sitemap file of providers (from 1), by slug. */
export async function providerSitemapPaths(db: Db, part: number): Promise<string[]> {
  const rows = await db
    .select({ slug: providerProfiles.slug })
    .from(providerProfiles)
    .where(and(listed, sql`${providerProfiles.slug} is not null`))
    .orderBy(asc(providerProfiles.slug))
    .limit(sitemapMax)
    .offset((part - 1) * sitemapMax);
  return rows.flatMap((row) => (row.slug ? [providerPagePath(row.slug)] : []));
}
