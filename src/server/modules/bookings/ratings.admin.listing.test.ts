// The admin's ratings (/ratings, and a provider's on /vendorDetail): the list with hidden ones,
// its export, and hiding a review from customers and showing it again, with the provider's
// average following (it counts visible ratings only).
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { providerProfiles, ratings } from '../../db/schema.js';
import {
  createAdmin,
  createBooking,
  createMember,
  createProvider,
  createRating,
  signIn,
} from '../../test/factories.js';
import { expectFailure, expectRefused, expectSuccess, injectAs, withApp } from '../../test/harness.js';
import { exportedSheet } from '../../test/xlsx.js';

// The top providers list is cached, as in production: hiding must refresh it.
const ctx = withApp({ CATALOGUE_CACHE_MS: '60000' });
let adminToken: string;
let memberToken: string;
let paula: Awaited<ReturnType<typeof createProvider>>;
let carl: Awaited<ReturnType<typeof createProvider>>;
const ids: Record<string, string> = {};

const { get, post } = injectAs(
  () => ctx,
  () => adminToken,
);
const comments = (body: { data: { comment: string }[] }) => body.data.map((row) => row.comment);

/** What a customer sees of Paula: her reviews, her card's average and count, and the top list. */
async function customerView() {
  const reviews = (await get(`/v1/services/getUserRating/${paula.id}`, null)).json();
  const card = (await get(`/v1/services/provider/${paula.id}`, null)).json().data;
  const top = (await get('/v1/services/topserviceprovider', null)).json().data as {
    _id: string;
    rating: number;
    reviewCount: number;
  }[];
  const onTop = top.find((p) => p._id === paula.id);
  return {
    comments: comments(reviews),
    total: reviews.meta.total,
    rating: card.rating,
    reviewCount: card.reviewCount,
    top: onTop ? { rating: onTop.rating, reviewCount: onTop.reviewCount } : null,
  };
}

beforeAll(async () => {
  const admin = await createAdmin(ctx.db);
  adminToken = await signIn(ctx.db, admin.id);
  const alice = await createMember(ctx.db, { name: 'Alice Adams' });
  const bob = await createMember(ctx.db, { name: 'Bob Brown' });
  memberToken = await signIn(ctx.db, alice.id);
  paula = await createProvider(ctx.db, { name: 'Paula Plumber' });
  carl = await createProvider(ctx.db, { name: 'Carl Carpenter' });
  const rate = async (
    key: string,
    customerId: string,
    providerId: string,
    count: number,
    comment: string,
    day: number,
  ) => {
    const booking = await createBooking(ctx.db, {
      customerId,
      providerId,
      status: 'completed',
      date: `2026-03-${String(day).padStart(2, '0')}`,
    });
    const row = await createRating(ctx.db, {
      bookingId: booking.id,
      rateBy: customerId,
      rateTo: providerId,
      count,
      comment,
    });
    await ctx.db
      .update(ratings)
      .set({ createdAt: new Date(Date.UTC(2026, 2, day)) })
      .where(eq(ratings.id, row.id));
    ids[key] = row.id;
  };
  await rate('great', alice.id, paula.id, 5, 'Great work, fixed the leak fast.', 1);
  await rate('rude', bob.id, paula.id, 1, 'Rude and late.', 2);
  await rate('fine', alice.id, carl.id, 4, 'Solid shelves.', 3);
});

describe('GET /v1/admin/ratings', () => {
  it('refuses an anonymous caller with 401 and a member with 403, for the page and the export', async () => {
    for (const path of ['/v1/admin/ratings', '/v1/admin/ratings/export']) {
      expect((await get(path, null)).statusCode, path).toBe(401);
      const member = await get(path, memberToken);
      expectRefused(member, 403, path);
    }
  });

  it('lists every rating newest first, with customer, provider, stars, comment and visibility', async () => {
    const body = (await get('/v1/admin/ratings')).json();
    expect(body.meta).toEqual({ page: 1, limit: 20, total: 3 });
    expect(comments(body)).toEqual(['Solid shelves.', 'Rude and late.', 'Great work, fixed the leak fast.']);
    expect(body.data[1]).toMatchObject({
      _id: ids.rude,
      count: 1,
      hidden: false,
      createdAt: '2026-03-02T00:00:00.000Z',
      rate_by: { name: 'Bob Brown' },
      rate_to: { _id: paula.id, name: 'Paula Plumber' },
    });
  });

  it('searches names and comments, sorts by rating, keeps one provider’s with providerId', async () => {
    expect(comments((await get('/v1/admin/ratings?q=LEAK')).json())).toEqual(['Great work, fixed the leak fast.']);
    expect(comments((await get('/v1/admin/ratings?q=carpenter')).json())).toEqual(['Solid shelves.']);
    expect(comments((await get('/v1/admin/ratings?q=bob')).json())).toEqual(['Rude and late.']);
    expect((await get('/v1/admin/ratings?sort=rating')).json().data.map((r: { count: number }) => r.count)).toEqual([
      1, 4, 5,
    ]);
    expect(
      (await get('/v1/admin/ratings?sort=rating&order=desc')).json().data.map((r: { count: number }) => r.count),
    ).toEqual([5, 4, 1]);
    const paulas = (await get(`/v1/admin/ratings?providerId=${paula.id}`)).json();
    expect(comments(paulas)).toEqual(['Rude and late.', 'Great work, fixed the leak fast.']);
    expect(paulas.meta.total).toBe(2);
  });

  it('refuses a malformed providerId and an unknown sort with 400', async () => {
    const res = await get('/v1/admin/ratings?providerId=12');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please send a valid provider id.');
    expect((await get('/v1/admin/ratings?sort=comment')).statusCode).toBe(400);
  });

  it('exports the filtered list as .xlsx', async () => {
    const res = await get(`/v1/admin/ratings/export?providerId=${paula.id}&sort=rating`);
    const rows = await exportedSheet(res, 'ratings');
    expect(rows[0]).toEqual(['Customer', 'Provider', 'Rating', 'Comment', 'Date', 'Status']);
    expect(rows.slice(1).map((row) => [row[0], row[2], row[3], row[5]])).toEqual([
      ['Bob Brown', 1, 'Rude and late.', 'Visible'],
      ['Alice Adams', 5, 'Great work, fixed the leak fast.', 'Visible'],
    ]);
  });
});

describe('POST /v1/admin/ratings/hide', () => {
  it('refuses anonymous callers (401), members (403), bad bodies (400) and unknown ratings (404)', async () => {
    expect((await post('/v1/admin/ratings/hide', { id: ids.rude, hidden: true }, null)).statusCode).toBe(401);
    const member = await post('/v1/admin/ratings/hide', { id: ids.rude, hidden: true }, memberToken);
    expectRefused(member, 403);
    const badId = await post('/v1/admin/ratings/hide', { id: 'rude', hidden: true });
    expect(badId.statusCode).toBe(400);
    expect(badId.json()).toMatchObject({
      status: 0,
      message: 'Please send a valid review id.',
      errors: { id: 'Please send a valid review id.' },
    });
    for (const hidden of [undefined, 'yes', 1]) {
      const res = await post('/v1/admin/ratings/hide', { id: ids.rude, hidden });
      expect(res.statusCode, String(hidden)).toBe(400);
      expect(res.json().message).toBe('Please send hidden as true or false.');
    }
    const unknown = await post('/v1/admin/ratings/hide', { id: '00000000-0000-4000-8000-00000000abcd', hidden: true });
    expectFailure(unknown, 404, { code: 'not_found', message: 'This review was not found.' });
    // Nothing changed on the way.
    const [row] = await ctx.db.select({ hidden: ratings.hidden }).from(ratings).where(eq(ratings.id, ids.rude!));
    expect(row?.hidden).toBe(false);
  });

  it('hides a review from customers (reviews, average, count, top list) and shows it again', async () => {
    const before = await customerView();
    expect(before).toEqual({
      comments: ['Rude and late.', 'Great work, fixed the leak fast.'],
      total: 2,
      rating: 3,
      reviewCount: 2,
      top: { rating: 3, reviewCount: 2 },
    });

    const hide = await post('/v1/admin/ratings/hide', { id: ids.rude, hidden: true });
    expectSuccess(hide, {
      message: 'The review is hidden from customers.',
      data: { _id: ids.rude, hidden: true },
    });
    expect(await customerView()).toEqual({
      comments: ['Great work, fixed the leak fast.'],
      total: 1,
      rating: 5,
      reviewCount: 1,
      top: { rating: 5, reviewCount: 1 },
    });
    // The admin still sees it, marked hidden.
    const listed = (await get(`/v1/admin/ratings?providerId=${paula.id}`)).json().data;
    expect(listed.map((r: { comment: string; hidden: boolean }) => [r.comment, r.hidden])).toEqual([
      ['Rude and late.', true],
      ['Great work, fixed the leak fast.', false],
    ]);
    // The Status filter keeps the hidden ones, or the visible ones, and counts them alone.
    const hiddenOnes = (await get(`/v1/admin/ratings?providerId=${paula.id}&status=hidden`)).json();
    expect(hiddenOnes.data.map((r: { comment: string }) => r.comment)).toEqual(['Rude and late.']);
    expect(hiddenOnes.meta.total).toBe(1);
    const visibleOnes = (await get(`/v1/admin/ratings?providerId=${paula.id}&status=visible`)).json();
    expect(visibleOnes.data.map((r: { comment: string }) => r.comment)).toEqual(['Great work, fixed the leak fast.']);
    const unknown = await get('/v1/admin/ratings?status=removed');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Please choose a rating status: visible or hidden.');

    const show = await post('/v1/admin/ratings/hide', { id: ids.rude, hidden: false });
    expect(show.json()).toEqual({
      status: 1,
      message: 'The review is shown to customers again.',
      data: { _id: ids.rude, hidden: false },
    });
    expect(await customerView()).toEqual(before);
  });

  it('moves the figures once however often the same state is asked for', async () => {
    for (let i = 0; i < 3; i++)
      expect((await post('/v1/admin/ratings/hide', { id: ids.great, hidden: true })).statusCode).toBe(200);
    await Promise.all([1, 2, 3].map(() => post('/v1/admin/ratings/hide', { id: ids.great, hidden: true })));
    const [profile] = await ctx.db
      .select({ sum: providerProfiles.ratingSum, count: providerProfiles.reviewCount })
      .from(providerProfiles)
      .where(eq(providerProfiles.userId, paula.id));
    expect(profile).toEqual({ sum: 1, count: 1 });
    await Promise.all([1, 2, 3].map(() => post('/v1/admin/ratings/hide', { id: ids.great, hidden: false })));
    const [after] = await ctx.db
      .select({ sum: providerProfiles.ratingSum, count: providerProfiles.reviewCount })
      .from(providerProfiles)
      .where(eq(providerProfiles.userId, paula.id));
    expect(after).toEqual({ sum: 6, count: 2 });
  });
});
