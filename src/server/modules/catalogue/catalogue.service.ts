// The catalogue: the public reads of service categories, offers and the top providers,
// and the admin's writes to categories, banners and offers.
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { AdminOffer, AdminService, Banner, Category, HomeListQuery, Offer } from '../../../contract/catalogue.js';
import type { PageQuery } from '../../../contract/common.js';
import { adminCatalogueText as t } from '../../../contract/messages.js';
import { one, type Db, type Queryable } from '../../db/client.js';
import { countRows, offsetOf, type Page, pageOf, totalOver } from '../../platform/listing.js';
import { banners, categories, offers, providerProfiles, providerServices, users } from '../../db/schema.js';
import { notFound } from '../../errors.js';

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

/** What the public and the admin both read of an offer. */
const offerColumns = {
  _id: offers.id,
  name: offers.name,
  title: offers.title,
  image: offers.image,
  aboutimage: offers.aboutImage,
  amount: offers.amountCents,
  offer: offers.offer,
};

/**
 * Active offers, newest first, each with its provider (name and review count) or null and the
 * city it is based in; with `city`, the offers of providers based there come first. Offers are
 * few (the admin's and their providers'), so ordering them all costs little.
 */
export async function listOffers(db: Db, query: HomeListQuery): Promise<Page<Offer>> {
  const rows = await db
    .select({
      ...offerColumns,
      star: offers.star,
      createdAt: offers.createdAt,
      discountCents: offers.discountCents,
      discountBasisPoints: offers.discountBasisPoints,
      categoryId: offers.categoryId,
      providerId: users.id,
      providerName: users.name,
      // A provider account without a profile has no reviews yet.
      reviewCount: sql<number>`coalesce(${providerProfiles.reviewCount}, 0)`.mapWith(Number),
      city: providerProfiles.city,
      total: totalOver(),
    })
    .from(offers)
    .leftJoin(users, eq(users.id, offers.providerId))
    .leftJoin(providerProfiles, eq(providerProfiles.userId, offers.providerId))
    .where(activeOffer)
    .orderBy(
      ...(query.city ? [sql`${providerProfiles.city} is not distinct from ${query.city} desc`] : []),
      desc(offers.createdAt),
      desc(offers.id),
    )
    .limit(query.limit)
    .offset(offsetOf(query));
  const page = await pageOf(rows, query, () => countRows(db, offers, activeOffer));
  return {
    meta: page.meta,
    items: page.items.map(
      ({
        providerId,
        providerName,
        reviewCount,
        createdAt,
        discountCents,
        discountBasisPoints,
        categoryId,
        ...item
      }) => ({
        ...item,
        createdAt: createdAt.toISOString(),
        user_id: providerId && providerName !== null ? { _id: providerId, name: providerName, reviewCount } : null,
        coupon:
          discountCents > 0 || discountBasisPoints > 0 ? { discountCents, discountBasisPoints, categoryId } : null,
      }),
    ),
  };
}

// ---------------------------------------------------------------- the admin's services (categories)
// Each write is one statement, atomic on its own; the routes forget the cached reads after it.

/** How many providers offer the category of the row (a correlated count: one query per page). */
export const providersOfCategory =
  sql<number>`(select count(*) from ${providerServices} where ${providerServices.categoryId} = ${categories.id})`.mapWith(
    Number,
  );

export const adminServiceColumns = {
  _id: categories.id,
  title: categories.title,
  image: categories.image,
  providers: providersOfCategory,
  createdAt: categories.createdAt,
  archivedAt: categories.archivedAt,
};

export const asAdminService = (
  row: Omit<AdminService, 'createdAt' | 'archivedAt'> & { createdAt: Date; archivedAt: Date | null },
): AdminService => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  archivedAt: row.archivedAt?.toISOString() ?? null,
});

/** One service, archived or not (/servicesDetail); 404 when there is none. */
export async function getAdminService(db: Queryable, id: string): Promise<AdminService> {
  const [row] = await db.select(adminServiceColumns).from(categories).where(eq(categories.id, id));
  if (!row) throw notFound(t.serviceNotFound);
  return asAdminService(row);
}

const activeCategory = (id: string) => and(eq(categories.id, id), isNull(categories.archivedAt));

/** 404 unless the service exists and is not archived (checked before an upload is stored). */
export async function assertActiveService(db: Db, id: string): Promise<void> {
  const [row] = await db.select({ id: categories.id }).from(categories).where(activeCategory(id));
  if (!row) throw notFound(t.serviceNotFound);
}

export async function addService(db: Db, input: { title: string; image: string }): Promise<AdminService> {
  const rows = await db.insert(categories).values(input).returning({
    _id: categories.id,
    title: categories.title,
    image: categories.image,
    createdAt: categories.createdAt,
    archivedAt: categories.archivedAt,
  });
  return asAdminService({ ...one(rows), providers: 0 });
}

/**
 * A new title and, when given, a new image; an archived service is gone (404). Answers the image
 * it replaced, for the caller to release once this has committed (platform/media.ts).
 */
export function updateService(
  db: Db,
  id: string,
  input: { title: string; image?: string },
): Promise<{ service: AdminService; replacedImage: string | null }> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ image: categories.image })
      .from(categories)
      .where(activeCategory(id))
      .for('update');
    if (!before) throw notFound(t.serviceNotFound);
    await tx
      .update(categories)
      .set({ title: input.title, ...(input.image ? { image: input.image } : {}) })
      .where(eq(categories.id, id));
    const replacedImage = input.image && before.image !== input.image ? before.image : null;
    return { service: await getAdminService(tx, id), replacedImage };
  });
}

/**
 * "Delete" archives: the service leaves every list (customers', the admin's, provider search,
 * through the database's trigger), while bookings and providers keep pointing at it, so a past
 * booking still shows its service. Unknown or already archived: 404.
 */
export async function archiveService(db: Db, id: string): Promise<void> {
  const [row] = await db
    .update(categories)
    .set({ archivedAt: new Date() })
    .where(activeCategory(id))
    .returning({ id: categories.id });
  if (!row) throw notFound(t.serviceNotFound);
}

// ---------------------------------------------------------------- the admin's banners and offers
// Nothing refers to a banner or an offer (no booking, no transaction), so deleting one loses no
// history: the row goes. The delete answers its images, for the caller to release after the commit.

export async function addBanner(db: Db, input: { title: string; image: string }): Promise<Banner> {
  const row = one(
    await db
      .insert(banners)
      .values(input)
      .returning({ _id: banners.id, title: banners.title, image: banners.image, createdAt: banners.createdAt }),
  );
  return { ...row, createdAt: row.createdAt.toISOString() };
}

export async function deleteBanner(db: Db, id: string): Promise<{ images: string[] }> {
  const [row] = await db.delete(banners).where(eq(banners.id, id)).returning({ image: banners.image });
  if (!row) throw notFound(t.bannerNotFound);
  return { images: [row.image] };
}

export const adminOfferColumns = {
  ...offerColumns,
  active: offers.active,
  createdAt: offers.createdAt,
};

/** An offer of the platform (no provider), active at once; the about image is optional. */
export async function addOffer(
  db: Db,
  input: { name: string; title: string; amountCents: number; offer: string; image: string; aboutImage: string | null },
): Promise<AdminOffer> {
  const row = one(await db.insert(offers).values(input).returning(adminOfferColumns));
  return { ...row, createdAt: row.createdAt.toISOString() };
}

export async function deleteOffer(db: Db, id: string): Promise<{ images: string[] }> {
  const [row] = await db
    .delete(offers)
    .where(eq(offers.id, id))
    .returning({ image: offers.image, aboutImage: offers.aboutImage });
  if (!row) throw notFound(t.offerNotFound);
  return { images: [row.image, row.aboutImage].filter((image): image is string => image !== null) };
}
