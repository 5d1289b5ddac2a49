import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { offers, users } from '../../db/schema.js';
import { expectSuccess, injectAs, withApp } from '../../test/harness.js';
import {
  createBooking,
  createCategory,
  createMember,
  createOffer,
  createProvider,
  createRating,
} from '../../test/factories.js';

const ctx = withApp();
const { get } = injectAs(() => ctx);

type Provider = Awaited<ReturnType<typeof createProvider>>;
const providers: Record<'ana' | 'bea' | 'cal' | 'dan' | 'eve', Provider> = {} as never;
let noProfile: Awaited<ReturnType<typeof createMember>>;

let day = 0;
/** One completed booking per star count, each rated by a customer. */
async function rate(providerId: string, counts: number[]) {
  const customer = await createMember(ctx.db);
  for (const count of counts) {
    const date = `2026-01-${String(++day).padStart(2, '0')}`;
    const booking = await createBooking(ctx.db, { customerId: customer.id, providerId, status: 'completed', date });
    await createRating(ctx.db, { bookingId: booking.id, rateBy: customer.id, rateTo: providerId, count });
  }
}

beforeAll(async () => {
  providers.ana = await createProvider(ctx.db, {
    name: 'Ana Lopez',
    image: '/uploads/ana.jpg',
    about: 'Ten years of deep cleaning.',
    chargesCents: 4500,
    address: '1 Main St, Austin, TX',
  });
  providers.bea = await createProvider(ctx.db, {
    name: 'Bea Smith',
    chargesCents: 3000,
    city: 'dallas',
    address: '1500 Main St, Dallas, TX',
  });
  providers.cal = await createProvider(ctx.db, { name: 'Cal Jones', chargesCents: 6000 });
  providers.dan = await createProvider(ctx.db, { name: 'Dan Brown', city: 'dallas', address: '2 Elm St, Dallas, TX' });
  providers.eve = await createProvider(ctx.db, { name: 'Eve Green' });
  // Not listed, though their names and ratings would put them first.
  const blocked = await createProvider(ctx.db, { name: 'Abe Blocked', isBlocked: true });
  const inactive = await createProvider(ctx.db, { name: 'Abe Inactive', status: '0' });
  noProfile = await createMember(ctx.db, { name: 'Aaron Noprofile', role: 'provider' });

  await rate(providers.ana.id, [4, 5]); // 4.5 from 2
  await rate(providers.bea.id, [4, 5, 4, 5]); // 4.5 from 4
  await rate(providers.cal.id, [5, 5, 4]); // 4.666… shown as 4.7
  await rate(blocked.id, [5]);
  await rate(inactive.id, [5]);
});

describe('GET /v1/services/servicelisting', () => {
  const categories: Record<string, Awaited<ReturnType<typeof createCategory>>> = {};
  beforeAll(async () => {
    categories.cleaning = await createCategory(ctx.db, { title: 'Cleaning' });
    categories.beauty = await createCategory(ctx.db, { title: 'Beauty', image: 'uploads/beauty.jpg' });
    categories.painting = await createCategory(ctx.db, { title: 'Painting' });
    // Would sort first if archived categories leaked into the list.
    await createCategory(ctx.db, { title: 'Appliance repair', archived: true });
  });

  it('lists the categories that are not archived, by title, with the page meta', async () => {
    const res = await get('/v1/services/servicelisting');
    expectSuccess(res, {
      data: [
        { _id: categories.beauty!.id, title: 'Beauty', image: 'uploads/beauty.jpg' },
        { _id: categories.cleaning!.id, title: 'Cleaning', image: null },
        { _id: categories.painting!.id, title: 'Painting', image: null },
      ],
      meta: { page: 1, limit: 20, total: 3 },
    });
  });

  it('pages: the total counts every visible category, also past the last page', async () => {
    const second = await get('/v1/services/servicelisting?page=2&limit=2');
    expect(second.json()).toEqual({
      status: 1,
      data: [{ _id: categories.painting!.id, title: 'Painting', image: null }],
      meta: { page: 2, limit: 2, total: 3 },
    });
    const past = await get('/v1/services/servicelisting?page=5&limit=2');
    expect(past.json()).toEqual({ status: 1, data: [], meta: { page: 5, limit: 2, total: 3 } });
  });

  it('allows at most 100 a page and refuses a page below 1', async () => {
    expect((await get('/v1/services/servicelisting?limit=100')).json().meta).toEqual({ page: 1, limit: 100, total: 3 });
    for (const query of ['limit=101', 'limit=0', 'page=0', 'page=abc']) {
      const res = await get(`/v1/services/servicelisting?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ status: 0, message: expect.any(String) });
    }
  });

  it('answers the double-slash path old clients use', async () => {
    const res = await get('/v1//services/servicelisting');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toHaveLength(3);
  });
});

describe('GET /v1/services/offerListing', () => {
  const created: Record<string, Awaited<ReturnType<typeof createOffer>>> = {};
  const at = (id: string, iso: string) =>
    ctx.db
      .update(offers)
      .set({ createdAt: new Date(iso) })
      .where(eq(offers.id, id));

  beforeAll(async () => {
    created.withProvider = await createOffer(ctx.db, {
      title: 'Deep clean',
      providerId: providers.ana.id,
      amountCents: 2500,
      image: 'uploads/clean.jpg',
    });
    created.noProvider = await createOffer(ctx.db, { title: 'House painting' });
    created.noProfile = await createOffer(ctx.db, { title: 'Tune-up', providerId: noProfile.id });
    created.inactive = await createOffer(ctx.db, { title: 'Expired', active: false });
    await at(created.noProfile.id, '2025-12-01T00:00:00.000Z');
    await at(created.withProvider.id, '2026-01-01T00:00:00.000Z');
    await at(created.noProvider.id, '2026-02-01T00:00:00.000Z');
    // Newest of all: it would come first if inactive offers leaked.
    await at(created.inactive.id, '2026-03-01T00:00:00.000Z');
  });

  it('lists active offers newest first, each with its provider and review count', async () => {
    const res = await get('/v1/services/offerListing');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.meta).toEqual({ page: 1, limit: 20, total: 3 });
    expect(body.data.map((o: { title: string }) => o.title)).toEqual(['House painting', 'Deep clean', 'Tune-up']);
    expect(body.data[0].user_id).toBeNull();
    expect(body.data[0].city).toBeNull();
    expect(body.data[1]).toEqual({
      _id: created.withProvider!.id,
      name: created.withProvider!.name,
      title: 'Deep clean',
      image: 'uploads/clean.jpg',
      aboutimage: null,
      amount: 2500,
      offer: '20% off',
      star: 5,
      createdAt: '2026-01-01T00:00:00.000Z',
      user_id: { _id: providers.ana.id, name: 'Ana Lopez', reviewCount: 2 },
      coupon: null,
      city: 'austin',
    });
    // A provider account without a profile yet has no reviews.
    expect(body.data[2].user_id).toEqual({ _id: noProfile.id, name: 'Aaron Noprofile', reviewCount: 0 });
  });

  it('carries an offer’s coupon terms, for checkout to apply', async () => {
    const coupon = await createOffer(ctx.db, { title: 'Coupon', providerId: providers.ana.id, discountCents: 1500 });
    const share = await createOffer(ctx.db, {
      title: 'Share',
      providerId: providers.ana.id,
      discountBasisPoints: 1250,
    });
    const listed = (await get('/v1/services/offerListing?limit=100')).json().data as { _id: string; coupon: unknown }[];
    expect(listed.find((o) => o._id === coupon.id)?.coupon).toEqual({
      discountCents: 1500,
      discountBasisPoints: 0,
      categoryId: null,
    });
    expect(listed.find((o) => o._id === share.id)?.coupon).toEqual({
      discountCents: 0,
      discountBasisPoints: 1250,
      categoryId: null,
    });
    await ctx.db.delete(offers).where(inArray(offers.id, [coupon.id, share.id]));
  });

  it('pages', async () => {
    const res = await get('/v1/services/offerListing?page=2&limit=2');
    expect(res.json().data.map((o: { _id: string }) => o._id)).toEqual([created.noProfile!.id]);
    expect(res.json().meta).toEqual({ page: 2, limit: 2, total: 3 });
    expect((await get('/v1/services/offerListing?limit=500')).statusCode).toBe(400);
  });

  it('puts the offers of providers based in the chosen city first, newest first within each part', async () => {
    const dallas = await createOffer(ctx.db, { title: 'Dallas deal', providerId: providers.bea.id });
    await at(dallas.id, '2025-06-01T00:00:00.000Z');
    try {
      const titles = async (query: string) =>
        ((await get(`/v1/services/offerListing${query}`)).json().data as { title: string; city: string | null }[]).map(
          (o) => [o.title, o.city],
        );
      expect(await titles('?city=dallas')).toEqual([
        ['Dallas deal', 'dallas'],
        ['House painting', null],
        ['Deep clean', 'austin'],
        ['Tune-up', null],
      ]);
      // Without a city, as before: newest first.
      expect((await titles('')).map(([title]) => title)).toEqual([
        'House painting',
        'Deep clean',
        'Tune-up',
        'Dallas deal',
      ]);
      expect(await titles('?city=dallas&page=2&limit=2')).toEqual([
        ['Deep clean', 'austin'],
        ['Tune-up', null],
      ]);
    } finally {
      await ctx.db.delete(offers).where(eq(offers.id, dallas.id));
    }
  });

  it('refuses a city it does not serve with a 400 that says which it serves', async () => {
    for (const city of ['paris', 'Dallas', '']) {
      const res = await get(`/v1/services/offerListing?city=${city}`);
      expect(res.statusCode, city).toBe(400);
      expect(res.json(), city).toMatchObject({
        status: 0,
        message: 'Please choose Austin, Dallas or New York City.',
        errors: { city: 'Please choose Austin, Dallas or New York City.' },
      });
    }
  });
});

describe('GET /v1/services/topserviceprovider', () => {
  it('lists active providers by rating, review count, then name, with one-decimal averages', async () => {
    const res = await get('/v1/services/topserviceprovider');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.meta).toEqual({ page: 1, limit: 20, total: 5 });
    expect(
      body.data.map((p: { name: string; rating: number; reviewCount: number }) => [p.name, p.rating, p.reviewCount]),
    ).toEqual([
      ['Cal Jones', 4.7, 3],
      ['Bea Smith', 4.5, 4],
      ['Ana Lopez', 4.5, 2],
      ['Dan Brown', 0, 0],
      ['Eve Green', 0, 0],
    ]);
    expect(body.data[2]).toEqual({
      _id: providers.ana.id,
      name: 'Ana Lopez',
      image: '/uploads/ana.jpg',
      rating: 4.5,
      reviewCount: 2,
      charges: 4500,
      fromPrice: { priceCents: 4500, unit: 'visit' },
      // The same answer for everyone: where the provider is based, never its street.
      address: 'Austin, TX',
      area: 'Austin, TX',
      about: 'Ten years of deep cleaning.',
      slug: 'ana-lopez-austin',
      city: 'austin',
    });
  });

  it('drops a provider once blocked or set Deactive', async () => {
    await ctx.db.update(users).set({ isBlocked: true }).where(eq(users.id, providers.eve.id));
    await ctx.db.update(users).set({ status: '0' }).where(eq(users.id, providers.dan.id));
    try {
      const res = await get('/v1/services/topserviceprovider');
      expect(res.json().data.map((p: { name: string }) => p.name)).toEqual(['Cal Jones', 'Bea Smith', 'Ana Lopez']);
      expect(res.json().meta.total).toBe(3);
    } finally {
      await ctx.db.update(users).set({ isBlocked: false }).where(eq(users.id, providers.eve.id));
      await ctx.db.update(users).set({ status: '1' }).where(eq(users.id, providers.dan.id));
    }
  });

  it('pages', async () => {
    const res = await get('/v1/services/topserviceprovider?page=2&limit=2');
    expect(res.json().data.map((p: { name: string }) => p.name)).toEqual(['Ana Lopez', 'Dan Brown']);
    expect(res.json().meta).toEqual({ page: 2, limit: 2, total: 5 });
    expect((await get('/v1/services/topserviceprovider?limit=101')).statusCode).toBe(400);
  });

  it('puts the providers based in the chosen city first, each part best rated first', async () => {
    const cards = async (query: string) =>
      ((await get(`/v1/services/topserviceprovider${query}`)).json().data as { name: string; city: string }[]).map(
        (p) => [p.name, p.city],
      );
    expect(await cards('?city=dallas')).toEqual([
      ['Bea Smith', 'dallas'],
      ['Dan Brown', 'dallas'],
      ['Cal Jones', 'austin'],
      ['Ana Lopez', 'austin'],
      ['Eve Green', 'austin'],
    ]);
    // Pages follow the same order, across the city's end; the total still counts everyone.
    const second = await get('/v1/services/topserviceprovider?city=dallas&page=2&limit=2');
    expect(second.json().data.map((p: { name: string }) => p.name)).toEqual(['Cal Jones', 'Ana Lopez']);
    expect(second.json().meta).toEqual({ page: 2, limit: 2, total: 5 });
    // A city without providers changes nothing.
    expect(await cards('?city=nyc')).toEqual(await cards(''));
  });

  it('refuses a city it does not serve with a 400 that says which it serves', async () => {
    for (const city of ['paris', 'NYC', '']) {
      const res = await get(`/v1/services/topserviceprovider?city=${city}`);
      expect(res.statusCode, city).toBe(400);
      expect(res.json(), city).toMatchObject({
        status: 0,
        message: 'Please choose Austin, Dallas or New York City.',
        errors: { city: 'Please choose Austin, Dallas or New York City.' },
      });
    }
  });
});

describe('OpenAPI', () => {
  it('describes the catalogue routes with their page query', async () => {
    const doc = (await get('/docs/json')).json();
    for (const path of [
      '/v1/services/servicelisting',
      '/v1/services/offerListing',
      '/v1/services/topserviceprovider',
    ]) {
      const op = doc.paths[path]?.get;
      expect(op?.tags, path).toEqual(['catalogue']);
      const params = path.endsWith('servicelisting') ? ['limit', 'page'] : ['city', 'limit', 'page'];
      expect(op.parameters.map((p: { name: string }) => p.name).sort(), path).toEqual(params);
      expect(op.responses['200'], path).toBeDefined();
    }
  });
});
