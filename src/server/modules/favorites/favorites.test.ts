import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { favorites, users } from '../../db/schema.js';
import { expectFailure, injectAs, withApp } from '../../test/harness.js';
import { createFavorite, createMember, createProvider, signIn } from '../../test/factories.js';

const ctx = withApp();
const { get, post } = injectAs(() => ctx);

type Member = Awaited<ReturnType<typeof createMember>>;
let ann: Member;
let annToken: string;
let bob: Member;
let bobToken: string;
let plumber: Member;
let painter: Member;
let cleaner: Member;

beforeAll(async () => {
  ann = await createMember(ctx.db, { name: 'Ann Customer' });
  bob = await createMember(ctx.db, { name: 'Bob Customer' });
  annToken = await signIn(ctx.db, ann.id);
  bobToken = await signIn(ctx.db, bob.id);
  plumber = await createProvider(ctx.db, {
    name: 'Jamal Washington',
    chargesCents: 9500,
    image: '/uploads/jamal.webp',
    address: '4512 Duval St, Austin, TX',
  });
  painter = await createProvider(ctx.db, { name: 'Luis Herrera' });
  cleaner = await createProvider(ctx.db, { name: 'Hannah Lee' });
});

describe('POST /v1/services/addasfavorite and checkfavorite', () => {
  it('checks, adds, then checks again', async () => {
    const before = await post('/v1/services/checkfavorite', { liked_by: ann.id, liked_to: plumber.id }, annToken);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ status: 1, data: { isFavorite: false, _id: null } });

    const added = await post('/v1/services/addasfavorite', { liked_by: ann.id, liked_to: plumber.id }, annToken);
    expect(added.statusCode).toBe(200);
    expect(added.json()).toEqual({ status: 1, message: 'Added as favorite', data: { _id: expect.any(String) } });

    const after = await post('/v1/services/checkfavorite', { liked_by: ann.id, liked_to: plumber.id }, annToken);
    expect(after.json()).toEqual({ status: 1, data: { isFavorite: true, _id: added.json().data._id } });
    // Ann's favourite is not Bob's.
    const bobs = await post('/v1/services/checkfavorite', { liked_by: bob.id, liked_to: plumber.id }, bobToken);
    expect(bobs.json().data).toEqual({ isFavorite: false, _id: null });
  });

  it("answers 409 with 'Already added as favourites' the second time", async () => {
    const again = await post('/v1/services/addasfavorite', { liked_by: ann.id, liked_to: plumber.id }, annToken);
    expectFailure(again, 409, { code: 'conflict', message: 'Already added as favourites' });
  });

  it('lets the unique index decide two adds at once: one wins, the other is a 409', async () => {
    const both = await Promise.all([
      post('/v1/services/addasfavorite', { liked_by: bob.id, liked_to: painter.id }, bobToken),
      post('/v1/services/addasfavorite', { liked_by: bob.id, liked_to: painter.id }, bobToken),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await ctx.db.select().from(favorites).where(eq(favorites.likedBy, bob.id))).toHaveLength(1);
  });

  it('refuses oneself (400), an unknown or unlisted provider (404) and a customer (404)', async () => {
    const self = await post(
      '/v1/services/addasfavorite',
      { liked_by: plumber.id, liked_to: plumber.id },
      await signIn(ctx.db, plumber.id),
    );
    expectFailure(self, 400, { code: 'invalid', message: 'You cannot add yourself as a favourite.' });
    const blocked = await createProvider(ctx.db, { isBlocked: true });
    for (const id of [crypto.randomUUID(), blocked.id, bob.id]) {
      const res = await post('/v1/services/addasfavorite', { liked_by: ann.id, liked_to: id }, annToken);
      expectFailure(res, 404, { code: 'not_found', message: 'This provider was not found.' });
    }
  });

  it('needs a member (401) whose own id is liked_by (403)', async () => {
    for (const path of ['/v1/services/addasfavorite', '/v1/services/checkfavorite']) {
      expect((await post(path, { liked_by: ann.id, liked_to: cleaner.id })).statusCode, path).toBe(401);
      const other = await post(path, { liked_by: ann.id, liked_to: cleaner.id }, bobToken);
      expectFailure(other, 403, { code: 'forbidden', message: 'You are not allowed to do this.' }, path);
    }
    expect(await ctx.db.select().from(favorites).where(eq(favorites.likedTo, cleaner.id))).toHaveLength(0);
  });

  it('checks the body with clear messages', async () => {
    const missing = await post('/v1/services/addasfavorite', { liked_by: ann.id }, annToken);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      status: 0,
      message: 'Please send a valid liked_to id.',
      errors: { liked_to: 'Please send a valid liked_to id.' },
    });
    const bad = await post('/v1/services/checkfavorite', { liked_by: 'me', liked_to: plumber.id }, annToken);
    expect(bad.json()).toMatchObject({ status: 0, message: 'Please send a valid liked_by id.' });
  });
});

describe('POST /v1/services/favoritelisting', () => {
  let carl: Member;
  let carlToken: string;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    carl = await createMember(ctx.db, { name: 'Carl Customer' });
    carlToken = await signIn(ctx.db, carl.id);
    ids.plumber = (await createFavorite(ctx.db, carl.id, plumber.id)).id;
    ids.painter = (await createFavorite(ctx.db, carl.id, painter.id)).id;
    ids.cleaner = (await createFavorite(ctx.db, carl.id, cleaner.id)).id;
    const at = (id: string, iso: string) =>
      ctx.db
        .update(favorites)
        .set({ createdAt: new Date(iso) })
        .where(eq(favorites.id, id));
    await at(ids.plumber, '2026-01-01T00:00:00Z');
    await at(ids.painter, '2026-01-03T00:00:00Z');
    await at(ids.cleaner, '2026-01-02T00:00:00Z');
  });

  it('lists the member’s favourites newest first, each with the provider’s card', async () => {
    const res = await post('/v1/services/favoritelisting', { liked_by: carl.id }, carlToken);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.meta).toEqual({ page: 1, limit: 20, total: 3 });
    expect(body.data.map((f: { liked_to: { name: string } }) => f.liked_to.name)).toEqual([
      'Luis Herrera',
      'Hannah Lee',
      'Jamal Washington',
    ]);
    expect(body.data[2]).toEqual({
      _id: ids.plumber,
      liked_by: carl.id,
      liked_to: {
        _id: plumber.id,
        name: 'Jamal Washington',
        image: '/uploads/jamal.webp',
        rating: 0,
        reviewCount: 0,
        charges: 9500,
        fromPrice: { priceCents: 9500, unit: 'visit' },
        // Carl has not booked Jamal: the area, not the street.
        address: 'Austin, TX',
        area: 'Austin, TX',
        about: null,
        slug: 'jamal-washington-austin',
      },
    });
  });

  it('pages', async () => {
    const body = (await post('/v1/services/favoritelisting?page=2&limit=2', { liked_by: carl.id }, carlToken)).json();
    expect(body.data.map((f: { _id: string }) => f._id)).toEqual([ids.plumber]);
    expect(body.meta).toEqual({ page: 2, limit: 2, total: 3 });
    expect((await post('/v1/services/favoritelisting?limit=101', { liked_by: carl.id }, carlToken)).statusCode).toBe(
      400,
    );
  });

  it('leaves out a provider who is no longer listed', async () => {
    await ctx.db.update(users).set({ status: '0' }).where(eq(users.id, painter.id));
    try {
      const body = (await post('/v1/services/favoritelisting', { liked_by: carl.id }, carlToken)).json();
      expect(body.data.map((f: { _id: string }) => f._id)).toEqual([ids.cleaner, ids.plumber]);
      expect(body.meta.total).toBe(2);
    } finally {
      await ctx.db.update(users).set({ status: '1' }).where(eq(users.id, painter.id));
    }
  });

  it('needs the member (401) and their own id (403)', async () => {
    expect((await post('/v1/services/favoritelisting', { liked_by: carl.id })).statusCode).toBe(401);
    expect((await post('/v1/services/favoritelisting', { liked_by: carl.id }, annToken)).statusCode).toBe(403);
    const empty = await post('/v1/services/favoritelisting', {}, carlToken);
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ message: 'Please send a valid liked_by id.' });
  });
});

describe('GET /v1/services/removeasfavorite/:id', () => {
  it('removes the caller’s own favourite', async () => {
    const dana = await createMember(ctx.db);
    const danaToken = await signIn(ctx.db, dana.id);
    const favorite = await createFavorite(ctx.db, dana.id, cleaner.id);
    const res = await get(`/v1/services/removeasfavorite/${favorite.id}`, danaToken);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 1, message: 'Removed from favorites' });
    const check = await post('/v1/services/checkfavorite', { liked_by: dana.id, liked_to: cleaner.id }, danaToken);
    expect(check.json().data).toEqual({ isFavorite: false, _id: null });
    // Gone: a second time is a 404.
    const again = await get(`/v1/services/removeasfavorite/${favorite.id}`, danaToken);
    expectFailure(again, 404, { code: 'not_found', message: 'This favourite was not found.' });
  });

  it('refuses another member’s favourite (403) and anonymous callers (401)', async () => {
    const favorite = await createFavorite(ctx.db, ann.id, cleaner.id);
    const res = await get(`/v1/services/removeasfavorite/${favorite.id}`, bobToken);
    expect(res.statusCode).toBe(403);
    expect((await get(`/v1/services/removeasfavorite/${favorite.id}`)).statusCode).toBe(401);
    expect(await ctx.db.select().from(favorites).where(eq(favorites.id, favorite.id))).toHaveLength(1);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    expect((await get(`/v1/services/removeasfavorite/${crypto.randomUUID()}`, annToken)).statusCode).toBe(404);
    const bad = await get('/v1/services/removeasfavorite/12', annToken);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: 'Please send a valid favourite id.' });
  });
});
