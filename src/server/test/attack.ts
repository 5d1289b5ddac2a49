// The standing attack suite's tools: the operations of the OpenAPI document, a world of fixtures
// owned by one customer, a plausible valid request for every operation, bad values derived from
// each operation's JSON schema, and a fingerprint of every table to prove refused requests wrote
// nothing. Used by security/authorization.test.ts and security/bad-input.test.ts.
import crypto from 'node:crypto';
import http from 'node:http';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { execute, one, type Db } from '../db/client.js';
import { cardTopUps, memberAddresses, riskCategoryIds, timeBlocks } from '../db/schema.js';
import type { App } from '../app.js';
import {
  createAdmin,
  createBanner,
  createBooking,
  createCategory,
  createDeposit,
  createFaq,
  createFavorite,
  createInvestment,
  createMember,
  createMessage,
  createNotification,
  createOffer,
  createProvider,
  createRating,
  createSupportMessage,
  createTicket,
  createWithdrawal,
  setDaysOff,
  signIn,
  uniquePhone,
} from './factories.js';

// ---------------------------------------------------------------- the OpenAPI document

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  format?: string;
  [key: string]: unknown;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
}

export interface Operation {
  /** `METHOD /v1/path/{param}`, as the expectation tables name it. */
  key: string;
  method: string;
  path: string;
  parameters: Parameter[];
  body?: { contentType: string; schema: JsonSchema };
  /** Documented as needing a Bearer token. */
  secured: boolean;
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Parameter[];
        security?: unknown[];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
      }
    >
  >;
}

const httpMethods = new Set(['get', 'post', 'put', 'patch', 'delete']);

/** Every operation the app documents (`app.swagger()`, not the /docs route, which config may turn off). */
export function operationsOf(app: App): Operation[] {
  const doc = app.swagger() as unknown as OpenApiDocument;
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!httpMethods.has(method)) continue;
      const content = op.requestBody?.content ?? {};
      const [contentType, media] = Object.entries(content)[0] ?? [];
      operations.push({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        parameters: op.parameters ?? [],
        body: contentType ? { contentType, schema: media?.schema ?? {} } : undefined,
        // `[{}, { bearer: [] }]` is a public operation that reads a token when one is sent.
        secured: (op.security?.length ?? 0) > 0 && !op.security?.some((s) => Object.keys(s as object).length === 0),
      });
    }
  }
  return operations;
}

// ---------------------------------------------------------------- callers and the world

export const callers = ['anonymous', 'owner', 'otherMember', 'provider', 'otherProvider', 'admin'] as const;
export type Caller = (typeof callers)[number];

const ymd = (date: Date) => date.toISOString().slice(0, 10);
/** A UTC calendar day `days` from now (far enough from midnight in every served city). */
export const dayAhead = (days: number) => ymd(new Date(Date.now() + days * 86_400_000));

export type World = Awaited<ReturnType<typeof buildWorld>>;

/**
 * The fixtures: `owner` (a customer) owns bookings in every state, a ticket, a message thread, a
 * favourite, a rating, withdraw requests and money; `provider` is the provider of its bookings.
 * Whatever a destructive admin call acts on (delete, block, status) is a spare row of its own, so
 * one operation cannot spoil the next.
 */
export async function buildWorld(db: Db) {
  const category = await createCategory(db, { title: 'Plumbing' });
  const spareCategory = await createCategory(db, { title: 'Spare service' });
  const doomedCategory = await createCategory(db, { title: 'Doomed service' });
  const provider = await createProvider(db, { name: 'Pat Provider', categoryIds: [category.id] });
  const otherProvider = await createProvider(db, { name: 'Olive Other', categoryIds: [category.id] });
  const spareProvider = await createProvider(db, { name: 'Spare Provider', status: '0' });
  const owner = await createMember(db, { name: 'Owen Owner' });
  const otherMember = await createMember(db, { name: 'Otto Other' });
  const spareMember = await createMember(db, { name: 'Spare Member' });
  const emailPassword = 'Passw0rd1';
  const emailMember = await createMember(db, {
    name: 'Emma Email',
    email: `emma${Date.now()}@example.com`,
    password: emailPassword,
  });
  const admin = await createAdmin(db);

  await createDeposit(db, owner.id, 100_000);
  await createInvestment(db, owner.id, 'lowrisk', 10_000);
  const withdrawToPay = await createWithdrawal(db, owner.id, 1_000);
  const withdrawToCancel = await createWithdrawal(db, owner.id, 1_000);

  const booking = (status: 'requested' | 'completed', date: string, time: string) =>
    createBooking(db, { customerId: owner.id, providerId: provider.id, categoryId: category.id, status, date, time });
  const toCancel = await booking('requested', dayAhead(5), '10:00');
  const toReschedule = await booking('requested', dayAhead(6), '10:00');
  const job = await booking('requested', dayAhead(7), '11:00');
  const toRate = await booking('completed', dayAhead(-5), '10:00');
  const rated = await booking('completed', dayAhead(-6), '10:00');
  const rating = await createRating(db, { bookingId: rated.id, rateBy: owner.id, rateTo: provider.id, count: 4 });

  const ticket = await createTicket(db, { userId: owner.id });
  const supportMessage = await createSupportMessage(db);
  const favorite = await createFavorite(db, owner.id, provider.id);
  await createMessage(db, { fromUser: owner.id, toUser: provider.id });
  await createMessage(db, { fromUser: provider.id, toUser: owner.id });
  await createNotification(db, { userId: owner.id });
  const faq = await createFaq(db);
  const doomedFaq = await createFaq(db);
  const banner = await createBanner(db);
  const offer = await createOffer(db);
  const dayOff = dayAhead(20);
  await setDaysOff(db, provider.id, [dayOff]);
  const timeBlock = one(
    await db
      .insert(timeBlocks)
      .values({ providerId: provider.id, day: dayAhead(22), startMinute: 12 * 60, endMinute: 14 * 60 })
      .returning({ id: timeBlocks.id }),
  );
  const savedAddress = one(
    await db
      .insert(memberAddresses)
      .values({ memberId: owner.id, line: '4512 Swiss Ave, Dallas, TX', unit: 'Apt 3', label: 'home' })
      .returning({ id: memberAddresses.id }),
  );
  const topUp = one(
    await db.insert(cardTopUps).values({ userId: owner.id, amountCents: 2_000 }).returning({ id: cardTopUps.id }),
  );
  const image = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#c33' } })
    .png()
    .toBuffer();

  const userIds: Record<Exclude<Caller, 'anonymous'>, string> = {
    owner: owner.id,
    otherMember: otherMember.id,
    provider: provider.id,
    otherProvider: otherProvider.id,
    admin: admin.id,
  };
  return {
    db,
    owner,
    otherMember,
    provider,
    otherProvider,
    spareProvider,
    spareMember,
    emailMember,
    emailPassword,
    admin,
    category,
    spareCategory,
    doomedCategory,
    withdrawToPay,
    withdrawToCancel,
    bookings: { toCancel, toReschedule, job, toRate, rated },
    rating,
    ticket,
    topUp,
    supportMessage,
    favorite,
    faq,
    doomedFaq,
    banner,
    offer,
    dayOff,
    timeBlock,
    savedAddress,
    image,
    userIds,
  };
}

/** A fresh session of the caller (logout ends one, so none is reused between operations). */
export async function headersOf(world: World, caller: Caller): Promise<Record<string, string>> {
  if (caller === 'anonymous') return {};
  const token = await signIn(world.db, world.userIds[caller]);
  return { authorization: `Bearer ${token}` };
}

// ---------------------------------------------------------------- a plausible valid request

export interface Plan {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: Record<string, unknown>;
  /** Multipart forms: text fields and image files. */
  form?: { fields: Record<string, string>; files: Record<string, Buffer> };
  /** A server-sent events stream: answered headers are all there is to read. */
  stream?: boolean;
}

type PlanOf = (w: World, caller: Caller) => Plan;

const unique = () => crypto.randomBytes(4).toString('hex');
const ownerId = (w: World) => ({ userId: w.owner.id });
const none: PlanOf = () => ({});

/** One plausible request per operation, ids pointing at the owner's fixtures. */
const plans: Record<string, PlanOf> = {
  'GET /v1/health': none,
  'POST /v1/members/signup': () => ({
    body: { name: 'New Member', email: `new${unique()}@example.com`, phone: uniquePhone() },
  }),
  'POST /v1/auth/verify-otp': (w) => ({ body: { mobile: w.owner.phone, otp: '123456' } }),
  'POST /v1/user/login/send-otp': (w) => ({ body: { mobile: w.owner.phone } }),
  'POST /v1/members/login': (w) => ({ body: { phone: w.owner.phone, otp: '123456' } }),
  'POST /v1/auth/adminlogin': (w) => ({ body: { email: w.admin.email, password: w.admin.password } }),
  'POST /v1/auth/admin/forgot-password': (w) => ({ body: { email: w.admin.email } }),
  'POST /v1/auth/admin/reset-password': () => ({
    body: { token: 'x'.repeat(43), password: 'Newpassw0rd', confirmPassword: 'Newpassw0rd' },
  }),
  'POST /v1/auth/phone/send-code': () => ({}),
  'POST /v1/auth/contact/change': () => ({ body: { kind: 'email', value: `new${unique()}@example.com` } }),
  'POST /v1/auth/contact/confirm': () => ({ body: { kind: 'phone', code: '123456' } }),
  'POST /v1/auth/phone/verify': () => ({ body: { otp: '123456' } }),
  'POST /v1/auth/admin/second-step': () => ({ body: { ticket: 'x'.repeat(43), code: '123456' } }),
  'GET /v1/admin/totp': () => ({}),
  'POST /v1/admin/totp/setup': () => ({}),
  'POST /v1/admin/totp/enable': () => ({ body: { code: '123456' } }),
  'POST /v1/admin/totp/disable': () => ({ body: { code: '123456' } }),
  'POST /v1/admin/totp/recovery-codes': () => ({ body: { code: '123456' } }),
  'POST /v1/auth/register': () => {
    const password = 'Passw0rd1';
    return {
      body: {
        first_name: 'Ann',
        last_name: 'Lee',
        email: `ann${unique()}@example.com`,
        mobile_no: uniquePhone(),
        password,
        password_again: password,
        terms: true,
      },
    };
  },
  'POST /v1/auth/send-verify-otp': (w) => ({ body: { email: w.emailMember.email } }),
  'POST /v1/auth/verify-email': (w) => ({ body: { email: w.emailMember.email, otpNumber: '1234' } }),
  'POST /v1/auth/login': (w) => ({ body: { email: w.emailMember.email, password: w.emailPassword } }),
  'POST /v1/ForgotPassword': (w) => ({ body: { stage: 2, email: w.emailMember.email, otp: '1234' } }),
  'POST /v1/auth/verify-reset-otp': (w) => ({ body: { email: w.emailMember.email, otpNumber: '1234' } }),
  'POST /v1/auth/reset-password': (w) => ({
    body: { email: w.emailMember.email, otpNumber: '1234', password: 'Newpassw0rd', confirmPassword: 'Newpassw0rd' },
  }),
  'POST /v1/auth/logout': none,
  'GET /v1/auth/me': none,
  'GET /v1/dev/outbox': (w) => ({ query: { to: w.owner.phone ?? '' } }),
  'POST /v1/dev/bookings/{id}/elapse': (w) => ({ params: { id: w.bookings.rated.id } }),
  // catalogue (admin)
  'POST /v1/services/service': (w) => ({
    form: { fields: { title: `Service ${unique()}` }, files: { image: w.image } },
  }),
  'POST /v1/services/updateservice': (w) => ({
    form: { fields: { _id: w.spareCategory.id, title: `Renamed ${unique()}` }, files: {} },
  }),
  'GET /v1/services/deleteservice/{id}': (w) => ({ params: { id: w.doomedCategory.id } }),
  'GET /v1/admin/services/{id}': (w) => ({ params: { id: w.category.id } }),
  'GET /v1/admin/services/{id}/trade-words': (w) => ({ params: { id: w.category.id } }),
  'POST /v1/admin/services/{id}/trade-words': (w) => ({
    params: { id: w.spareCategory.id },
    body: { phrase: `fixer ${unique()}` },
  }),
  'DELETE /v1/admin/services/{id}/trade-words': (w) => ({
    params: { id: w.category.id },
    query: { phrase: 'plumber' },
  }),
  'POST /v1/services/banner': (w) => ({ form: { fields: { title: `Banner ${unique()}` }, files: { image: w.image } } }),
  'GET /v1/services/deletebanner/{id}': (w) => ({ params: { id: w.banner.id } }),
  'POST /v1/services/offer': (w) => ({
    form: {
      fields: { name: 'Spring', title: `Offer ${unique()}`, amount: '12.50', offer: '10% off' },
      files: { image: w.image },
    },
  }),
  'GET /v1/services/deleteoffer/{id}': (w) => ({ params: { id: w.offer.id } }),
  // content
  'POST /v1/services/addfaq': () => ({ body: { title: 'How do I pay?', about: 'By card.' } }),
  'POST /v1/services/updatefaq': (w) => ({
    body: { _id: w.faq.id, title: 'How do I pay now?', about: 'By card or wallet.' },
  }),
  'GET /v1/services/deletefaq/{id}': (w) => ({ params: { id: w.doomedFaq.id } }),
  'POST /v1/admin/content/{key}': () => ({ params: { key: 'terms' }, body: { about: 'Be kind.' } }),
  'POST /v1/services/contact': () => ({
    body: { name: 'Visitor', email: 'visitor@example.com', message: 'Hello there.' },
  }),
  // support (admin)
  'POST /v1/services/replayback': (w) => ({
    body: { Email: w.supportMessage.email, Message: 'Thanks, fixed.', _id: w.supportMessage.id },
  }),
  'GET /v1/admin/tickets/{id}': (w) => ({ params: { id: w.ticket.id } }),
  'GET /v1/admin/tickets/{id}/replies': (w) => ({ params: { id: w.ticket.id } }),
  'POST /v1/admin/tickets/{id}/reply': (w) => ({ params: { id: w.ticket.id }, body: { message: 'We are on it.' } }),
  'POST /v1/admin/tickets/{id}/resolve': (w) => ({ params: { id: w.ticket.id } }),
  // providers and search
  'GET /v1/services/search': () => ({ query: { text: 'plu', city: 'austin', minRating: '3', sort: 'distance' } }),
  'GET /v1/services/suggest': () => ({ query: { text: 'plu' } }),
  'POST /v1/services/searchrecord': (w) => ({ body: { user_id: w.owner.id, text: 'plumber' } }),
  'GET /v1/services/serviceUserList/{serviceId}': (w) => ({ params: { serviceId: w.category.id } }),
  'GET /v1/services/provider/{id}': (w) => ({ params: { id: w.provider.id } }),
  'GET /v1/services/getUserRating/{id}': (w) => ({ params: { id: w.provider.id } }),
  // The world's provider's slug: its name and city (modules/seo).
  'GET /v1/providers/page/{slug}': () => ({ params: { slug: 'pat-provider-austin' } }),
  'GET /v1/providers/{id}/serves': (w) => ({
    params: { id: w.provider.id },
    query: { address: '12 Rainey St, Austin, TX 78701' },
  }),
  // favourites
  'POST /v1/services/checkfavorite': (w) => ({ body: { liked_by: w.owner.id, liked_to: w.provider.id } }),
  'POST /v1/services/addasfavorite': (w) => ({ body: { liked_by: w.owner.id, liked_to: w.otherProvider.id } }),
  'POST /v1/services/favoritelisting': (w) => ({ body: { liked_by: w.owner.id } }),
  'GET /v1/services/removeasfavorite/{id}': (w) => ({ params: { id: w.favorite.id } }),
  // bookings
  'GET /v1/services/availableSlots/{providerId}': (w) => ({
    params: { providerId: w.provider.id },
    query: { date: dayAhead(9) },
  }),
  'POST /v1/services/addbooking': (w) => ({
    body: {
      date: dayAhead(9),
      time: '10:00',
      phone: '5125550100',
      address: '200 Main St, Austin, TX',
      description: 'Leaking tap.',
      bookedby: w.owner.id,
      bookedto: w.provider.id,
      service_id: w.category.id,
    },
  }),
  'GET /v1/services/ongoingBookingList/{userId}': (w) => ({ params: ownerId(w) }),
  'GET /v1/services/previousBookingList/{userId}': (w) => ({ params: ownerId(w) }),
  'GET /v1/services/deletebooking/{id}': (w) => ({ params: { id: w.bookings.toCancel.id } }),
  'POST /v1/services/reschedulebooking': (w) => ({
    body: { id: w.bookings.toReschedule.id, date: dayAhead(8), time: '14:00' },
  }),
  'POST /v1/services/addrating': (w) => ({
    body: {
      count: 5,
      comment: 'Great job.',
      rate_by: w.owner.id,
      rate_to: w.provider.id,
      booking_id: w.bookings.toRate.id,
    },
  }),
  'GET /v1/places/autocomplete': () => ({ query: { q: 'Main' } }),
  'GET /v1/places/search': () => ({ query: { q: 'Dallas' } }),
  'POST /v1/members/addresses': () => ({ body: { line: '1 Elm St, Dallas, TX', label: 'work' } }),
  'DELETE /v1/members/addresses/{id}': (w) => ({ params: { id: w.savedAddress.id } }),
  'PUT /v1/members/location': () => ({
    body: { location: { label: 'Dallas', lat: 32.7767, lng: -96.797, city: 'dallas' } },
  }),
  // messages and notifications
  'POST /v1/services/sendMessage': (w) => ({
    body: { message: 'Are you free?', toUser: w.provider.id, fromUser: w.owner.id },
  }),
  'GET /v1/services/messageList/{userId}': (w) => ({ params: ownerId(w) }),
  'POST /v1/services/messageListDetail': (w) => ({ body: { fromUser: w.owner.id, toUser: w.provider.id } }),
  'GET /v1/services/notificationList/{userId}': (w) => ({ params: ownerId(w) }),
  'GET /v1/services/notifications/unread': none,
  'GET /v1/messages/unread': none,
  'POST /v1/services/notifications/read': none,
  'GET /v1/live': () => ({ stream: true }),
  // members
  'GET /v1/members/getmemberlisting/{userId}': (w) => ({ params: ownerId(w) }),
  'POST /v1/members/updateprofile': () => ({
    body: { first_name: 'Owen', last_name: 'Owner', about: 'Hi.', age: 30, gender: 'male' },
  }),
  'POST /v1/members/profileimage': (w) => ({ form: { fields: {}, files: { image: w.image } } }),
  'GET /v1/members/referral': none,
  // admin
  'GET /v1/admin/dashboard': () => ({ query: { startDate: dayAhead(-30), endDate: dayAhead(0) } }),
  'POST /v1/users/adminAddVendor': () => ({
    body: { UserName: 'New Vendor', phone: uniquePhone(), email: `vendor${unique()}@example.com` },
  }),
  'POST /v1/admin/ratings/hide': (w) => ({ body: { id: w.rating.id, hidden: true } }),
  'POST /v1/admin/bookings/{id}/refund': (w) => ({ params: { id: w.bookings.rated.id }, body: { amount: '1' } }),
  'GET /v1/admin/vendors/{id}': (w) => ({ params: { id: w.provider.id } }),
  'GET /v1/admin/services/providers': (w) => ({ query: { categoryId: w.category.id } }),
  // wallet (admin)
  'GET /v1/transaction/userAllDetail/{id}': (w) => ({ params: { id: w.owner.id } }),
  'GET /v1/transaction/userTransactions/{id}': (w) => ({ params: { id: w.owner.id } }),
  'GET /v1/transaction/userTickets/{id}': (w) => ({ params: { id: w.owner.id } }),
  'POST /v1/transaction/addBalanceToUser': (w) => ({ body: { amount: '5', id: w.owner.id } }),
  'POST /v1/transaction/initiateAdminWithdrawRequest': (w) => ({ body: { id: w.withdrawToPay.id } }),
  'POST /v1/transaction/cancelWithdrawRequest': (w) => ({ body: { id: w.withdrawToCancel.id } }),
  'POST /v1/transaction/blockUser': (w) => ({ body: { isBlocked: true, id: w.spareMember.id } }),
  'POST /v1/services/updateUserStatus': (w) => ({ body: { status: 1, _id: w.spareProvider.id } }),
  'POST /v1/transaction/calculatePercentage': () => ({
    body: { riskCategory: riskCategoryIds.lowrisk, transaction_type: 'profit', percentage: 1 },
  }),
  'POST /v1/transaction/adminDistribution': () => ({
    body: {
      riskCategory: riskCategoryIds.lowrisk,
      transaction_type: 'profit',
      percentage: 1,
      previewKey: '0'.repeat(64),
    },
  }),
  'POST /v1/transaction/sendDistributionNotification': () => ({ body: { message: 'Profits are in.' } }),
  'GET /v1/admin/broadcasts/recipients': () => ({}),
  // provider portal
  'GET /v1/provider/jobs': () => ({ query: { tab: 'requested' } }),
  'GET /v1/provider/jobs/counts': () => ({}),
  'GET /v1/provider/home': () => ({}),
  'POST /v1/provider/jobs/{id}/{action}': (w) => ({ params: { id: w.bookings.job.id, action: 'accept' } }),
  'GET /v1/provider/prices': () => ({}),
  'PUT /v1/provider/prices': () => ({ body: { prices: [] } }),
  'GET /v1/providers/{id}/prices': (w) => ({ params: { id: w.provider.id } }),
  'GET /v1/bookings/{id}': (w) => ({ params: { id: w.bookings.toRate.id } }),
  'GET /v1/bookings/{id}/calendar.ics': (w) => ({ params: { id: w.bookings.toRate.id } }),
  'GET /v1/admin/settings': () => ({}),
  'PUT /v1/admin/settings': () => ({ body: { feeBasisPoints: 1000, cancellationFeeCents: 0 } }),
  'GET /v1/admin/vendors/{id}/prices': (w) => ({ params: { id: w.provider.id } }),
  'PUT /v1/admin/vendors/{id}/prices': (w) => ({ params: { id: w.provider.id }, body: { prices: [] } }),
  'PUT /v1/provider/profile': (w) => ({
    body: {
      services: [w.category.id],
      charges: '45',
      city: 'austin',
      address: '100 Congress Ave, Austin, TX',
      about: 'Twenty years of pipes.',
    },
  }),
  'PUT /v1/provider/schedule': () => ({
    body: {
      hours: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '09:00', end: '18:00' })),
      slotMinutes: 60,
      bufferMinutes: 30,
    },
  }),
  'POST /v1/provider/schedule/daysoff': () => ({ body: { day: dayAhead(21) } }),
  'DELETE /v1/provider/schedule/daysoff/{day}': (w) => ({ params: { day: w.dayOff } }),
  'GET /v1/provider/calendar': () => ({ query: { from: dayAhead(0), days: '7' } }),
  'POST /v1/provider/calendar/blocks': () => ({ body: { day: dayAhead(23), start: '12:00', end: '14:00' } }),
  'DELETE /v1/provider/calendar/blocks/{id}': (w) => ({ params: { id: w.timeBlock.id } }),
  // member wallet, tickets
  'POST /v1/wallet/invest': () => ({ body: { risk: 'highrisk', amount: '1' } }),
  'POST /v1/wallet/divest': () => ({ body: { risk: 'lowrisk', amount: '1' } }),
  'POST /v1/wallet/withdraw': () => ({ body: { amount: '1' } }),
  'POST /v1/wallet/topups': () => ({ body: { amount: '10' } }),
  'GET /v1/wallet/topups/{id}': (w) => ({ params: { id: w.topUp.id } }),
  'POST /v1/payments/stripe/webhook': () => ({ body: { id: 'evt_test_unsigned', type: 'checkout.session.completed' } }),
  'POST /v1/tickets': () => ({ body: { subject: 'Refund', message: 'Please refund my booking.' } }),
  'GET /v1/tickets/{id}': (w) => ({ params: { id: w.ticket.id } }),
  'GET /v1/tickets/{id}/replies': (w) => ({ params: { id: w.ticket.id } }),
  'POST /v1/tickets/{id}/reply': (w) => ({ params: { id: w.ticket.id }, body: { message: 'Any news?' } }),
};

/**
 * The plausible request of an operation. Operations without a row of their own need nothing but
 * their page query (lists, `/export` included, and the caller's own reads).
 */
export function planOf(op: Operation, world: World, caller: Caller): Plan {
  const own = plans[op.key] ?? plans[op.key.replace(/\/export$/, '')];
  if (own) return own(world, caller);
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  if (pathParams.length > 0)
    throw new Error(`no request plan for ${op.key}: its path needs ${pathParams.map((p) => p.name).join(', ')}`);
  return {};
}

export function urlOf(op: Operation, plan: Plan): string {
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = plan.params?.[name];
    if (value === undefined) throw new Error(`${op.key}: no value for {${name}}`);
    return encodeURIComponent(value);
  });
  const query = new URLSearchParams(plan.query ?? {}).toString();
  return query ? `${path}?${query}` : path;
}

/** A multipart/form-data payload of text fields and image files. */
export function multipart(form: NonNullable<Plan['form']>): { payload: Buffer; contentType: string } {
  const boundary = `----doorstep${unique()}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(form.fields)) {
    parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const [name, file] of Object.entries(form.files)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="${name}"; filename="${name}.png"\r\ncontent-type: image/png\r\n\r\n`,
      ),
    );
    parts.push(file, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

export interface Answer {
  statusCode: number;
  body: string;
}

/** Sends the plan with `app.inject` (or over a socket for a stream, whose answer never ends). */
export async function send(
  app: App,
  op: Operation,
  plan: Plan,
  headers: Record<string, string>,
  remoteAddress: string,
  streamBase?: string,
): Promise<Answer> {
  const url = urlOf(op, plan);
  if (plan.stream) {
    if (!streamBase) throw new Error(`${op.key} streams: the app must listen`);
    return new Promise((resolve, reject) => {
      const request = http.request(streamBase + url, { method: op.method, headers, agent: false }, (response) => {
        const statusCode = response.statusCode ?? 0;
        // An open stream is dropped at once, socket and all; a refusal is read to its end.
        if (statusCode === 200) {
          response.destroy();
          return resolve({ statusCode, body: '' });
        }
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ statusCode, body }));
      });
      request.on('error', reject);
      request.end();
    });
  }
  const method = op.method as 'GET' | 'POST' | 'PUT' | 'DELETE';
  if (plan.form) {
    const { payload, contentType } = multipart(plan.form);
    const response = await app.inject({
      method,
      url,
      headers: { ...headers, 'content-type': contentType },
      payload,
      remoteAddress,
    });
    return { statusCode: response.statusCode, body: response.body };
  }
  const response = await app.inject({
    method,
    url,
    headers,
    remoteAddress,
    ...(plan.body !== undefined ? { payload: plan.body } : {}),
  });
  return { statusCode: response.statusCode, body: response.body };
}

// ---------------------------------------------------------------- fingerprints

/**
 * Left out of the fingerprint: `rate_limits` counts attempts, refused ones included, by design
 * (a request refused after its input was read still spends its caller's budget); and a code's
 * `attempts`, which a wrong code raises on purpose so a code burns after a few wrong tries.
 */
export const unfingerprinted = new Set(['rate_limits']);
const ignoredColumns: Record<string, string[]> = { codes: ['attempts'] };

export async function publicTables(db: Db): Promise<string[]> {
  const rows = await execute<{ tablename: string }>(
    db,
    sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
  );
  return rows.map((row) => row.tablename).filter((name) => !unfingerprinted.has(name));
}

/** md5 of every row of every table, one statement: a table whose rows changed gets another value. */
export async function fingerprint(db: Db, tables: string[]): Promise<Record<string, string>> {
  const columns = tables.map((name) => {
    const row = (ignoredColumns[name] ?? []).reduce(
      (expression, column) => `${expression} - '${column}'`,
      'to_jsonb(t)',
    );
    return `(select md5(coalesce(string_agg((${row})::text, '|' order by (${row})::text), '')) from public."${name}" t) as "${name}"`;
  });
  const [row] = await execute<Record<string, string>>(db, sql.raw(`select ${columns.join(', ')}`));
  return row ?? {};
}

export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys(before).filter((name) => before[name] !== after[name]);
}

/**
 * A cheap gate in front of the fingerprint, for this test database only: a row trigger on each
 * table counts writes in `attack.writes`, so the fingerprint is taken only after a request that
 * wrote something (it still decides whether any row really changed).
 */
export async function countWrites(db: Db, tables: string[]): Promise<() => Promise<number>> {
  await db.execute(sql.raw(`create schema if not exists attack`));
  await db.execute(sql.raw(`create table attack.writes (n bigint not null)`));
  await db.execute(sql.raw(`insert into attack.writes values (0)`));
  await db.execute(
    sql.raw(
      `create function attack.count_write() returns trigger language plpgsql as $$ begin update attack.writes set n = n + 1; return null; end $$`,
    ),
  );
  for (const name of tables) {
    await db.execute(
      sql.raw(
        `create trigger attack_count after insert or update or delete on public."${name}" for each row execute function attack.count_write()`,
      ),
    );
  }
  return async () =>
    Number((await execute<{ n: string | number }>(db, sql.raw(`select n from attack.writes`)))[0]?.n ?? 0);
}
