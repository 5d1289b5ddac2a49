// The catalogue as the admin lists it: services (/services), banners (/banners), offers (/offers)
// and the providers of one service (/servicesDetail), which may be narrowed to Active or Deactive.
// Archived services are left out of the services list; each row of a page comes from one query
// (the provider count is a correlated count, not a query per row).
import { and, count, eq, isNull, sql } from 'drizzle-orm';
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
import { memberColumns } from '../members/members.admin.listing.js';
import { adminOfferColumns, adminServiceColumns, asAdminService, providersOfCategory } from './catalogue.service.js';
import { searchIn, selectListing, withIsoCreatedAt, type Listing } from '../../platform/listing.js';

const dollars = (cents: number) => cents / 100;

// ---------------------------------------------------------------- services
export const serviceListing: Listing<AdminService, (typeof serviceSorts)[number]> = selectListing({
  sorts: { title: categories.title, providers: providersOfCategory, createdAt: categories.createdAt },
  defaultSort: 'title',
  defaultOrder: 'asc',
  tiebreak: categories.id,
  select: (db) => db.select(adminServiceColumns).from(categories).$dynamic(),
  counted: (db) => db.select({ n: count() }).from(categories),
  where: ({ q }) => and(isNull(categories.archivedAt), searchIn(q, categories.title)),
  row: (row) => asAdminService(row),
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
});

// ---------------------------------------------------------------- banners
export const bannerListing: Listing<Banner, (typeof bannerSorts)[number]> = selectListing({
  sorts: { title: banners.title, createdAt: banners.createdAt },
  defaultSort: 'createdAt',
  defaultOrder: 'desc',
  tiebreak: banners.id,
  select: (db) =>
    db
      .select({ _id: banners.id, title: banners.title, image: banners.image, createdAt: banners.createdAt })
      .from(banners)
      .$dynamic(),
  counted: (db) => db.select({ n: count() }).from(banners),
  where: ({ q }) => searchIn(q, banners.title),
  row: withIsoCreatedAt,
  sheet: {
    name: t.bannersSheet,
    file: 'banners',
    columns: [
      { header: t.title, width: 40, cell: (row) => row.title },
      { header: t.image, width: 48, cell: (row) => row.image },
      { header: t.created, width: 14, cell: (row) => new Date(row.createdAt) },
    ],
  },
});

// ---------------------------------------------------------------- offers
export const offerListing: Listing<AdminOffer, (typeof offerSorts)[number]> = selectListing({
  sorts: { name: offers.name, title: offers.title, amount: offers.amountCents, createdAt: offers.createdAt },
  defaultSort: 'createdAt',
  defaultOrder: 'desc',
  tiebreak: offers.id,
  select: (db) => db.select(adminOfferColumns).from(offers).$dynamic(),
  counted: (db) => db.select({ n: count() }).from(offers),
  where: ({ q }) => searchIn(q, offers.name, offers.title),
  row: withIsoCreatedAt,
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
});

// ---------------------------------------------------------------- the providers of one service
/** A provider without a profile yet has no rating: 0, as cards show it. */
const rating = sql<number>`coalesce(${providerProfiles.ratingAvg}, 0)`.mapWith(Number);

type ServiceProviderFilter = { categoryId: string; status?: MemberStatusFilter };

export const serviceProviderListing: Listing<
  ServiceProvider,
  (typeof serviceProviderSorts)[number],
  ServiceProviderFilter
> = selectListing({
  sorts: { name: users.name, email: users.email, status: users.status, rating },
  defaultSort: 'name',
  defaultOrder: 'asc',
  tiebreak: users.id,
  select: (db) =>
    db
      .select({
        ...memberColumns,
        rating,
        reviewCount: sql<number>`coalesce(${providerProfiles.reviewCount}, 0)`.mapWith(Number),
      })
      .from(providerServices)
      .innerJoin(users, eq(users.id, providerServices.providerId))
      .leftJoin(providerProfiles, eq(providerProfiles.userId, providerServices.providerId))
      .$dynamic(),
  counted: (db) =>
    db.select({ n: count() }).from(providerServices).innerJoin(users, eq(users.id, providerServices.providerId)),
  where: ({ categoryId, status, q }) =>
    and(
      eq(providerServices.categoryId, categoryId),
      status ? eq(users.status, status) : undefined,
      searchIn(q, users.name, users.email, users.phone),
    ),
  row: (row) => row,
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
});
