// Discovery: the filters, sorts, distances and next free slots of search and of the providers of a
// service, misspellings and accents, the capped total and the suggestions. The clock is the test's
// own: Wednesday 10 June 2026, 07:00 in Austin and Dallas.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { daysOff, providerProfiles, users, workingHours } from '../../db/schema.js';
import { createTestContext, injectAs, type TestContext } from '../../test/harness.js';
import { createBooking, createCategory, createMember, createProvider } from '../../test/factories.js';

let ctx: TestContext;
const { get } = injectAs(() => ctx);
const now = new Date('2026-06-10T12:00:00Z');
const saturday = '2026-06-13';
const dallas = { lat: 32.7767, lng: -96.797 };

type Provider = Awaited<ReturnType<typeof createProvider>>;
const p: Record<string, Provider> = {};
const cat: Record<string, Awaited<ReturnType<typeof createCategory>>> = {};

interface Item {
  _id: string;
  user_id: { name: string; charges: number; rating: number };
  city: string;
  distanceKm?: number;
  nextSlot: { date: string; time: string } | null;
}
const names = (body: { data: Item[] }) => body.data.map((item) => item.user_id.name);
const search = async (query: string) => {
  const res = await get(`/v1/services/search?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: Item[]; meta: { total: number; more?: boolean } };
};

async function rated(provider: Provider, average: number, reviews = 2) {
  await ctx.db
    .update(providerProfiles)
    .set({ ratingSum: average * reviews, reviewCount: reviews })
    .where(eq(providerProfiles.userId, provider.id));
}

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now);
  ctx = await createTestContext();
  cat.plumbing = await createCategory(ctx.db, { title: 'Plumbing' });
  cat.carpentry = await createCategory(ctx.db, { title: 'Carpentry' });
  cat.cleaning = await createCategory(ctx.db, { title: 'Cleaning' });
  const plumber = { categoryIds: [cat.plumbing.id], city: 'dallas' as const };
  // Near the centre of Dallas, travels 25 km.
  p.zoe = await createProvider(ctx.db, { ...plumber, name: 'Zoë Delgado', chargesCents: 5000, lat: 32.79, lng: -96.8 });
  // 14.4 km out, travels only 10: does not reach the centre.
  p.marcus = await createProvider(ctx.db, {
    ...plumber,
    name: 'Marcus Reed',
    chargesCents: 4000,
    lat: 32.9,
    lng: -96.75,
    radiusKm: 10,
  });
  // 50 km north, travels 80: reaches the centre.
  p.priya = await createProvider(ctx.db, {
    ...plumber,
    name: 'Priya Nair',
    chargesCents: 7000,
    lat: 33.2,
    lng: -96.6,
    radiusKm: 80,
  });
  p.tom = await createProvider(ctx.db, {
    name: 'Tom Baker',
    categoryIds: [cat.carpentry.id],
    chargesCents: 6000,
    address: 'Congress Ave, Austin, TX 78701',
  });
  p.ana = await createProvider(ctx.db, {
    name: 'Ana Souza',
    categoryIds: [cat.cleaning.id],
    city: 'nyc',
    chargesCents: 3000,
    address: 'Broadway, New York, NY',
  });
  // Never listed, wherever they are.
  p.blocked = await createProvider(ctx.db, { ...plumber, name: 'Blocked Plumber', isBlocked: true, ...dallas });
  p.inactive = await createProvider(ctx.db, { ...plumber, name: 'Inactive Plumber', status: '0', ...dallas });
  await rated(p.zoe!, 5);
  await rated(p.marcus!, 4);
  await rated(p.priya!, 3);
  await rated(p.tom!, 4.5);
  await rated(p.blocked!, 5);
  await rated(p.inactive!, 5);
}, 120_000);

afterAll(async () => {
  await ctx?.close();
  vi.useRealTimers();
});

describe('location', () => {
  it('near a point lists the providers whose service area reaches it, with their distance', async () => {
    const body = await search(`lat=${dallas.lat}&lng=${dallas.lng}&sort=distance`);
    expect(names(body)).toEqual(['Zoë Delgado', 'Priya Nair']);
    expect(body.data.map((item) => item.distanceKm)).toEqual([1.5, 50.5]);
    expect(body.data.map((item) => item.city)).toEqual(['dallas', 'dallas']);
  });

  it('within a distance of the point', async () => {
    expect(names(await search(`lat=${dallas.lat}&lng=${dallas.lng}&radiusKm=25`))).toEqual(['Zoë Delgado']);
  });

  it('a city lists the providers based there, distances from its centre, nearest first', async () => {
    const body = await search('city=dallas&sort=distance');
    expect(names(body)).toEqual(['Zoë Delgado', 'Marcus Reed', 'Priya Nair']);
    expect(body.data.map((item) => item.distanceKm)).toEqual([1.5, 14.4, 50.5]);
    expect(names(await search('city=dallas&radiusKm=20'))).toEqual(['Zoë Delgado', 'Marcus Reed']);
  });

  it('measures a small, a wide and a very wide circle alike, and one across the 180th meridian', async () => {
    // The small ones are narrowed by the cells they touch; the widest, and the one whose cells'
    // numbers jump at the meridian, by the distance alone.
    const within = async (at: { lat: number; lng: number }, km: number) =>
      names(await search(`lat=${at.lat}&lng=${at.lng}&radiusKm=${km}&sort=distance`));
    expect(await within({ lat: 32.78, lng: -96.81 }, 2)).toEqual(['Zoë Delgado']);
    expect(await within({ lat: 32.9, lng: -96.75 }, 15)).toEqual(['Marcus Reed', 'Zoë Delgado']);
    expect(await within({ lat: 32.79, lng: -96.8 }, 80)).toEqual(['Zoë Delgado', 'Priya Nair']);
    const islander = await createProvider(ctx.db, { name: 'Sefo Tuilagi', lat: -16.5, lng: 179.98, radiusKm: 30 });
    expect(await within({ lat: -16.5, lng: -179.95 }, 20)).toEqual(['Sefo Tuilagi']);
    await ctx.db.update(users).set({ isBlocked: true }).where(eq(users.id, islander.id));
  });

  it('gives no distance without a location', async () => {
    const body = await search('text=tom');
    expect(body.data[0]).not.toHaveProperty('distanceKm');
  });
});

describe('filters and sorts', () => {
  it('by category, price range and minimum rating', async () => {
    expect(names(await search(`category=${cat.carpentry!.id}`))).toEqual(['Tom Baker']);
    expect(names(await search('minPrice=45&maxPrice=60'))).toEqual(['Zoë Delgado', 'Tom Baker']);
    expect(names(await search('minRating=4'))).toEqual(['Zoë Delgado', 'Tom Baker', 'Marcus Reed']);
    expect(names(await search(`category=${cat.plumbing!.id}&city=dallas&maxPrice=60&minRating=4`))).toEqual([
      'Zoë Delgado',
      'Marcus Reed',
    ]);
  });

  it('sorts by price (cheapest first) and by rating', async () => {
    expect(names(await search('sort=price'))).toEqual([
      'Ana Souza',
      'Marcus Reed',
      'Zoë Delgado',
      'Tom Baker',
      'Priya Nair',
    ]);
    expect(names(await search('sort=rating'))).toEqual([
      'Zoë Delgado',
      'Tom Baker',
      'Marcus Reed',
      'Priya Nair',
      'Ana Souza',
    ]);
    expect(names(await search('text=plumbing&sort=price'))).toEqual(['Marcus Reed', 'Zoë Delgado', 'Priya Nair']);
  });

  it('the providers of a service take the same filters', async () => {
    const res = await get(`/v1/services/serviceUserList/${cat.plumbing!.id}?city=dallas&sort=price&maxPrice=60`);
    expect(res.statusCode).toBe(200);
    expect(names(res.json())).toEqual(['Marcus Reed', 'Zoë Delgado']);
  });

  it('refuses filters that make no sense, with a message', async () => {
    const cases: [string, string][] = [
      ['lat=32.7', 'Please send both lat and lng.'],
      ['sort=distance', 'Sorting by distance needs a location.'],
      ['radiusKm=10', 'A distance needs a location.'],
      ['city=dallas&radiusKm=0', 'The distance must be a whole number of kilometres from 1 to 80.'],
      ['minPrice=60&maxPrice=40', 'The lowest price cannot be above the highest.'],
      ['minRating=6', 'The rating must be a number from 0 to 5.'],
      ['city=paris', 'Please choose Austin, Dallas or New York City.'],
      ['date=2026-02-30', 'Please send a valid date as YYYY-MM-DD.'],
      ['sort=cheapest', 'Sort by match, rating, price or distance.'],
      ['lat=95&lng=0', 'Please send a valid latitude and longitude.'],
    ];
    for (const [query, message] of cases) {
      const res = await get(`/v1/services/search?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(JSON.stringify(res.json()), query).toContain(message);
    }
  });
});

describe('next free slot and free on a date', () => {
  it('shows each card’s next free slot: today 09:00 for a provider with the default hours', async () => {
    const body = await search('text=tom');
    expect(body.data[0]?.nextSlot).toEqual({ date: '2026-06-10', time: '09:00' });
  });

  it('keeps those free that day: not off, working that weekday, with a slot left', async () => {
    // Marcus works weekdays only; Zoë is off on Saturday; Priya's one Saturday slot is booked.
    await ctx.db
      .insert(workingHours)
      .values(
        [1, 2, 3, 4, 5].map((weekday) => ({ providerId: p.marcus!.id, weekday, startMinute: 540, endMinute: 1020 })),
      );
    await ctx.db.insert(daysOff).values({ providerId: p.zoe!.id, day: saturday });
    await ctx.db.insert(workingHours).values({ providerId: p.priya!.id, weekday: 6, startMinute: 540, endMinute: 600 });
    const customer = await createMember(ctx.db, { name: 'Booked Customer' });
    await createBooking(ctx.db, {
      customerId: customer.id,
      providerId: p.priya!.id,
      date: saturday,
      time: '09:00',
      status: 'accepted',
      timeZone: 'America/Chicago',
    });

    const body = await search(`date=${saturday}`);
    expect(names(body)).toEqual(['Tom Baker', 'Ana Souza']);
    expect(body.data.map((item) => item.nextSlot)).toEqual([
      { date: saturday, time: '09:00' },
      { date: saturday, time: '09:00' },
    ]);
    // Marcus's weekdays came from his hours; on Friday he is free.
    expect(names(await search('date=2026-06-12&city=dallas'))).toEqual(['Zoë Delgado', 'Marcus Reed']);
    // A past day, or one beyond booking's reach, has nobody.
    expect((await search('date=2026-06-09')).data).toEqual([]);
    expect((await search('date=2027-06-09')).data).toEqual([]);
  });
});

describe('matching a person would expect', () => {
  it('forgives a misspelling of one or two letters', async () => {
    expect(names(await search('text=plumer'))).toEqual(['Zoë Delgado', 'Marcus Reed', 'Priya Nair']);
    expect(names(await search('text=carpentery'))).toEqual(['Tom Baker']);
    expect(names(await search('text=delgadp'))).toEqual(['Zoë Delgado']);
    expect((await search('text=zzyzx')).data).toEqual([]);
  });

  it('reads the words before the last whole, and the last as the start of a word', async () => {
    const carpenter = { categoryIds: [cat.carpentry!.id], city: 'nyc' as const };
    await createProvider(ctx.db, { ...carpenter, name: 'Quill Harbour' });
    await createProvider(ctx.db, { ...carpenter, name: 'Quillon Harbour' });
    // 'quill' typed and followed by a space is the whole word.
    expect(names(await search('text=quill%20harbour'))).toEqual(['Quill Harbour']);
    expect(names(await search('text=quill%20harb'))).toEqual(['Quill Harbour']);
    // The last word may still be being typed.
    expect(names(await search('text=harbour%20quill')).sort()).toEqual(['Quill Harbour', 'Quillon Harbour']);
    // When the whole words find nobody, every word is read as a start.
    expect(names(await search('text=quil%20harbour')).sort()).toEqual(['Quill Harbour', 'Quillon Harbour']);
  });

  it('ignores accents and case, and finds a part of a name', async () => {
    expect(names(await search('text=zoe'))).toEqual(['Zoë Delgado']);
    expect(names(await search(`text=${encodeURIComponent('ZOË')}`))).toEqual(['Zoë Delgado']);
    expect(names(await search('text=elgad'))).toEqual(['Zoë Delgado']);
  });

  it('suggests categories, then providers, at most 8', async () => {
    const suggest = async (text: string) => (await get(`/v1/services/suggest?text=${encodeURIComponent(text)}`)).json();
    expect((await suggest('plu')).data).toEqual([
      { kind: 'category', _id: cat.plumbing!.id, label: 'Plumbing', slug: null },
    ]);
    expect((await suggest('plumer')).data).toEqual([
      { kind: 'category', _id: cat.plumbing!.id, label: 'Plumbing', slug: null },
    ]);
    expect((await suggest('zo')).data).toEqual([
      { kind: 'provider', _id: p.zoe!.id, label: 'Zoë Delgado', slug: expect.stringMatching(/^zoe-delgado/) },
    ]);
    expect((await suggest('')).data).toEqual([]);
    expect((await get(`/v1/services/suggest?text=${'a'.repeat(41)}`)).statusCode).toBe(400);
  });
});

describe('the total', () => {
  it('is exact up to 1,000, then 1,000 with more', { timeout: 60_000 }, async () => {
    // 1,001 more listed providers, set-based.
    await ctx.db.execute(sql`
      with made as (
        insert into users (role, name, phone, status, referral_code)
        select 'provider', 'Bulk Worker ' || n, '8' || lpad(n::text, 9, '0'), '1', 'BULK' || n
        from generate_series(1, 1001) as n returning id)
      insert into provider_profiles (user_id, city, time_zone, lat, lng)
      select id, 'austin', 'America/Chicago', 30.27, -97.74 from made`);
    const many = await search('text=bulk&limit=5');
    expect(many.meta).toEqual({ page: 1, limit: 5, total: 1000, more: true });
    expect(many.data).toHaveLength(5);
    const exact = await search('text=zoe');
    expect(exact.meta).toEqual({ page: 1, limit: 20, total: 1 });
    // A page past the last match is empty and still says how many there are.
    const past = await search('text=zoe&page=3&limit=5');
    expect(past).toMatchObject({ data: [], meta: { page: 3, limit: 5, total: 1 } });
  });
});

describe('a long job', () => {
  it('keeps the card’s next free slot clear of its whole length and its travel buffer', async () => {
    const customer = await createMember(ctx.db, { name: 'Long Job Customer' });
    // Three hours from 09:00 and 30 minutes' travel: the next hour step is 13:00.
    await createBooking(ctx.db, {
      customerId: customer.id,
      providerId: p.tom!.id,
      date: '2026-06-10',
      time: '09:00',
      durationMinutes: 180,
      status: 'accepted',
    });
    expect((await search('text=tom')).data[0]?.nextSlot).toEqual({ date: '2026-06-10', time: '13:00' });
  });
});
