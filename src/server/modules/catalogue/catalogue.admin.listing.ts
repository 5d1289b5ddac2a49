// The catalogue as the admin lists it: services (/services), banners (/banners), offers (/offers)
// and the providers of one service (/servicesDetail), which may be narrowed to Active or Deactive.
// Archived services are left out of the services list; each row of a page comes from one query
// (the provider count is a correlated count, not a query per row).
import { and, count, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type {
  AdminOffer,
  AdminService,
  Banner,
  ServiceProvider,
  bannerSorts,
  offerSorts,
  serviceProviderSorts,
  serviceSorts,
} from '../../../contract/catalogue.js';
import type { MemberStatusFilter } from '../../../contract/admin.js';
import { adminCatalogueText as t, adminListText as common } from '../../../contract/messages.js';
import { banners, categories, offers, providerProfiles, providerServices, users } from '../../db/schema.js';
import { adminOfferColumns, providersOfCategory } from './catalogue.service.js';
import { containsPattern, type Listing } from '../../platform/listing.js';

const iso = (date: Date) => date.toISOString();
const dollars = (cents: number) => cents / 100;

// ---------------------------------------------------------------- services
const serviceWhere = ({ q }: { q?: string }): SQL | undefined =>
  and(isNull(categories.archivedAt), q ? ilike(categories.title, containsPattern(q)) : undefined);

export const serviceListing: Listing<AdminService, (typeof serviceSorts)[number]> = {
  sorts: { title: categories.title, providers: providersOfCategory, createdAt: categories.createdAt },
  defaultSort: 'title',
  defaultOrder: 'asc',
  tiebreak: categories.id,
  rows: async (db, filter, window) => {
    const rows = await db
      .select({
        _id: categories.id,
        title: categories.title,
        image: categories.image,
        providers: providersOfCategory,
        createdAt: categories.createdAt,
        archivedAt: categories.archivedAt,
      })
      .from(categories)
      .where(serviceWhere(filter))
      .orderBy(...window.orderBy)
      .limit(window.limit)
      .offset(window.offset);
    return rows.map((row) => ({
      ...row,
      createdAt: iso(row.createdAt),
      archivedAt: row.archivedAt && iso(row.archivedAt),
    }));
  },
  count: async (db, filter) =>
    (await db.select({ n: count() }).from(categories).where(serviceWhere(filter)))[0]?.n ?? 0,
  sheet: {
    name: t.servicesSheet,
    file: 'services',
    columns: [
      { header: t.title, width: 32, cell: (row) => row.title },
      { header: t.image, width: 48, cell: (row) => row.image },
      { header: t.providers, width: 12, cell: (row) => row.providers },
      { header: t.created, width: 14, cell: (row) => new Date(row.createdAt) },
    ],
  },
};

// ---------------------------------------------------------------- banners
const bannerWhere = ({ q }: { q?: string }): SQL | undefined =>
  q ? ilike(banners.title, containsPattern(q)) : undefined;

export const bannerListing: Listing<Banner, (typeof bannerSorts)[number]> = {
  sorts: { title: banners.title, createdAt: banners.createdAt },
  defaultSort: 'createdAt',
  defaultOrder: 'desc',
  tiebreak: banners.id,
  rows: async (db, filter, window) => {
    const rows = await db
      .select({ _id: banners.id, title: banners.title, image: banners.image, createdAt: banners.createdAt })
      .from(banners)
      .where(bannerWhere(filter))
      .orderBy(...window.orderBy)
      .limit(window.limit)
      .offset(window.offset);
    return rows.map((row) => ({ ...row, createdAt: iso(row.createdAt) }));
  },
  count: async (db, filter) => (await db.select({ n: count() }).from(banners).where(bannerWhere(filter)))[0]?.n ?? 0,
  sheet: {
    name: t.bannersSheet,
    file: 'banners',
    columns: [
      { header: t.title, width: 40, cell: (row) => row.title },
      { header: t.image, width: 48, cell: (row) => row.image },
      { header: t.created, width: 14, cell: (row) => new Date(row.createdAt) },
    ],
  },
};

// ---------------------------------------------------------------- offers
const offerWhere = ({ q }: { q?: string }): SQL | undefined => {
  if (!q) return undefined;
  const pattern = containsPattern(q);
  return or(ilike(offers.name, pattern), ilike(offers.title, pattern));
};

export const offerListing: Listing<AdminOffer, (typeof offerSorts)[number]> = {
  sorts: { name: offers.name, title: offers.title, amount: offers.amountCents, createdAt: offers.createdAt },
  defaultSort: 'createdAt',
  defaultOrder: 'desc',
  tiebreak: offers.id,
  rows: async (db, filter, window) => {
    const rows = await db
      .select(adminOfferColumns)
      .from(offers)
      .where(offerWhere(filter))
      .orderBy(...window.orderBy)
      .limit(window.limit)
      .offset(window.offset);
    return rows.map((row) => ({ ...row, createdAt: iso(row.createdAt) }));
  },
  count: async (db, filter) => (await db.select({ n: count() }).from(offers).where(offerWhere(filter)))[0]?.n ?? 0,
  sheet: {
    name: t.offersSheet,
    file: 'offers',
    columns: [
      { header: t.name, width: 24, cell: (row) => row.name },
      { header: t.title, width: 32, cell: (row) => row.title },
      { header: t.image, width: 40, cell: (row) => row.image },
      { header: t.aboutImage, width: 40, cell: (row) => row.aboutimage },
      // Dollars, so the sheet sums and formats them as money.
      { header: t.amount, width: 12, cell: (row) => dollars(row.amount) },
      { header: t.offer, width: 40, cell: (row) => row.offer },
      { header: common.status, width: 10, cell: (row) => (row.active ? common.active : t.inactive) },
      { header: t.created, width: 14, cell: (row) => new Date(row.createdAt) },
    ],
  },
};

// ---------------------------------------------------------------- the providers of one service
/** A provider without a profile yet has no rating: 0, as cards show it. */
const rating = sql<number>`coalesce(${providerProfiles.ratingAvg}, 0)`.mapWith(Number);

type ServiceProviderFilter = { categoryId: string; status?: MemberStatusFilter };

const serviceProviderWhere = ({ categoryId, status, q }: ServiceProviderFilter & { q?: string }): SQL | undefined => {
  const pattern = q ? containsPattern(q) : undefined;
  return and(
    eq(providerServices.categoryId, categoryId),
    status ? eq(users.status, status) : undefined,
    pattern ? or(ilike(users.name, pattern), ilike(users.email, pattern), ilike(users.phone, pattern)) : undefined,
  );
};

export const serviceProviderListing: Listing<
  ServiceProvider,
  (typeof serviceProviderSorts)[number],
  ServiceProviderFilter
> = {
  sorts: { name: users.name, email: users.email, status: users.status, rating },
  defaultSort: 'name',
  defaultOrder: 'asc',
  tiebreak: users.id,
  rows: async (db, filter, window) =>
    db
      .select({
        _id: users.id,
        name: users.name,
        email: users.email,
        phone: users.phone,
        status: users.status,
        isBlocked: users.isBlocked,
        rating,
        reviewCount: sql<number>`coalesce(${providerProfiles.reviewCount}, 0)`.mapWith(Number),
      })
      .from(providerServices)
      .innerJoin(users, eq(users.id, providerServices.providerId))
      .leftJoin(providerProfiles, eq(providerProfiles.userId, providerServices.providerId))
      .where(serviceProviderWhere(filter))
      .orderBy(...window.orderBy)
      .limit(window.limit)
      .offset(window.offset),
  count: async (db, filter) =>
    (
      await db
        .select({ n: count() })
        .from(providerServices)
        .innerJoin(users, eq(users.id, providerServices.providerId))
        .where(serviceProviderWhere(filter))
    )[0]?.n ?? 0,
  sheet: {
    name: t.serviceProvidersSheet,
    file: 'service-providers',
    columns: [
      { header: common.userName, width: 28, cell: (row) => row.name },
      { header: common.email, width: 32, cell: (row) => row.email },
      { header: common.phone, width: 16, cell: (row) => row.phone },
      { header: common.status, width: 12, cell: (row) => (row.status === '1' ? common.active : common.deactive) },
      { header: common.blocked, width: 10, cell: (row) => (row.isBlocked ? common.yes : common.no) },
      { header: t.rating, width: 10, cell: (row) => row.rating },
      { header: t.reviewsHeader, width: 10, cell: (row) => row.reviewCount },
    ],
  },
};
