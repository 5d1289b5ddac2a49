import crypto from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { categories, providerServices, rateLimits, searchRecords, users } from '../../db/schema.js';
import { expectFailure, expectSuccess, injectAs, withApp } from '../../test/harness.js';
import {
  bookingOf,
  createAdmin,
  createBooking,
  createCategory,
  createFavorite,
  createMember,
  createProvider,
  createRating,
  signIn,
} from '../../test/factories.js';

const ctx = withApp();
const { get, post } = injectAs(() => ctx);

type Row = Awaited<ReturnType<typeof createProvider>>;
const cat: Record<
  'plumbing' | 'painting' | 'cleaning' | 'gardening' | 'archived',
  Awaited<ReturnType<typeof createCategory>>
> = {} as never;
const p: Record<string, Row> = {};

let day = 0;
/** Completed, rated bookings, one per star count, each by a new customer. */
async function rate(providerId: string, counts: number[], comments: string[] = []) {
  const rated = [];
  for (const [i, count] of counts.entries()) {
    const customer = await createMember(ctx.db, {
      name: `Rater ${providerId.slice(0, 4)} ${i}`,
      image: i === 0 ? '/uploads/rater.webp' : null,
    });
    const date = `2026-02-${String((++day % 28) + 1).padStart(2, '0')}`;
    const booking = await createBooking(ctx.db, {
      customerId: customer.id,
      providerId,
      status: 'completed',
      date,
      time: `${String(8 + (day % 10)).padStart(2, '0')}:00`,
    });
    rated.push({
      customer,
      rating: await createRating(ctx.db, {
        bookingId: booking.id,
        rateBy: customer.id,
        rateTo: providerId,
        count,
        comment: comments[i] ?? `Comment ${i}`,
      }),
    });
  }
  return rated;
}

const names = (body: { data: { user_id: { name: string } }[] }) => body.data.map((item) => item.user_id.name);

beforeAll(async () => {
  cat.plumbing = await createCategory(ctx.db, { title: 'Plumbing' });
  cat.painting = await createCategory(ctx.db, { title: 'Painting' });
  cat.cleaning = await createCategory(ctx.db, { title: 'Cleaning' });
  cat.gardening = await createCategory(ctx.db, { title: 'Gardening' });
  cat.archived = await createCategory(ctx.db, { title: 'Roofing', archived: true });

  p.jamal = await createProvider(ctx.db, {
    name: 'Jamal Washington',
    about: 'Licensed master plumber for leaks and water heaters.',
    categoryIds: [cat.plumbing.id],
    chargesCents: 9500,
    address: '4512 Duval St, Austin, TX',
    image: '/uploads/jamal.webp',
  });
  p.brian = await createProvider(ctx.db, {
    name: "Brian O'Connor",
    about: 'Emergency repairs, evenings and weekends.',
    categoryIds: [cat.plumbing.id],
    chargesCents: 11000,
  });
  p.luis = await createProvider(ctx.db, {
    name: 'Luis Herrera',
    about: 'Interior and exterior work with careful prep.',
    categoryIds: [cat.painting.id, cat.archived.id],
  });
  // 'paint' in the about text only, and better rated than Luis: a service match still comes first.
  p.tyrone = await createProvider(ctx.db, {
    name: 'Tyrone Jackson',
    about: 'I also paint fences and decks.',
    categoryIds: [cat.gardening.id],
  });
  // 'Garden' in the name beats 'garden' in a better rated provider's about text and services.
  p.garden = await createProvider(ctx.db, {
    name: 'Rosa Gardener',
    about: 'Hedges and lawns.',
    categoryIds: [cat.cleaning.id],
  });
  p.hannah = await createProvider(ctx.db, {
    name: 'Hannah Lee',
    about: 'Cleans kitchens and repairs dishwashers; I garden too.',
    categoryIds: [cat.cleaning.id],
  });
  // Never listed, whatever they match.
  p.blocked = await createProvider(ctx.db, {
    name: 'Plumb Blocked',
    about: 'plumber',
    categoryIds: [cat.plumbing.id],
    isBlocked: true,
  });
  p.inactive = await createProvider(ctx.db, {
    name: 'Plumb Inactive',
    about: 'plumber',
    categoryIds: [cat.plumbing.id],
    status: '0',
  });
  p.noProfile = await createMember(ctx.db, { name: 'Plumb Noprofile', role: 'provider', about: 'plumber' });

  await rate(p.jamal.id, [5, 4]); // 4.5
  await rate(p.brian.id, [5, 5]); // 5
  await rate(p.tyrone.id, [5]); // 5: above Luis (0) on rating alone
  await rate(p.hannah.id, [5, 5, 5]); // 5: above Rosa on rating alone
  await rate(p.blocked.id, [5]);
  await rate(p.inactive.id, [5]);
});

describe('GET /v1/services/search', () => {
  it('finds providers by a prefix of a service title: "plu" finds the plumbers, best rated first', async () => {
    const res = await get('/v1/services/search?text=plu');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(names(body)).toEqual(["Brian O'Connor", 'Jamal Washington']);
    expect(body.meta).toEqual({ page: 1, limit: 20, total: 2 });
    expect(body.data[1]).toEqual({
      _id: p.jamal!.id,
      user_id: {
        _id: p.jamal!.id,
        name: 'Jamal Washington',
        image: '/uploads/jamal.webp',
        rating: 4.5,
        reviewCount: 2,
        charges: 9500,
        // No price list: the charges per visit.
        fromPrice: { priceCents: 9500, unit: 'visit' },
        // A visitor sees where the provider is based, not its street.
        address: 'Austin, TX',
        area: 'Austin, TX',
        about: 'Licensed master plumber for leaks and water heaters.',
        slug: 'jamal-washington-austin',
      },
      city: 'austin',
      // No hours set: 09:00–18:00 every day, so a slot within the next two days.
      nextSlot: { date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), time: expect.stringMatching(/^\d{2}:00$/) },
    });
  });

  it('leaves out blocked and inactive providers and provider accounts without a profile', async () => {
    for (const text of ['plumb', 'Plumb Blocked', 'inactive', 'noprofile']) {
      const body = (await get(`/v1/services/search?text=${encodeURIComponent(text)}`)).json();
      expect(names(body), text).not.toEqual(expect.arrayContaining([expect.stringMatching(/^Plumb /)]));
    }
  });

  it('ranks a name match above a service match above an about match, whatever the ratings', async () => {
    // Rosa (0 stars) has it in her name, Hannah (5 stars) only in her about text.
    expect(names((await get('/v1/services/search?text=garden')).json())).toEqual([
      'Rosa Gardener',
      'Tyrone Jackson',
      'Hannah Lee',
    ]);
    // Luis (no reviews) offers Painting; Tyrone (5 stars) paints fences in his about text.
    expect(names((await get('/v1/services/search?text=paint')).json())).toEqual(['Luis Herrera', 'Tyrone Jackson']);
  });

  it('matches every word, in any field, and is case-insensitive', async () => {
    expect(names((await get('/v1/services/search?text=JAMAL%20plumb')).json())).toEqual(['Jamal Washington']);
    expect(names((await get('/v1/services/search?text=jamal%20painting')).json())).toEqual([]);
  });

  it('stems the about text: "dishwasher" and "cleaning" find "dishwashers" and "Cleans"', async () => {
    expect(names((await get('/v1/services/search?text=dishwasher')).json())).toEqual(['Hannah Lee']);
    expect(names((await get('/v1/services/search?text=cleaning%20kitchens')).json())).toEqual(['Hannah Lee']);
  });

  it('finds a part of a name when no word matches', async () => {
    expect(names((await get('/v1/services/search?text=ashingt')).json())).toEqual(['Jamal Washington']);
    expect(names((await get("/v1/services/search?text=o'connor")).json())).toEqual(["Brian O'Connor"]);
    const none = (await get('/v1/services/search?text=zzzqqq')).json();
    expect(none).toEqual({ status: 1, data: [], meta: { page: 1, limit: 20, total: 0 } });
  });

  it('takes tsquery and LIKE syntax as plain text', async () => {
    for (const text of ["a & b | !c:* <-> 'd'", '%', '_', '\\', '(((', ':*', '!!']) {
      const res = await get(`/v1/services/search?text=${encodeURIComponent(text)}`);
      expect(res.statusCode, text).toBe(200);
    }
    expect((await get(`/v1/services/search?text=${encodeURIComponent('%')}`)).json().meta.total).toBe(0);
  });

  it('without a text lists every listed provider, best rated first, in pages', async () => {
    const all = (await get('/v1/services/search')).json();
    expect(all.meta).toEqual({ page: 1, limit: 20, total: 6 });
    expect(names(all)).toEqual([
      'Hannah Lee',
      "Brian O'Connor",
      'Tyrone Jackson',
      'Jamal Washington',
      'Luis Herrera',
      'Rosa Gardener',
    ]);
    const second = (await get('/v1/services/search?text=&page=2&limit=4')).json();
    expect(names(second)).toEqual(['Luis Herrera', 'Rosa Gardener']);
    expect(second.meta).toEqual({ page: 2, limit: 4, total: 6 });
  });

  it('pages through the tiers in order', async () => {
    const pages = [];
    for (const page of [1, 2, 3, 4])
      pages.push((await get(`/v1/services/search?text=garden&page=${page}&limit=1`)).json());
    expect(pages.map(names)).toEqual([['Rosa Gardener'], ['Tyrone Jackson'], ['Hannah Lee'], []]);
    expect(pages.map((body) => body.meta.total)).toEqual([3, 3, 3, 3]);
  });

  it('refuses a text over 100 characters and bad pages, with a message', async () => {
    const long = await get(`/v1/services/search?text=${'a'.repeat(101)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ status: 0, message: 'The search text can have at most 100 characters.' });
    expect((await get('/v1/services/search?text=plu&limit=101')).statusCode).toBe(400);
    expect((await get('/v1/services/search?text=plu&page=0')).statusCode).toBe(400);
  });

  it('follows changes made anywhere: a new name, a new service, a block, an archived category', async () => {
    const fresh = await createProvider(ctx.db, { name: 'Quentin Example', about: 'Odd jobs.' });
    expect(names((await get('/v1/services/search?text=zebulon')).json())).toEqual([]);
    await ctx.db.update(users).set({ name: 'Zebulon Example' }).where(eq(users.id, fresh.id));
    expect(names((await get('/v1/services/search?text=zebulon')).json())).toEqual(['Zebulon Example']);

    await ctx.db.insert(providerServices).values({ providerId: fresh.id, categoryId: cat.plumbing.id });
    expect(names((await get('/v1/services/search?text=plu')).json())).toContain('Zebulon Example');
    await ctx.db.update(categories).set({ title: 'Pipework' }).where(eq(categories.id, cat.plumbing.id));
    expect(names((await get('/v1/services/search?text=pipew')).json())).toContain('Zebulon Example');
    await ctx.db.update(categories).set({ title: 'Plumbing' }).where(eq(categories.id, cat.plumbing.id));

    await ctx.db.update(users).set({ isBlocked: true }).where(eq(users.id, fresh.id));
    expect(names((await get('/v1/services/search?text=zebulon')).json())).toEqual([]);
    await ctx.db.update(users).set({ isBlocked: false, status: '0' }).where(eq(users.id, fresh.id));
    expect(names((await get('/v1/services/search?text=zebulon')).json())).toEqual([]);
    await ctx.db.delete(providerServices).where(and(eq(providerServices.providerId, fresh.id)));
    await ctx.db.delete(users).where(eq(users.id, fresh.id));
    // Luis's archived Roofing is not searchable.
    expect(names((await get('/v1/services/search?text=roof')).json())).toEqual([]);
  });
});

describe('POST /v1/services/searchrecord', () => {
  let member: Awaited<ReturnType<typeof createMember>>;
  let token: string;
  beforeAll(async () => {
    member = await createMember(ctx.db, { name: 'Searching Sam' });
    token = await signIn(ctx.db, member.id);
  });

  it('stores what the member searched for and answers what GET /services/search finds for it', async () => {
    const res = await post('/v1/services/searchrecord', { user_id: member.id, text: '  plumber  ' }, token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: 1, message: 'Searching data successfully' });
    const found = (await get('/v1/services/search?text=plumber')).json();
    expect(names(body)).toEqual(names(found));
    expect(names(body)).toEqual(['Jamal Washington']);
    const rows = await ctx.db.select().from(searchRecords).where(eq(searchRecords.userId, member.id));
    expect(rows.map((r) => r.text)).toEqual(['plumber']);
  });

  it('needs a signed-in member (401) and refuses another member’s id (403)', async () => {
    expect((await post('/v1/services/searchrecord', { user_id: member.id, text: 'x' })).statusCode).toBe(401);
    const other = await createMember(ctx.db);
    const res = await post('/v1/services/searchrecord', { user_id: other.id, text: 'x' }, token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ status: 0, message: 'You are not allowed to do this.' });
  });

  it('checks the body with clear messages', async () => {
    const empty = await post('/v1/services/searchrecord', { user_id: member.id, text: '   ' }, token);
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      status: 0,
      message: 'Please enter what you searched for.',
      errors: { text: 'Please enter what you searched for.' },
    });
    const badId = await post('/v1/services/searchrecord', { user_id: 'me', text: 'x' }, token);
    expect(badId.json()).toMatchObject({ status: 0, message: 'Please send a valid user id.' });
    const long = await post('/v1/services/searchrecord', { user_id: member.id, text: 'x'.repeat(101) }, token);
    expect(long.json()).toMatchObject({ status: 0, message: 'The search text can have at most 100 characters.' });
  });

  it('allows 20 records a minute per member, then answers 429', async () => {
    const busy = await createMember(ctx.db);
    const busyToken = await signIn(ctx.db, busy.id);
    for (let i = 0; i < 20; i++) {
      expect((await post('/v1/services/searchrecord', { user_id: busy.id, text: `q${i}` }, busyToken)).statusCode).toBe(
        200,
      );
    }
    const res = await post('/v1/services/searchrecord', { user_id: busy.id, text: 'one more' }, busyToken);
    expectFailure(res, 429, {
      code: 'too_many',
      message: 'You are searching very fast. Please wait a minute and try again.',
    });
    // Another member is not held back.
    expect((await post('/v1/services/searchrecord', { user_id: member.id, text: 'fine' }, token)).statusCode).toBe(200);
    // A minute later the member may search again: the window of the member's counter has passed.
    await ctx.db
      .update(rateLimits)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(like(rateLimits.key, `searches:member:${busy.id}`));
    expect((await post('/v1/services/searchrecord', { user_id: busy.id, text: 'later' }, busyToken)).statusCode).toBe(
      200,
    );
  });
});

describe('GET /v1/services/serviceUserList/:serviceId', () => {
  it('lists the listed providers of a service, best rated first, as { _id, user_id: card }', async () => {
    const res = await get(`/v1/services/serviceUserList/${cat.plumbing.id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(names(body)).toEqual(["Brian O'Connor", 'Jamal Washington']);
    expect(body.data[0]._id).toBe(p.brian!.id);
    expect(body.data[0].user_id).toMatchObject({ _id: p.brian!.id, rating: 5, reviewCount: 2, charges: 11000 });
    expect(body.meta).toEqual({ page: 1, limit: 20, total: 2 });
  });

  it('pages', async () => {
    const body = (await get(`/v1/services/serviceUserList/${cat.plumbing.id}?page=2&limit=1`)).json();
    expect(names(body)).toEqual(['Jamal Washington']);
    expect(body.meta).toEqual({ page: 2, limit: 1, total: 2 });
  });

  it('answers 404 for an unknown or archived service and 400 for a malformed id', async () => {
    for (const id of [crypto.randomUUID(), cat.archived.id]) {
      const res = await get(`/v1/services/serviceUserList/${id}`);
      expectFailure(res, 404, { code: 'not_found', message: 'This service was not found.' });
    }
    const bad = await get('/v1/services/serviceUserList/42');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: 'Please send a valid service id.' });
  });

  it('answers an empty page for a service nobody offers', async () => {
    const lonely = await createCategory(ctx.db, { title: 'Chimney sweeping' });
    expect((await get(`/v1/services/serviceUserList/${lonely.id}`)).json()).toEqual({
      status: 1,
      data: [],
      meta: { page: 1, limit: 20, total: 0 },
    });
  });
});

describe('GET /v1/services/provider/:id', () => {
  it('answers the card and the services offered (not archived), by title', async () => {
    const res = await get(`/v1/services/provider/${p.luis!.id}`);
    expectSuccess(res, {
      data: {
        _id: p.luis!.id,
        name: 'Luis Herrera',
        image: null,
        rating: 0,
        reviewCount: 0,
        charges: 4500,
        fromPrice: { priceCents: 4500, unit: 'visit' },
        address: 'Austin, TX',
        area: 'Austin, TX',
        about: 'Interior and exterior work with careful prep.',
        slug: 'luis-herrera-austin',
        services: [{ _id: cat.painting.id, title: 'Painting' }],
        timeZone: 'America/Chicago',
        slotMinutes: 60,
        city: 'austin',
      },
    });
  });

  it('answers 404 for blocked, inactive, profile-less, customer and unknown ids', async () => {
    const customer = await createMember(ctx.db);
    for (const id of [p.blocked!.id, p.inactive!.id, p.noProfile!.id, customer.id, crypto.randomUUID()]) {
      const res = await get(`/v1/services/provider/${id}`);
      expectFailure(res, 404, { code: 'not_found', message: 'This provider was not found.' }, id);
    }
    expect((await get('/v1/services/provider/abc')).statusCode).toBe(400);
  });
});

describe('where a provider is based: the street address only for those entitled to it', () => {
  const street = '2811 Elm St, Deep Ellum, Dallas, TX 75226';
  const area = 'Deep Ellum, Dallas';
  let based: Row;
  let neighbour: Row;
  const tokens: Record<'requested' | 'accepted' | 'completed' | 'other' | 'admin' | 'self', string> = {} as never;
  const ids: Record<'requested' | 'accepted' | 'completed', string> = {} as never;
  let category: string;

  /** Someone with bookings of these statuses with `based` (and an accepted one with `neighbour`). */
  async function customerWith(statuses: ('requested' | 'accepted' | 'completed' | 'declined' | 'cancelled')[]) {
    const customer = await createMember(ctx.db);
    for (const [i, status] of statuses.entries()) {
      await bookingOf(ctx.db, customer, based, {
        status,
        date: `2026-11-${String((++day % 28) + 1).padStart(2, '0')}`,
        time: `${String(9 + i).padStart(2, '0')}:00`,
      });
    }
    return { id: customer.id, token: await signIn(ctx.db, customer.id) };
  }

  beforeAll(async () => {
    const carpentry = await createCategory(ctx.db, { title: 'Carpentry' });
    category = carpentry.id;
    based = await createProvider(ctx.db, {
      name: 'Elmira Based',
      city: 'dallas',
      address: street,
      categoryIds: [carpentry.id],
    });
    neighbour = await createProvider(ctx.db, {
      name: 'Elliot Neighbour',
      city: 'dallas',
      address: '1900 N Haskell Ave, Dallas, TX 75204',
      categoryIds: [carpentry.id],
    });
    // A request, and the bookings that ended without the job: none of them shows the street.
    const customers = {
      requested: await customerWith(['requested', 'declined', 'cancelled']),
      accepted: await customerWith(['requested', 'accepted']),
      completed: await customerWith(['completed']),
    };
    for (const key of ['requested', 'accepted', 'completed'] as const) {
      tokens[key] = customers[key].token;
      ids[key] = customers[key].id;
    }
    const other = await createMember(ctx.db);
    await bookingOf(ctx.db, other, neighbour, { status: 'accepted' });
    tokens.other = await signIn(ctx.db, other.id);
    tokens.admin = await signIn(ctx.db, (await createAdmin(ctx.db)).id);
    tokens.self = await signIn(ctx.db, based.id);
  });

  const detail = async (token: string | null) => {
    const res = await get(`/v1/services/provider/${based.id}`, token);
    expect(res.statusCode).toBe(200);
    return res;
  };

  it('shows a visitor the area only, in `address` too', async () => {
    const res = await detail(null);
    expect(res.json().data).toMatchObject({ address: area, area });
    expect(res.body).not.toContain('Elm St');
    // A token that is not a session is a visitor's call, not an error.
    expect((await detail('not-a-session')).json().data).toMatchObject({ address: area, area });
  });

  it('shows a customer with only a request (or a declined or cancelled booking) the area only', async () => {
    const res = await detail(tokens.requested);
    expect(res.json().data).toMatchObject({ address: area, area });
    expect(res.body).not.toContain('Elm St');
    // Nor does an accepted booking with another provider show this one's street.
    expect((await detail(tokens.other)).body).not.toContain('Elm St');
  });

  it('shows a customer with an accepted or completed booking the street address', async () => {
    for (const token of [tokens.accepted, tokens.completed])
      expect((await detail(token)).json().data).toMatchObject({ address: street, area });
  });

  it('shows an administrator and the provider itself the street address', async () => {
    for (const token of [tokens.admin, tokens.self])
      expect((await detail(token)).json().data).toMatchObject({ address: street, area });
    // The admin's own call keeps the full address too.
    const vendor = await get(`/v1/admin/vendors/${based.id}`, tokens.admin);
    expect(vendor.json().data.profile).toMatchObject({ address: street });
  });

  it('applies the same rule to every card of search, the providers of a service and a search record', async () => {
    type Listing = { data: { _id: string; user_id: { address: string; area: string } }[] };
    const cardsOf = (body: Listing) => Object.fromEntries(body.data.map((item) => [item._id, item.user_id]));
    const urls = ['/v1/services/search?text=carpentry', `/v1/services/serviceUserList/${category}`];
    for (const url of urls) {
      const visitor = cardsOf((await get(url)).json());
      expect(visitor[based.id], url).toEqual(expect.objectContaining({ address: area, area }));
      expect(visitor[neighbour.id], url).toEqual(
        expect.objectContaining({ address: 'Dallas, TX 75204', area: 'Dallas, TX 75204' }),
      );
      expect(cardsOf((await get(url, tokens.requested)).json())[based.id]?.address, url).toBe(area);
      const entitled = cardsOf((await get(url, tokens.accepted)).json());
      expect(entitled[based.id]?.address, url).toBe(street);
      // The same customer has no booking with the neighbour: its street stays hidden.
      expect(entitled[neighbour.id]?.address, url).toBe('Dallas, TX 75204');
    }
    const record = (who: 'accepted' | 'requested') =>
      post('/v1/services/searchrecord', { user_id: ids[who], text: 'carpentry' }, tokens[who]);
    expect(cardsOf((await record('accepted')).json())[based.id]?.address).toBe(street);
    expect(cardsOf((await record('requested')).json())[based.id]?.address).toBe(area);
  });

  it('applies it to a member’s favourites, and never shows a street among the top providers', async () => {
    const favourite = async (who: 'requested' | 'completed') => {
      await createFavorite(ctx.db, ids[who], based.id);
      const body = (await post('/v1/services/favoritelisting', { liked_by: ids[who] }, tokens[who])).json();
      return body.data.find((f: { liked_to: { _id: string } }) => f.liked_to._id === based.id).liked_to;
    };
    expect(await favourite('requested')).toMatchObject({ address: area, area });
    expect(await favourite('completed')).toMatchObject({ address: street, area });
    const top = await get('/v1/services/topserviceprovider?limit=100', tokens.accepted);
    expect(top.body).not.toContain('Elm St');
    expect(top.json().data.find((card: { _id: string }) => card._id === based.id)).toMatchObject({
      address: area,
      area,
    });
  });
});

describe('GET /v1/services/getUserRating/:id', () => {
  let reviewed: Row;
  let written: Awaited<ReturnType<typeof rate>>;
  beforeAll(async () => {
    reviewed = await createProvider(ctx.db, { name: 'Reviewed Rita' });
    written = await rate(reviewed.id, [5, 3, 4], ['Spotless work.', 'Late but fine.', 'Good value.']);
    // A hidden rating is left out; so is every rating of somebody else.
    const hider = await createMember(ctx.db);
    const booking = await bookingOf(ctx.db, hider, reviewed, { status: 'completed', date: '2026-03-01' });
    await createRating(ctx.db, {
      bookingId: booking.id,
      rateBy: hider.id,
      rateTo: reviewed.id,
      count: 1,
      comment: 'Hidden by the admin.',
      hidden: true,
    });
  });

  it('lists the visible ratings, newest first, with who wrote them', async () => {
    const res = await get(`/v1/services/getUserRating/${reviewed.id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.meta).toEqual({ page: 1, limit: 20, total: 3 });
    expect(body.data.map((r: { comment: string }) => r.comment)).toEqual([
      'Good value.',
      'Late but fine.',
      'Spotless work.',
    ]);
    const first = written[0]!;
    expect(body.data[2]).toEqual({
      _id: first.rating.id,
      count: 5,
      comment: 'Spotless work.',
      createdAt: first.rating.createdAt.toISOString(),
      rate_by: { _id: first.customer.id, name: first.customer.name, image: '/uploads/rater.webp' },
    });
  });

  it('pages', async () => {
    const body = (await get(`/v1/services/getUserRating/${reviewed.id}?page=2&limit=2`)).json();
    expect(body.data.map((r: { comment: string }) => r.comment)).toEqual(['Spotless work.']);
    expect(body.meta).toEqual({ page: 2, limit: 2, total: 3 });
  });

  it('answers 404 for an unknown or unlisted provider', async () => {
    expect((await get(`/v1/services/getUserRating/${crypto.randomUUID()}`)).statusCode).toBe(404);
    expect((await get(`/v1/services/getUserRating/${p.blocked!.id}`)).statusCode).toBe(404);
  });
});

describe('OpenAPI', () => {
  it('describes the provider routes', async () => {
    const doc = (await get('/docs/json')).json();
    expect(doc.paths['/v1/services/search'].get.tags).toEqual(['providers']);
    expect(doc.paths['/v1/services/searchrecord'].post.security).toEqual([{ bearer: [] }]);
    for (const path of [
      '/v1/services/serviceUserList/{serviceId}',
      '/v1/services/provider/{id}',
      '/v1/services/getUserRating/{id}',
    ]) {
      expect(doc.paths[path]?.get, path).toBeDefined();
    }
  });
});
