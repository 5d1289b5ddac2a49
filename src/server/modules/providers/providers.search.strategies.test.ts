// The two ways search reads a page — walking the order's index, or collecting the few matches and
// sorting them — give the same page and the same total for any search (a property over random
// searches of a crowd of providers), and the sample that chooses between them changes nothing but
// speed, nor does spelling a start of a word out as the words it begins. A provider listed as free
// on a date has a free slot that day. The read model follows every change it copies (price, area,
// rating, days off, listing) in the same transaction.
import { and, eq, sql, type SQL } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { searchQuery } from '../../../contract/providers.js';
import { daysOff, providerProfiles, users, workingHours } from '../../db/schema.js';
import { execute } from '../../db/client.js';
import { seededRandom } from '../../db/seed.js';
import { createTestContext, injectAs, type TestContext } from '../../test/harness.js';
import { createCategory, createProvider } from '../../test/factories.js';
import { freeSlots } from '../bookings/bookings.availability.js';
import { discover, type Discovery } from './providers.search.js';

let ctx: TestContext;
const { get } = injectAs(() => ctx);
// Wednesday 10 June 2026, 07:00 in Austin.
const now = new Date('2026-06-10T12:00:00Z');
const days = Array.from({ length: 10 }, (_, i) => new Date(now.getTime() + i * 86_400_000).toISOString().slice(0, 10));
const centres = { austin: { lat: 30.2672, lng: -97.7431 }, dallas: { lat: 32.7767, lng: -96.797 } } as const;
const categoryIds: string[] = [];
const firsts = ['Maria', 'Marcus', 'Taylor', 'Tamsin', 'Priya', 'Omar', 'Zoë', 'José', 'Ngozi', 'Liam'];
const lasts = ['Delgado', 'Smith', 'Taylor', 'Garcia', 'Okafor', 'Patel', 'Núñez', 'Tanaka', 'Whitfield', 'Reed'];
const abouts = ['Cleans ovens and dishwashers.', 'Restores antique harpsichords.', 'Paints fences.', null];

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now);
  ctx = await createTestContext();
  for (const title of ['Plumbing', 'Cleaning', 'Carpentry', 'Painting'])
    categoryIds.push((await createCategory(ctx.db, { title })).id);
  // A crowd drawn from a fixed seed: names that share words, two cities, points scattered up to
  // 30 km out, prices, ratings, weekly hours and days off.
  const next = seededRandom(7);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
  for (let i = 0; i < 120; i++) {
    const city = next() < 0.5 ? 'austin' : 'dallas';
    const centre = centres[city];
    const provider = await createProvider(ctx.db, {
      name: `${pick(firsts)} ${pick(lasts)}`,
      about: pick(abouts),
      city,
      lat: centre.lat + (next() - 0.5) * 0.5,
      lng: centre.lng + (next() - 0.5) * 0.5,
      radiusKm: pick([10, 15, 25, 40]),
      chargesCents: 2000 + Math.floor(next() * 130) * 100,
      categoryIds: [...new Set([pick(categoryIds), ...(next() < 0.4 ? [pick(categoryIds)] : [])])],
    });
    const reviews = Math.floor(next() * 8);
    await ctx.db
      .update(providerProfiles)
      .set({ reviewCount: reviews, ratingSum: reviews * (1 + Math.floor(next() * 5)) })
      .where(eq(providerProfiles.userId, provider.id));
    if (next() < 0.6)
      await ctx.db
        .insert(workingHours)
        .values(
          [1, 2, 3, 4, 5]
            .filter(() => next() < 0.8)
            .map((weekday) => ({ providerId: provider.id, weekday, startMinute: 9 * 60, endMinute: 17 * 60 })),
        );
    if (next() < 0.3) await ctx.db.insert(daysOff).values({ providerId: provider.id, day: pick(days) });
  }
}, 120_000);

afterAll(async () => {
  vi.useRealTimers();
  await ctx?.close();
});

const point = fc.record({
  city: fc.constantFrom('austin', 'dallas'),
  dLat: fc.double({ min: -0.2, max: 0.2, noNaN: true }),
  dLng: fc.double({ min: -0.2, max: 0.2, noNaN: true }),
});

/** A filter in one search of three or so: most searches have one or two, some none. */
const sometimes = <T>(value: fc.Arbitrary<T>) =>
  fc.oneof({ arbitrary: fc.constant(null), weight: 2 }, { arbitrary: value, weight: 1 });

/** A search as the route would parse it: texts that match in each way, filters, sorts, pages. */
const searches = fc
  .record(
    {
      text: fc.constantFrom(
        '',
        'maria',
        'ma',
        't',
        'tay',
        'plumbing',
        'plu',
        'clean',
        'harpsichord',
        'plumer',
        'carpentery',
        'elgad',
        'ayl',
        'zzyzx',
        'maria plumbing',
        'nunez',
      ),
      category: sometimes(fc.constantFrom(0, 1, 2, 3)),
      city: sometimes(fc.constantFrom('austin', 'dallas')),
      point: sometimes(point),
      radiusKm: sometimes(fc.integer({ min: 5, max: 50 })),
      minPrice: sometimes(fc.integer({ min: 0, max: 80 })),
      maxPrice: sometimes(fc.integer({ min: 40, max: 160 })),
      minRating: sometimes(fc.constantFrom(2, 3, 4, 4.5)),
      date: sometimes(fc.constantFrom(...days)),
      sort: sometimes(fc.constantFrom('match', 'rating', 'price', 'distance')),
      page: fc.integer({ min: 1, max: 4 }),
      limit: fc.integer({ min: 1, max: 12 }),
    },
    { requiredKeys: ['text', 'page', 'limit'] },
  )
  .map((s): Discovery => {
    const raw: Record<string, string> = { text: s.text, page: String(s.page), limit: String(s.limit) };
    if (s.category !== undefined && s.category !== null) raw.category = categoryIds[s.category]!;
    if (s.city) raw.city = s.city;
    if (s.point) {
      raw.lat = String(centres[s.point.city as 'austin'].lat + s.point.dLat);
      raw.lng = String(centres[s.point.city as 'austin'].lng + s.point.dLng);
    }
    if (s.radiusKm && (s.point || s.city)) raw.radiusKm = String(s.radiusKm);
    if (s.minPrice !== undefined && s.minPrice !== null) raw.minPrice = String(s.minPrice);
    if (s.maxPrice !== undefined && s.maxPrice !== null) raw.maxPrice = String(Math.max(s.maxPrice, s.minPrice ?? 0));
    if (s.minRating) raw.minRating = String(s.minRating);
    if (s.date) raw.date = s.date;
    if (s.sort && (s.sort !== 'distance' || s.point || s.city)) raw.sort = s.sort;
    return searchQuery.parse(raw);
  });

const shown = (page: Awaited<ReturnType<typeof discover>>) => ({
  ids: page.items.map((item) => item._id),
  meta: page.meta,
});

describe('the ways search reads a page', () => {
  it('walking and collecting give the same page and total, and the sample picks one of them', async () => {
    let withItems = 0;
    await fc.assert(
      fc.asyncProperty(searches, async (q) => {
        const walked = shown(await discover(ctx.db, q, now, { strategy: 'walk' }));
        const collected = shown(await discover(ctx.db, q, now, { strategy: 'collect' }));
        expect(walked).toEqual(collected);
        expect(shown(await discover(ctx.db, q, now))).toEqual(collected);
        // A start of a word spelled out as the words it begins finds the same.
        expect(shown(await discover(ctx.db, q, now, { strategy: 'walk', spellFrom: 0 }))).toEqual(collected);
        expect(shown(await discover(ctx.db, q, now, { strategy: 'collect', spellFrom: 0 }))).toEqual(collected);
        if (collected.ids.length) withItems++;
      }),
      { numRuns: 150, seed: 20261127 },
    );
    // The searches find something often enough for the comparison to mean something.
    expect(withItems).toBeGreaterThan(40);
  }, 120_000);

  it('finds every listed provider in one of its tiers: a page walks on where the tier before it ends', async () => {
    // Plenty of name matches ('ma…'), service matches and about matches, paged across the tiers.
    const all = shown(
      await discover(ctx.db, searchQuery.parse({ text: 'ma', limit: '100' }), now, { strategy: 'collect' }),
    );
    const pages = [];
    for (let page = 1; pages.flat().length < all.ids.length; page++)
      pages.push(
        shown(
          await discover(ctx.db, searchQuery.parse({ text: 'ma', page: String(page), limit: '7' }), now, {
            strategy: 'walk',
          }),
        ).ids,
      );
    expect(pages.flat()).toEqual(all.ids);
    expect(all.ids.length).toBeGreaterThan(20);
  });

  it('lists a provider free on a date only with a free slot that day', async () => {
    for (const date of days.slice(0, 5)) {
      const page = await discover(ctx.db, searchQuery.parse({ date, limit: '100' }), now);
      expect(page.items.length).toBeGreaterThan(0);
      for (const item of page.items) {
        expect(item.nextSlot?.date).toBe(date);
        expect(await freeSlots(ctx.db, item._id, date, now)).toContain(item.nextSlot!.time);
      }
    }
  });
});

describe('the filters of price, rating and area', () => {
  it('keep exactly the providers who meet them, whatever facets narrow them', async () => {
    const filters = fc.record({
      minPrice: sometimes(fc.integer({ min: 0, max: 160 })),
      maxPrice: sometimes(fc.integer({ min: 0, max: 600 })),
      minRating: sometimes(fc.constantFrom(0.3, 0.5, 1, 2.5, 3, 3.7, 4, 4.5, 5)),
      point: sometimes(point),
      radiusKm: fc.integer({ min: 1, max: 40 }),
    });
    let found = 0;
    await fc.assert(
      fc.asyncProperty(filters, async (f) => {
        const raw: Record<string, string> = { limit: '100' };
        const rows: SQL[] = [];
        if (f.minPrice !== null) {
          raw.minPrice = String(f.minPrice);
          rows.push(sql`charges_cents >= ${f.minPrice * 100}`);
        }
        if (f.maxPrice !== null) {
          raw.maxPrice = String(Math.max(f.maxPrice, f.minPrice ?? 0));
          rows.push(sql`charges_cents <= ${Number(raw.maxPrice) * 100}`);
        }
        if (f.minRating !== null) {
          raw.minRating = String(f.minRating);
          rows.push(sql`rating_avg >= ${f.minRating}`);
        }
        if (f.point) {
          const [lat, lng] = [centres[f.point.city].lat + f.point.dLat, centres[f.point.city].lng + f.point.dLng];
          Object.assign(raw, { lat: String(lat), lng: String(lng), radiusKm: String(f.radiusKm) });
          rows.push(
            sql`earth_distance(ll_to_earth(lat, lng), ll_to_earth(${lat}::float8, ${lng}::float8)) <= least(radius_km, ${f.radiusKm}) * 1000`,
          );
        }
        const page = await discover(ctx.db, searchQuery.parse(raw), now);
        const [expected] = await execute<{ n: number }>(
          ctx.db,
          sql`select count(*)::int as n from provider_search where ${and(sql`true`, ...rows)}`,
        );
        expect(page.meta.total).toBe(Number(expected!.n));
        found += page.meta.total;
      }),
      { numRuns: 120, seed: 20261129 },
    );
    expect(found).toBeGreaterThan(500);
  }, 120_000);
});

describe('the read model', () => {
  const ids = async (query: string) =>
    ((await get(`/v1/services/search?${query}&limit=100`)).json() as { data: { _id: string }[] }).data.map(
      (item) => item._id,
    );

  it('follows a price, an area, a rating, a day off and the listing in the same transaction', async () => {
    const provider = await createProvider(ctx.db, {
      name: 'Quincy Readmodel',
      city: 'dallas',
      lat: 32.9,
      lng: -96.8,
      chargesCents: 9000,
      categoryIds: [categoryIds[0]!],
    });
    const profile = eq(providerProfiles.userId, provider.id);
    expect(await ids('text=quincy&maxPrice=50')).toEqual([]);
    await ctx.db.update(providerProfiles).set({ chargesCents: 4000 }).where(profile);
    expect(await ids('text=quincy&maxPrice=50')).toEqual([provider.id]);

    // 30 km from the centre of Dallas, it travels 25: moved next to it, it reaches the centre.
    expect(await ids(`text=quincy&lat=32.65&lng=-96.8`)).toEqual([]);
    await ctx.db.update(providerProfiles).set({ lat: 32.66, lng: -96.8 }).where(profile);
    expect(await ids(`text=quincy&lat=32.65&lng=-96.8`)).toEqual([provider.id]);

    expect(await ids('text=quincy&minRating=4')).toEqual([]);
    await ctx.db.update(providerProfiles).set({ ratingSum: 9, reviewCount: 2 }).where(profile);
    expect(await ids('text=quincy&minRating=4')).toEqual([provider.id]);

    expect(await ids(`text=quincy&date=${days[3]}`)).toEqual([provider.id]);
    await ctx.db.insert(daysOff).values({ providerId: provider.id, day: days[3]! });
    expect(await ids(`text=quincy&date=${days[3]}`)).toEqual([]);
    await ctx.db.delete(daysOff).where(eq(daysOff.providerId, provider.id));
    expect(await ids(`text=quincy&date=${days[3]}`)).toEqual([provider.id]);

    await ctx.db.update(users).set({ status: '0' }).where(eq(users.id, provider.id));
    expect(await ids('text=quincy')).toEqual([]);
    await ctx.db.update(users).set({ status: '1' }).where(eq(users.id, provider.id));
    expect(await ids('text=quincy')).toEqual([provider.id]);
    await ctx.db.delete(users).where(eq(users.id, provider.id));
    expect(await ids('text=quincy')).toEqual([]);
  });
});
