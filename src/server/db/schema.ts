// The whole data model. Money is integer cents; ids are UUIDs (served as `_id`).
// The database enforces what must never break: unique phone and email, one rating per booking,
// one active booking per provider slot, non-negative wallet figures, and every status, type and
// kind one of the values its list names (`oneOf`).
import { sql } from 'drizzle-orm';
// The columns' allowed values are the contract's, shared with the web and the API.
import { savedAddressLabels } from '../../contract/addresses.js';
import { limits } from '../../contract/auth.js';
import { bookingStatuses, paymentMethods, type BookingStatus } from '../../contract/bookings.js';
import { priceUnits } from '../../contract/checkout.js';
import { cardAttentions, cardPaymentStatuses, refundStatuses, topUpStatuses } from '../../contract/payments.js';
import { payoutStatuses, transactionStatusCodes, transactionTypeNames } from '../../contract/wallet.js';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  foreignKey,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

const id = () => uuid('id').primaryKey().defaultRandom();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
/** A required link to a row of another table that takes this row with it when it is deleted. */
const belongsTo = (column: string, target: () => AnyPgColumn) =>
  uuid(column).notNull().references(target, { onDelete: 'cascade' });
/** A required link to a row of another table that cannot be deleted while this row names it. */
const refersTo = (column: string, target: () => AnyPgColumn) => uuid(column).notNull().references(target);

/**
 * A CHECK that a text column holds one of its listed values (the contract's, which the column's
 * type already names): the database refuses any other, whoever writes the row.
 */
const oneOf = (name: string, column: string, values: readonly string[]) =>
  check(name, sql.raw(`${column} in (${values.map((value) => `'${value}'`).join(', ')})`));

// ---------------------------------------------------------------- auth
export const userRoles = ['customer', 'provider', 'admin'] as const;
/** '0' Deactive, '1' Active. */
export const userStatuses = ['0', '1'] as const;
const contactKinds = ['phone', 'email'] as const;

export const users = pgTable(
  'users',
  {
    id: id(),
    role: text('role', { enum: userRoles }).notNull().default('customer'),
    name: text('name').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    email: text('email'),
    phone: text('phone'),
    countryCode: text('country_code').notNull().default(limits.defaultCountryCode),
    passwordHash: text('password_hash'),
    /** '0' Deactive, '1' Active. Providers start at '0'. */
    status: text('status', { enum: userStatuses }).notNull().default('1'),
    isBlocked: boolean('is_blocked').notNull().default(false),
    phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true }),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    image: text('image'),
    about: text('about'),
    /** Where a member last chose to look for providers (the header's location), null until then. */
    location: jsonb('location').$type<{
      label: string;
      lat: number;
      lng: number;
      city: 'austin' | 'dallas' | 'nyc' | null;
    }>(),
    age: smallint('age'),
    gender: text('gender'),
    referralCode: text('referral_code').notNull(),
    /** Admin broadcasts newer than this are unread for the member. */
    broadcastsSeenAt: timestamp('broadcasts_seen_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_phone_key').on(t.phone),
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_referral_code_key').on(t.referralCode),
    index('users_role_created_idx').on(t.role, t.createdAt),
    // Whether a stored image is still someone's photo, asked when a photo is replaced (platform/media.ts).
    index('users_image_idx')
      .on(t.image)
      .where(sql`${t.image} is not null`),
    check('users_email_lower', sql`${t.email} = lower(${t.email})`),
    oneOf('users_role', 'role', userRoles),
    oneOf('users_status', 'status', userStatuses),
  ],
);

/**
 * Browsers a user has signed in from, named by the hash of a token in an HttpOnly cookie. A known
 * device is spared the per-account lock that a password or code attack from elsewhere sets off.
 */
export const knownDevices = pgTable(
  'known_devices',
  {
    id: id(),
    userId: belongsTo('user_id', () => users.id),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('known_devices_token_hash_key').on(t.tokenHash), index('known_devices_user_idx').on(t.userId)],
);

/**
 * A money write's first answer per (caller, Idempotency-Key), kept a day: a retry with the same
 * key gets it again instead of repeating the write (platform/idempotency.ts). `statusCode` null:
 * the first request is still running.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: belongsTo('user_id', () => users.id),
    key: text('key').notNull(),
    /** The route and body the key was first used with (a SHA-256). */
    fingerprint: text('fingerprint').notNull(),
    statusCode: integer('status_code'),
    response: text('response'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

/**
 * Links that set an administrator's password: a 256-bit token mailed to the administrator, stored
 * hashed, single use, valid 30 minutes (modules/auth/auth.admin-reset.ts).
 */
export const adminResetLinks = pgTable(
  'admin_reset_links',
  {
    id: id(),
    userId: belongsTo('user_id', () => users.id),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('admin_reset_links_token_hash_key').on(t.tokenHash),
    index('admin_reset_links_user_idx').on(t.userId),
  ],
);

/**
 * An administrator's authenticator (TOTP, modules/auth/auth.totp.ts): `enabledAt` null while it
 * is being set up. `lastTimeStep` refuses a code used before; `failures` since `failuresSince`
 * bound the wrong codes per account, whatever the sign-in attempt or address they come from.
 */
export const adminTotp = pgTable('admin_totp', {
  userId: belongsTo('user_id', () => users.id).primaryKey(),
  secret: text('secret').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  lastTimeStep: bigint('last_time_step', { mode: 'number' }),
  failures: integer('failures').notNull().default(0),
  failuresSince: timestamp('failures_since', { withTimezone: true }),
  createdAt: createdAt(),
});

/** An administrator's single-use recovery codes, stored hashed (SHA-256: each has 50 random bits). */
export const adminRecoveryCodes = pgTable(
  'admin_recovery_codes',
  {
    userId: belongsTo('user_id', () => users.id),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.codeHash] })],
);

/**
 * A password accepted, waiting for the authenticator's code: the ticket (256 bits, stored hashed)
 * the sign-in's second step names, valid 5 minutes and once.
 */
export const adminSignInTickets = pgTable(
  'admin_sign_in_tickets',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: belongsTo('user_id', () => users.id),
    remember: boolean('remember').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('admin_sign_in_tickets_user_idx').on(t.userId)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: belongsTo('user_id', () => users.id),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_key').on(t.tokenHash),
    index('sessions_user_idx').on(t.userId),
    // The hourly purge of ended sessions.
    index('sessions_expires_idx').on(t.expiresAt),
  ],
);

export const codePurposes = [
  'register',
  'login',
  'verify_email',
  'reset_password',
  'verify_phone',
  'change_phone',
  'change_email',
] as const;
export type CodePurpose = (typeof codePurposes)[number];

/**
 * A phone or email a member asked to change to, waiting for the code sent to it: it replaces the
 * account's own only once proven (modules/auth/auth.contacts.ts), and never holds it meanwhile.
 */
export const pendingContacts = pgTable(
  'pending_contacts',
  {
    userId: belongsTo('user_id', () => users.id),
    kind: text('kind', { enum: contactKinds }).notNull(),
    value: text('value').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] }), oneOf('pending_contacts_kind', 'kind', contactKinds)],
);

/** One-time codes: stored hashed, expire, burnt after too many wrong tries. */
export const codes = pgTable(
  'codes',
  {
    id: id(),
    purpose: text('purpose', { enum: codePurposes }).notNull(),
    /** The phone number or the lower-cased email the code was sent to. */
    target: text('target').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: smallint('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    clientIp: text('client_ip'),
    createdAt: createdAt(),
  },
  (t) => [
    index('codes_target_idx').on(t.target, t.purpose, t.createdAt),
    index('codes_ip_idx').on(t.clientIp, t.createdAt),
    oneOf('codes_purpose', 'purpose', codePurposes),
  ],
);

/** Where an outgoing text or mail stands: written `pending` with the change that causes it. */
export const outboxStatuses = ['pending', 'sending', 'sent', 'failed'] as const;
const outboxChannels = ['sms', 'email'] as const;

/**
 * Every text and mail, written in the transaction of the change that causes it and delivered
 * by the job queue (platform/delivery.ts). `key` names the message once: a sweep or retry that
 * writes it again adds nothing. Without a configured provider, delivering it is a log line and
 * the row stays readable as the development outbox.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: id(),
    channel: text('channel', { enum: outboxChannels }).notNull(),
    to: text('to').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    /** The mail's HTML part (text + HTML multipart). */
    html: text('html'),
    /** A calendar invitation (text/calendar) attached to the mail. */
    ics: text('ics'),
    code: text('code'),
    key: text('key').unique(),
    status: text('status', { enum: outboxStatuses }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** When a worker may (re)try it: retries back off by moving it later. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [
    index('outbox_to_idx').on(t.to, t.createdAt),
    index('outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} in ('pending', 'sending')`),
    oneOf('outbox_channel', 'channel', outboxChannels),
    oneOf('outbox_status', 'status', outboxStatuses),
  ],
);

/**
 * Rate-limit counters shared by every instance (platform/rate-limit.ts): one row per key and
 * window. Expired rows are reused by the next hit and purged by housekeeping.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_expires_idx').on(t.expiresAt)],
);

/** Raw bytes; node-postgres answers a Buffer, PGlite a Uint8Array: both are read as a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) =>
    Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * Uploaded and seeded images when no object store is configured (platform/storage.ts), so every
 * instance serves them. The key is `<folder>/<sha256 of the bytes>.<extension>`.
 */
export const media = pgTable('media', {
  key: text('key').primaryKey(),
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  size: integer('size').notNull(),
  createdAt: createdAt(),
});

// ---------------------------------------------------------------- catalogue
export const categories = pgTable(
  'categories',
  {
    id: id(),
    title: text('title').notNull(),
    image: text('image'),
    /** Archived instead of deleted, so bookings keep their history. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('categories_created_idx').on(t.createdAt)],
);

export const banners = pgTable('banners', {
  id: id(),
  title: text('title').notNull(),
  image: text('image').notNull(),
  createdAt: createdAt(),
});

export const offers = pgTable(
  'offers',
  {
    id: id(),
    name: text('name').notNull(),
    title: text('title').notNull(),
    image: text('image'),
    aboutImage: text('about_image'),
    amountCents: integer('amount_cents').notNull().default(0),
    offer: text('offer').notNull(),
    star: smallint('star').notNull().default(5),
    providerId: uuid('provider_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The coupon a booking may apply: with its provider, for this service (any when null), an
     * amount off or a share off (hundredths of a percent); neither: the offer is not a coupon.
     */
    categoryId: uuid('category_id').references(() => categories.id, { onDelete: 'set null' }),
    discountCents: integer('discount_cents').notNull().default(0),
    discountBasisPoints: integer('discount_basis_points').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    check('offers_amount_nonneg', sql`${t.amountCents} >= 0`),
    check('offers_star_range', sql`${t.star} between 0 and 5`),
    check(
      'offers_discount_range',
      sql`${t.discountCents} >= 0 and ${t.discountBasisPoints} between 0 and 10000 and (${t.discountCents} = 0 or ${t.discountBasisPoints} = 0)`,
    ),
  ],
);

// ---------------------------------------------------------------- providers
export const cities = ['austin', 'dallas', 'nyc'] as const;

/** PostgreSQL's full-text document type; written by the database only (generated column). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
/** A point on the earth as `earthdistance` keeps it (`ll_to_earth`): what its GiST index and `<->` read. */
const earthPoint = customType<{ data: string }>({ dataType: () => 'cube' });

export const providerProfiles = pgTable(
  'provider_profiles',
  {
    userId: belongsTo('user_id', () => users.id).primaryKey(),
    chargesCents: integer('charges_cents').notNull().default(0),
    address: text('address').notNull().default(''),
    city: text('city', { enum: cities }).notNull(),
    /** The base point, geocoded from the address (the city centre when the gazetteer does not know it). */
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    /** How far from the base point the provider travels for a job. */
    radiusKm: smallint('radius_km').notNull().default(25),
    timeZone: text('time_zone').notNull(),
    /** Minutes per slot and travel buffer between jobs (issue: provider schedule). */
    slotMinutes: smallint('slot_minutes').notNull().default(60),
    bufferMinutes: smallint('buffer_minutes').notNull().default(30),
    /** Kept up to date when a rating is written, so lists sort without aggregating. */
    ratingSum: integer('rating_sum').notNull().default(0),
    reviewCount: integer('review_count').notNull().default(0),
    /** Average of the visible ratings to one decimal, 0 without any: what cards show and lists sort by. */
    ratingAvg: doublePrecision('rating_avg')
      .notNull()
      .generatedAlwaysAs(
        sql`case when "review_count" > 0 then round("rating_sum"::numeric / "review_count", 1)::float8 else 0 end`,
      ),
    /**
     * Copies kept by `refreshProviderSearch` (providers.service.ts), which runs whenever the
     * provider's name, about text, services, status or block changes: whether customers may see
     * the provider (active, not blocked), and the texts search reads. Lists and search filter
     * and sort on these alone, so their indexes answer without visiting the users.
     */
    listed: boolean('listed').notNull().default(false),
    /** The name in lower case: the name search looks inside it and lists break rating ties with it. */
    searchName: text('search_name').notNull().default(''),
    searchServices: text('search_services').notNull().default(''),
    searchAbout: text('search_about').notNull().default(''),
    /** The categories offered (not archived) and the weekdays worked (bit 0 = Sunday), for the filters. */
    categoryIds: uuid('category_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    workDays: smallint('work_days').notNull().default(127),
    /**
     * The provider's public page, /providers/{slug}: the name and city ('priya-raman-austin'),
     * with a piece of the id when another provider has those. Given once by the search refresh
     * and kept when the name changes, so a shared or indexed link keeps working.
     */
    slug: text('slug'),
    createdAt: createdAt(),
  },
  (t) => [
    check('provider_charges_nonneg', sql`${t.chargesCents} >= 0`),
    check('provider_radius_range', sql`${t.radiusKm} between 1 and 80`),
    index('provider_profiles_reviews_idx').on(t.reviewCount),
    uniqueIndex('provider_profiles_slug_idx').on(t.slug),
    // Listed providers, best rated first (the order of top providers and of every provider list);
    // it also holds the names the name search reads (index-only).
    index('provider_profiles_rating_idx')
      .on(t.ratingAvg.desc().nullsFirst(), t.reviewCount.desc().nullsFirst(), t.searchName, t.userId)
      .where(sql`${t.listed}`),
    // The category-in-city pages (seo.service.ts): a city best rated first, by category.
    index('provider_profiles_city_rating_idx')
      .on(t.city, t.ratingAvg.desc().nullsFirst(), t.reviewCount.desc().nullsFirst(), t.searchName, t.userId)
      .where(sql`${t.listed}`),
    index('provider_profiles_categories_idx')
      .using('gin', t.categoryIds)
      .where(sql`${t.listed}`),
    oneOf('provider_profiles_city', 'city', cities),
  ],
);

/**
 * The search read model: one row per listed provider (active, not blocked) with what search
 * filters and sorts on, and nothing else, so a page is read from a narrow table. The database
 * keeps it (migration 0015): `provider_search_refresh` writes the rows of some providers from
 * their profiles and days off, and triggers call it in the transaction of every change to those.
 * How search reads it: providers.search.ts and docs/decisions/023-search-read-model.md.
 */
export const providerSearch = pgTable(
  'provider_search',
  {
    providerId: belongsTo('provider_id', () => providerProfiles.userId).primaryKey(),
    city: text('city', { enum: cities }).notNull(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    /** `ll_to_earth(lat, lng)`: the GiST index finds the nearest first and the points in a box. */
    spot: earthPoint('spot').notNull(),
    radiusKm: smallint('radius_km').notNull(),
    chargesCents: integer('charges_cents').notNull(),
    ratingAvg: doublePrecision('rating_avg').notNull(),
    reviewCount: integer('review_count').notNull(),
    /** The name in lower case without accents: parts of names are looked for in it, ties broken by it. */
    name: text('name').notNull(),
    /** Weekdays worked (bit 0 = Sunday) and the days off. */
    workDays: smallint('work_days').notNull(),
    offDays: date('off_days')
      .array()
      .notNull()
      .default(sql`'{}'::date[]`),
    /**
     * The days it works on which its jobs and blocks leave no slot, in order (`provider_full_days`,
     * migration 0031): "free on a date" reads it rather than working out slots per provider.
     */
    fullDays: date('full_days')
      .array()
      .notNull()
      .default(sql`'{}'::date[]`),
    /** The name's words and the service titles' words, as written (the tiers of a text match). */
    nameWords: tsvector('name_words').notNull(),
    serviceWords: tsvector('service_words').notNull(),
    /**
     * Every word of the name and service titles as written, the about text's English stems, and
     * the facets (`~city:…`, `~cat:…`, `~cell:…`): one GIN index answers a text with its city,
     * category and area together. A facet starts with '~', which no search word can.
     */
    document: tsvector('document').notNull(),
  },
  (t) => [
    // The orders a page is walked in: best rated (in a city), cheapest, nearest.
    index('provider_search_rating_idx').on(
      t.ratingAvg.desc().nullsFirst(),
      t.reviewCount.desc().nullsFirst(),
      t.name,
      t.providerId,
    ),
    index('provider_search_city_rating_idx').on(
      t.city,
      t.ratingAvg.desc().nullsFirst(),
      t.reviewCount.desc().nullsFirst(),
      t.name,
      t.providerId,
    ),
    index('provider_search_price_idx').on(
      t.chargesCents,
      t.ratingAvg.desc().nullsFirst(),
      t.reviewCount.desc().nullsFirst(),
      t.name,
      t.providerId,
    ),
    index('provider_search_spot_idx').using('gist', t.spot),
    // The few that match: by the words and facets, by the name's or the service titles' words, by
    // a part of a name.
    index('provider_search_document_idx').using('gin', t.document),
    index('provider_search_name_words_idx').using('gin', t.nameWords),
    index('provider_search_service_words_idx').using('gin', t.serviceWords),
    index('provider_search_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
  ],
);

export const providerServices = pgTable(
  'provider_services',
  {
    providerId: belongsTo('provider_id', () => users.id),
    categoryId: refersTo('category_id', () => categories.id),
  },
  (t) => [
    primaryKey({ columns: [t.providerId, t.categoryId] }),
    index('provider_services_category_idx').on(t.categoryId),
  ],
);

/** A provider's price list: one price per offered service, gone with the service. */
export const providerPrices = pgTable(
  'provider_prices',
  {
    providerId: uuid('provider_id').notNull(),
    categoryId: uuid('category_id').notNull(),
    priceCents: integer('price_cents').notNull(),
    unit: text('unit', { enum: priceUnits }).notNull(),
    /** How long a visit (or one hour's job) is expected to take. */
    durationMinutes: smallint('duration_minutes').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.providerId, t.categoryId] }),
    foreignKey({
      columns: [t.providerId, t.categoryId],
      foreignColumns: [providerServices.providerId, providerServices.categoryId],
      name: 'provider_prices_service_fk',
    }).onDelete('cascade'),
    check('provider_prices_range', sql`${t.priceCents} > 0 and ${t.durationMinutes} between 15 and 720`),
    oneOf('provider_prices_unit', 'unit', priceUnits),
  ],
);

/** The marketplace's own terms, one row: the platform fee and the late-cancellation fee. */
export const marketplaceSettings = pgTable(
  'marketplace_settings',
  {
    id: boolean('id').primaryKey().default(true),
    /** Hundredths of a percent of the service price (10% = 1000). */
    feeBasisPoints: integer('fee_basis_points').notNull().default(1000),
    cancellationFeeCents: integer('cancellation_fee_cents').notNull().default(0),
    updatedByAdminId: uuid('updated_by_admin_id').references(() => users.id),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('marketplace_settings_one_row', sql`${t.id}`),
    check(
      'marketplace_settings_range',
      sql`${t.feeBasisPoints} between 0 and 5000 and ${t.cancellationFeeCents} between 0 and 100000`,
    ),
  ],
);

/** Weekly working hours; weekday 0 = Sunday. Minutes since local midnight. */
export const workingHours = pgTable(
  'working_hours',
  {
    id: id(),
    providerId: belongsTo('provider_id', () => users.id),
    weekday: smallint('weekday').notNull(),
    startMinute: smallint('start_minute').notNull(),
    endMinute: smallint('end_minute').notNull(),
  },
  (t) => [
    index('working_hours_provider_idx').on(t.providerId, t.weekday),
    check(
      'working_hours_range',
      sql`${t.weekday} between 0 and 6 and ${t.startMinute} >= 0 and ${t.endMinute} <= 1440 and ${t.startMinute} < ${t.endMinute}`,
    ),
  ],
);

export const daysOff = pgTable(
  'days_off',
  {
    providerId: belongsTo('provider_id', () => users.id),
    day: date('day').notNull(),
  },
  (t) => [primaryKey({ columns: [t.providerId, t.day] })],
);

/**
 * A time range of one of the provider's local days taken out of its bookable hours (from its
 * calendar); a whole day is a day off.
 */
export const timeBlocks = pgTable(
  'time_blocks',
  {
    id: id(),
    providerId: belongsTo('provider_id', () => users.id),
    day: date('day').notNull(),
    startMinute: smallint('start_minute').notNull(),
    endMinute: smallint('end_minute').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('time_blocks_provider_day_idx').on(t.providerId, t.day),
    check(
      'time_blocks_range',
      sql`${t.startMinute} >= 0 and ${t.endMinute} <= 1440 and ${t.startMinute} < ${t.endMinute}`,
    ),
  ],
);

/**
 * Every word of a provider name and of a category title, unaccented and lower-case: the small
 * vocabulary a misspelt or partial word is matched against (trigrams) before the real search.
 */
export const searchTerms = pgTable('search_terms', { term: text('term').primaryKey() }, (t) => [
  index('search_terms_trgm_idx').using('gin', sql`${t.term} gin_trgm_ops`),
]);

/**
 * The read model's dictionary: every lexeme of `provider_search.document` (words as written and
 * as English stems them, and facets), added by `provider_search_refresh` in the transaction that
 * writes the row, so a word missing here is in no document (migration 0039). `docs`, how many
 * documents hold it, is counted by `search_words_count` (the daily job, and after a bulk load):
 * null for a word added since, and never exact, so search reads it to choose how to read, never
 * what it finds. Binary order ("C"), so the words beginning with a prefix are one range of the
 * primary key.
 */
export const searchWords = pgTable('search_words', {
  word: text('word').primaryKey(),
  docs: integer('docs'),
});

/**
 * Trade words: what people type for a category that its providers may never write ('plumber',
 * 'maid', 'house cleaning'). A search word or phrase found here also matches every provider of
 * the category. The administrators keep the list, a category's words on its detail page.
 */
export const tradeWords = pgTable(
  'trade_words',
  {
    /** One to three plain words (lower case, no accents), one space apart. */
    phrase: text('phrase').notNull(),
    categoryId: belongsTo('category_id', () => categories.id),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.phrase, t.categoryId] }),
    index('trade_words_category_idx').on(t.categoryId, t.phrase),
  ],
);

export const searchRecords = pgTable(
  'search_records',
  {
    id: id(),
    userId: belongsTo('user_id', () => users.id),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('search_records_user_idx').on(t.userId, t.createdAt)],
);

// ---------------------------------------------------------------- bookings
export type { BookingStatus };

export const bookings = pgTable(
  'bookings',
  {
    id: id(),
    customerId: refersTo('customer_id', () => users.id),
    providerId: refersTo('provider_id', () => users.id),
    categoryId: uuid('category_id').references(() => categories.id),
    /** The provider's local date and time (HH:MM) plus its time zone. */
    date: date('date').notNull(),
    time: text('time').notNull(),
    timeZone: text('time_zone').notNull(),
    phone: text('phone').notNull(),
    address: text('address').notNull(),
    description: text('description').notNull(),
    status: text('status', { enum: bookingStatuses }).notNull().default('requested'),
    chargesCents: integer('charges_cents').notNull().default(0),
    /** Hours booked of an hourly service; null for a visit. */
    hours: smallint('hours'),
    durationMinutes: smallint('duration_minutes').notNull().default(60),
    /** The price as confirmed: service (times hours), the platform's fee, the coupon, the total. */
    serviceCents: integer('service_cents').notNull().default(0),
    feeCents: integer('fee_cents').notNull().default(0),
    discountCents: integer('discount_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull().default(0),
    payment: text('payment', { enum: paymentMethods }).notNull().default('cash'),
    offerId: uuid('offer_id').references(() => offers.id, { onDelete: 'set null' }),
    /** The late-cancellation fee of the policy shown when booked, and what a late cancellation charged. */
    cancellationFeeCents: integer('cancellation_fee_cents').notNull().default(0),
    cancellationChargedCents: integer('cancellation_charged_cents').notNull().default(0),
    createdByAdminId: uuid('created_by_admin_id').references(() => users.id),
    /** The provider's city when the booking was made (set by the database): the dashboard's by city. */
    city: text('city', { enum: cities }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One active booking (being paid for, requested or accepted) per provider slot.
    uniqueIndex('bookings_active_slot_key')
      .on(t.providerId, t.date, t.time)
      .where(sql`${t.status} in ('awaiting_payment', 'requested', 'accepted')`),
    index('bookings_customer_idx').on(t.customerId, t.status, t.date),
    index('bookings_provider_idx').on(t.providerId, t.status, t.date),
    index('bookings_created_idx').on(t.createdAt),
    // The expiry sweep (bookings.expiry.ts) reads open requests only: by when they were made, or by
    // the day they are for.
    index('bookings_requested_created_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'requested'`),
    index('bookings_requested_date_idx')
      .on(t.date)
      .where(sql`${t.status} = 'requested'`),
    // The reminders' sweep: accepted jobs of the next days.
    index('bookings_accepted_date_idx')
      .on(t.date)
      .where(sql`${t.status} = 'accepted'`),
    check('bookings_time_format', sql`${t.time} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
    check('bookings_charges_nonneg', sql`${t.chargesCents} >= 0`),
    check(
      'bookings_price_sum',
      sql`${t.serviceCents} >= 0 and ${t.feeCents} >= 0 and ${t.discountCents} between 0 and ${t.serviceCents} and ${t.totalCents} = ${t.serviceCents} + ${t.feeCents} - ${t.discountCents} and ${t.cancellationFeeCents} >= 0 and ${t.cancellationChargedCents} between 0 and ${t.totalCents}`,
    ),
    oneOf('bookings_status', 'status', bookingStatuses),
    oneOf('bookings_payment', 'payment', paymentMethods),
    oneOf('bookings_city', 'city', cities),
  ],
);

/** What booking_days and booking_months keep for each period, status, category and city. */
const bookingSumColumns = () => ({
  status: text('status', { enum: bookingStatuses }).notNull(),
  categoryId: uuid('category_id'),
  city: text('city', { enum: cities }),
  bookings: integer('bookings').notNull().default(0),
  totalCents: bigint('total_cents', { mode: 'number' }).notNull().default(0),
  feeCents: bigint('fee_cents', { mode: 'number' }).notNull().default(0),
});

/**
 * The bookings of each day by status, category and city, with what they are worth: kept by the
 * database's triggers on bookings (migration 0014) as bookings are made, moved and answered, so the
 * dashboard sums a few rows a day instead of every booking.
 */
export const bookingDays = pgTable('booking_days', { day: date('day').notNull(), ...bookingSumColumns() }, (t) => [
  unique('booking_days_key').on(t.day, t.status, t.categoryId, t.city).nullsNotDistinct(),
]);

/**
 * The same sums by month (`month` is its first day), kept by the same triggers in the same
 * statement (migration 0032): a range reads its whole months here and only its partial edges in
 * booking_days, so a year is 12 rows per status, category and city, not 365.
 */
export const bookingMonths = pgTable(
  'booking_months',
  { month: date('month').notNull(), ...bookingSumColumns() },
  (t) => [unique('booking_months_key').on(t.month, t.status, t.categoryId, t.city).nullsNotDistinct()],
);

/**
 * Who joined each day (UTC), by role: kept by the database's triggers on users (migration 0032),
 * so the dashboard counts the members of a range from a row a day instead of every member.
 */
export const userDays = pgTable(
  'user_days',
  {
    day: date('day').notNull(),
    role: text('role', { enum: userRoles }).notNull(),
    users: integer('users').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'user_days_pkey', columns: [t.day, t.role] })],
);

/** Each status a booking reached and when: its page's timeline. */
export const bookingEvents = pgTable(
  'booking_events',
  {
    id: id(),
    bookingId: belongsTo('booking_id', () => bookings.id),
    status: text('status', { enum: bookingStatuses }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('booking_events_booking_idx').on(t.bookingId, t.at),
    oneOf('booking_events_status', 'status', bookingStatuses),
  ],
);

/**
 * Each time a booking was moved to another day or time: from and to (the provider's local date and
 * time, as the booking holds them), by whom and when. Its page lists them in its timeline.
 */
export const bookingMoves = pgTable(
  'booking_moves',
  {
    id: id(),
    bookingId: belongsTo('booking_id', () => bookings.id),
    fromDate: date('from_date').notNull(),
    fromTime: text('from_time').notNull(),
    toDate: date('to_date').notNull(),
    toTime: text('to_time').notNull(),
    movedBy: belongsTo('moved_by', () => users.id),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('booking_moves_booking_idx').on(t.bookingId, t.at)],
);

export const ratings = pgTable(
  'ratings',
  {
    id: id(),
    bookingId: refersTo('booking_id', () => bookings.id),
    rateBy: refersTo('rate_by', () => users.id),
    rateTo: refersTo('rate_to', () => users.id),
    count: smallint('count').notNull(),
    comment: text('comment').notNull(),
    hidden: boolean('hidden').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ratings_booking_key').on(t.bookingId),
    index('ratings_rate_to_idx').on(t.rateTo, t.createdAt),
    check('ratings_count_range', sql`${t.count} between 1 and 5`),
  ],
);

// ---------------------------------------------------------------- favorites
export const favorites = pgTable(
  'favorites',
  {
    id: id(),
    likedBy: belongsTo('liked_by', () => users.id),
    likedTo: belongsTo('liked_to', () => users.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('favorites_pair_key').on(t.likedBy, t.likedTo)],
);

/** A member's saved addresses, at most `savedAddressLimits.perMember` each (counted under a lock). */
export const memberAddresses = pgTable(
  'member_addresses',
  {
    id: id(),
    memberId: belongsTo('member_id', () => users.id),
    line: text('line').notNull(),
    unit: text('unit').notNull().default(''),
    label: text('label', { enum: savedAddressLabels }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('member_addresses_member_idx').on(t.memberId, t.createdAt),
    // A member keeps an address once, whatever its letters' case.
    uniqueIndex('member_addresses_line_key').on(t.memberId, sql`lower(${t.line})`, sql`lower(${t.unit})`),
    oneOf('member_addresses_label', 'label', savedAddressLabels),
  ],
);

// ---------------------------------------------------------------- messages
export const messages = pgTable(
  'messages',
  {
    id: id(),
    fromUser: belongsTo('from_user', () => users.id),
    toUser: belongsTo('to_user', () => users.id),
    message: text('message').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('messages_from_to_idx').on(t.fromUser, t.toUser, t.createdAt),
    index('messages_to_from_idx').on(t.toUser, t.fromUser, t.createdAt),
  ],
);

// ---------------------------------------------------------------- notifications
/** A row with no user is an admin broadcast: one row for every member, not one per member. */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    message: text('message').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdByAdminId: uuid('created_by_admin_id').references(() => users.id),
    /** Names a notification written by a sweep (a reminder, an expiry) so a second run adds none. */
    key: text('key').unique(),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.createdAt)],
);

// ---------------------------------------------------------------- support
const supportStatuses = ['pending', 'replied'] as const;

export const supportMessages = pgTable(
  'support_messages',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull(),
    status: text('status', { enum: supportStatuses }).notNull().default('pending'),
    createdAt: createdAt(),
  },
  (t) => [
    index('support_messages_created_idx').on(t.createdAt),
    oneOf('support_messages_status', 'status', supportStatuses),
  ],
);

export const supportReplies = pgTable('support_replies', {
  id: id(),
  supportId: belongsTo('support_id', () => supportMessages.id),
  adminId: refersTo('admin_id', () => users.id),
  email: text('email').notNull(),
  message: text('message').notNull(),
  createdAt: createdAt(),
});

const ticketStatuses = ['pending', 'resolved'] as const;

export const tickets = pgTable(
  'tickets',
  {
    id: id(),
    userId: belongsTo('user_id', () => users.id),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    status: text('status', { enum: ticketStatuses }).notNull().default('pending'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('tickets_user_idx').on(t.userId, t.createdAt),
    index('tickets_created_idx').on(t.createdAt),
    oneOf('tickets_status', 'status', ticketStatuses),
  ],
);

export const ticketReplies = pgTable(
  'ticket_replies',
  {
    id: id(),
    ticketId: belongsTo('ticket_id', () => tickets.id),
    authorId: refersTo('author_id', () => users.id),
    message: text('message').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('ticket_replies_ticket_idx').on(t.ticketId, t.createdAt)],
);

// ---------------------------------------------------------------- wallet
export const riskCategories = pgTable('risk_categories', {
  id: uuid('id').primaryKey(),
  name: text('name', { enum: ['lowrisk', 'highrisk'] })
    .notNull()
    .unique(),
  label: text('label').notNull(),
});

/** Fixed ids of the two risk categories, inserted by a migration. */
export const riskCategoryIds = {
  lowrisk: '00000000-0000-4000-8000-000000000001',
  highrisk: '00000000-0000-4000-8000-000000000002',
} as const;

/** Figures derived from the ledger; every change goes with a transaction row. */
export const wallets = pgTable(
  'wallets',
  {
    userId: belongsTo('user_id', () => users.id).primaryKey(),
    amountCents: integer('amount_cents').notNull().default(0),
    lowRiskCents: integer('low_risk_cents').notNull().default(0),
    highRiskCents: integer('high_risk_cents').notNull().default(0),
    reservedCents: integer('reserved_cents').notNull().default(0),
    /** Held for booked jobs paid from the wallet, until completed (paid) or not (released). */
    heldCents: integer('held_cents').notNull().default(0),
    depositCents: integer('deposit_cents').notNull().default(0),
    withdrawCents: integer('withdraw_cents').notNull().default(0),
    /** Net result of distributions: profits minus losses, so it may fall below zero. */
    interestCents: integer('interest_cents').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'wallets_nonneg',
      sql`${t.amountCents} >= 0 and ${t.lowRiskCents} >= 0 and ${t.highRiskCents} >= 0 and ${t.reservedCents} >= 0 and ${t.heldCents} >= 0 and ${t.depositCents} >= 0 and ${t.withdrawCents} >= 0`,
    ),
  ],
);

const profitOrLoss = ['profit', 'loss'] as const;

export const distributions = pgTable(
  'distributions',
  {
    id: id(),
    riskCategoryId: refersTo('risk_category_id', () => riskCategories.id),
    transactionType: text('transaction_type', { enum: profitOrLoss }).notNull(),
    /** Percentage in hundredths (2.50% = 250). */
    basisPoints: integer('basis_points').notNull(),
    totalCents: integer('total_cents').notNull(),
    walletCount: integer('wallet_count').notNull(),
    /** The preview it applies; a repeated submit of the same preview is refused. */
    previewKey: text('preview_key').notNull(),
    adminId: refersTo('admin_id', () => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('distributions_preview_key').on(t.previewKey),
    oneOf('distributions_type', 'transaction_type', profitOrLoss),
  ],
);

export const transactions = pgTable(
  'transactions',
  {
    id: id(),
    userId: belongsTo('user_id', () => users.id),
    title: text('title').notNull(),
    amountCents: integer('amount_cents').notNull(),
    type: text('type', { enum: transactionTypeNames }).notNull(),
    profitLoss: text('profit_loss', { enum: profitOrLoss }),
    riskCategoryId: uuid('risk_category_id').references(() => riskCategories.id),
    status: text('status', { enum: transactionStatusCodes }).notNull(),
    distributionId: uuid('distribution_id').references(() => distributions.id),
    /** The booking a payment or an earning is for. */
    bookingId: uuid('booking_id').references(() => bookings.id),
    /** The admin who did it, for every money action of the back-office. */
    adminId: uuid('admin_id').references(() => users.id),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedByAdminId: uuid('resolved_by_admin_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('transactions_user_idx').on(t.userId, t.createdAt),
    index('transactions_status_idx').on(t.status, t.createdAt),
    // A distribution's rows, read back to tell each member (wallet.admin.service.ts).
    index('transactions_distribution_idx')
      .on(t.distributionId)
      .where(sql`${t.distributionId} is not null`),
    // A booking is paid once and earned once: its hold is settled exactly once.
    uniqueIndex('transactions_booking_key')
      .on(t.bookingId, t.type)
      .where(sql`${t.bookingId} is not null`),
    check('transactions_amount_positive', sql`${t.amountCents} > 0`),
    oneOf('transactions_type', 'type', transactionTypeNames),
    oneOf('transactions_status', 'status', transactionStatusCodes),
    oneOf('transactions_profit_loss', 'profit_loss', profitOrLoss),
  ],
);

// ---------------------------------------------------------------- card payments (Stripe)
/**
 * A member's wallet top-up by card: opened with a Stripe Checkout Session, credited once when
 * Stripe's signed webhook says the session was paid (modules/wallet/wallet.cards.ts).
 */
export const cardTopUps = pgTable(
  'card_top_ups',
  {
    id: id(),
    userId: belongsTo('user_id', () => users.id),
    amountCents: integer('amount_cents').notNull(),
    status: text('status', { enum: topUpStatuses }).notNull().default('open'),
    /** Stripe's Checkout Session, once created. */
    sessionId: text('session_id').unique(),
    createdAt: createdAt(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    index('card_top_ups_user_idx').on(t.userId, t.createdAt),
    check('card_top_ups_amount_positive', sql`${t.amountCents} > 0`),
    oneOf('card_top_ups_status', 'status', topUpStatuses),
  ],
);

/**
 * A booking's payment by card (bookings.cards.ts): Stripe's Checkout Session, the PaymentIntent it
 * authorized, and what Stripe must still be told (`status` capturing, releasing or expiring, from
 * `dueAt`), which the job queue does with idempotency keys from this row's id.
 */
export const cardPayments = pgTable(
  'card_payments',
  {
    id: id(),
    bookingId: belongsTo('booking_id', () => bookings.id).unique(),
    status: text('status', { enum: cardPaymentStatuses }).notNull().default('open'),
    amountCents: integer('amount_cents').notNull(),
    /** What is (to be) charged: the total on completion, the fee of a late cancellation. */
    chargedCents: integer('charged_cents').notNull().default(0),
    sessionId: text('session_id').unique(),
    payUrl: text('pay_url'),
    paymentIntentId: text('payment_intent_id'),
    /** What was given back of the charge; never more than it. */
    refundedCents: integer('refunded_cents').notNull().default(0),
    /** What waits for an administrator: a dispute, or a call Stripe kept refusing; null otherwise. */
    attention: text('attention', { enum: cardAttentions }),
    /** Until when the booking holds its slot waiting for the payment. */
    holdUntil: timestamp('hold_until', { withTimezone: true }).notNull(),
    /**
     * When the job queue may tell Stripe what the status says (null once told): capture, release
     * the hold, or close the page of an expired one. A capture waits out the provider's Undo.
     */
    dueAt: timestamp('due_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('card_payments_due_idx')
      .on(t.dueAt)
      .where(sql`${t.dueAt} is not null`),
    // The sweep of payments not made within their hold.
    index('card_payments_open_idx')
      .on(t.holdUntil)
      .where(sql`${t.status} = 'open'`),
    check(
      'card_payments_amounts',
      sql`${t.amountCents} > 0 and ${t.chargedCents} between 0 and ${t.amountCents} and ${t.refundedCents} between 0 and ${t.chargedCents}`,
    ),
    oneOf('card_payments_status', 'status', cardPaymentStatuses),
    oneOf('card_payments_attention', 'attention', cardAttentions),
    // The back-office's work queue: the payments waiting for someone.
    index('card_payments_attention_idx')
      .on(t.bookingId)
      .where(sql`${t.attention} is not null`),
  ],
);

/** Money given back of a card payment by an administrator: asked of Stripe once, by this row's id. */
export const cardRefunds = pgTable(
  'card_refunds',
  {
    id: id(),
    cardPaymentId: belongsTo('card_payment_id', () => cardPayments.id),
    amountCents: integer('amount_cents').notNull(),
    /** pending: asked of Stripe; succeeded; failed (its amount counts no more). */
    status: text('status', { enum: refundStatuses }).notNull().default('pending'),
    /** Stripe's refund (`re_…`), once made. */
    refundId: text('refund_id'),
    adminId: uuid('admin_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('card_refunds_payment_idx').on(t.cardPaymentId, t.createdAt),
    check('card_refunds_amount_positive', sql`${t.amountCents} > 0`),
    oneOf('card_refunds_status', 'status', refundStatuses),
  ],
);

/** A provider's Stripe Express account, where its weekly payouts go (wallet.payouts.ts). */
export const stripeAccounts = pgTable('stripe_accounts', {
  userId: belongsTo('user_id', () => users.id).primaryKey(),
  accountId: text('account_id').notNull().unique(),
  /** Stripe says it can be paid (its onboarding is complete): from `account.updated`. */
  payoutsEnabled: boolean('payouts_enabled').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * One weekly transfer to a provider's account: its withdraw transaction (reserved while pending,
 * paid out or given back with the transfer's end) and Stripe's transfer, asked for with this row's
 * id as the idempotency key.
 */
export const payoutTransfers = pgTable(
  'payout_transfers',
  {
    id: id(),
    userId: belongsTo('user_id', () => users.id),
    transactionId: belongsTo('transaction_id', () => transactions.id).unique(),
    accountId: text('account_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    status: text('status', { enum: payoutStatuses }).notNull().default('pending'),
    transferId: text('transfer_id'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    index('payout_transfers_user_idx').on(t.userId, t.createdAt),
    index('payout_transfers_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
    check('payout_transfers_amount_positive', sql`${t.amountCents} > 0`),
    oneOf('payout_transfers_status', 'status', payoutStatuses),
  ],
);

/**
 * Every Stripe event received, once by its id: a replay or a second delivery finds its row and
 * does nothing. The job queue handles those not yet handled.
 */
export const stripeEvents = pgTable(
  'stripe_events',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    /** Failed tries: an event that keeps failing steps aside for the others, and stops at a limit. */
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
  },
  (t) => [
    index('stripe_events_pending_idx')
      .on(t.receivedAt)
      .where(sql`${t.handledAt} is null`),
  ],
);

// ---------------------------------------------------------------- referrals
export const referrals = pgTable(
  'referrals',
  {
    id: id(),
    /** The member who joined. */
    userId: belongsTo('user_id', () => users.id),
    referredBy: belongsTo('referred_by', () => users.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('referrals_user_key').on(t.userId), index('referrals_referred_by_idx').on(t.referredBy)],
);

// ---------------------------------------------------------------- content
export const faqs = pgTable(
  'faqs',
  {
    id: id(),
    title: text('title').notNull(),
    about: text('about').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('faqs_created_idx').on(t.createdAt)],
);

export const contentPages = pgTable('content_pages', {
  key: text('key', { enum: ['terms', 'privacy'] }).primaryKey(),
  about: text('about').notNull(),
  updatedAt: updatedAt(),
});
