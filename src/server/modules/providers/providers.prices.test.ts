// The "from" price of a provider's card: its cheapest line among the services it offers, the same
// on every list that shows cards (search, the provider's dialog, top providers, favourites).
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { categories } from '../../db/schema.js';
import { injectAs, withApp } from '../../test/harness.js';
import { createCategory, createFavorite, createMember, createProvider, signIn } from '../../test/factories.js';

const ctx = withApp();
const { get, post, put } = injectAs(() => ctx);

type Card = { _id: string; name: string; charges: number; fromPrice: { priceCents: number; unit: string } };

/** The provider's card as search, the dialog and the top providers answer it. */
async function cards(provider: { id: string; name: string }) {
  const found = (await get(`/v1/services/search?text=${encodeURIComponent(provider.name)}`)).json() as {
    data: { user_id: Card }[];
  };
  const detail = (await get(`/v1/services/provider/${provider.id}`)).json() as { data: Card };
  const top = (await get('/v1/services/topserviceprovider?limit=100')).json() as { data: Card[] };
  return {
    search: found.data.find((item) => item.user_id._id === provider.id)?.user_id.fromPrice,
    detail: detail.data.fromPrice,
    top: top.data.find((card) => card._id === provider.id)?.fromPrice,
  };
}

const everywhere = (fromPrice: Card['fromPrice']) => ({ search: fromPrice, detail: fromPrice, top: fromPrice });

describe('a card’s from price', () => {
  it('is the charges per visit without a price list, and the cheapest line with one', async () => {
    const plumbing = await createCategory(ctx.db, { title: 'Plumbing' });
    const painting = await createCategory(ctx.db, { title: 'Painting' });
    const provider = await createProvider(ctx.db, {
      name: 'Quinn Fromprice',
      chargesCents: 5000,
      categoryIds: [plumbing.id, painting.id],
    });
    const token = await signIn(ctx.db, provider.id);
    expect(await cards(provider)).toEqual(everywhere({ priceCents: 5000, unit: 'visit' }));

    // Both services priced: the cheaper line, whatever its unit; the charges stay for old clients.
    const saved = await put(
      '/v1/provider/prices',
      {
        prices: [
          { serviceId: plumbing.id, priceCents: 8000, unit: 'visit', durationMinutes: 60 },
          { serviceId: painting.id, priceCents: 3500, unit: 'hour', durationMinutes: 60 },
        ],
      },
      token,
    );
    expect(saved.statusCode).toBe(200);
    expect(await cards(provider)).toEqual(everywhere({ priceCents: 3500, unit: 'hour' }));
    expect((await get(`/v1/services/provider/${provider.id}`)).json().data.charges).toBe(5000);

    // A service left without a line is priced at the charges per visit, as booking prices it.
    await put(
      '/v1/provider/prices',
      { prices: [{ serviceId: plumbing.id, priceCents: 9000, unit: 'visit', durationMinutes: 60 }] },
      token,
    );
    expect(await cards(provider)).toEqual(everywhere({ priceCents: 5000, unit: 'visit' }));

    // At the same figure, per visit comes first.
    await put(
      '/v1/provider/prices',
      {
        prices: [
          { serviceId: plumbing.id, priceCents: 4000, unit: 'hour', durationMinutes: 60 },
          { serviceId: painting.id, priceCents: 4000, unit: 'visit', durationMinutes: 90 },
        ],
      },
      token,
    );
    expect(await cards(provider)).toEqual(everywhere({ priceCents: 4000, unit: 'visit' }));
  });

  it('leaves out an archived service’s line, and shows in a member’s favourites', async () => {
    const carpentry = await createCategory(ctx.db, { title: 'Carpentry' });
    const gardening = await createCategory(ctx.db, { title: 'Gardening' });
    const provider = await createProvider(ctx.db, {
      name: 'Rowan Fromprice',
      chargesCents: 7000,
      categoryIds: [carpentry.id, gardening.id],
    });
    await put(
      '/v1/provider/prices',
      {
        prices: [
          { serviceId: carpentry.id, priceCents: 6000, unit: 'visit', durationMinutes: 120 },
          { serviceId: gardening.id, priceCents: 2500, unit: 'hour', durationMinutes: 60 },
        ],
      },
      await signIn(ctx.db, provider.id),
    );
    expect(await cards(provider)).toEqual(everywhere({ priceCents: 2500, unit: 'hour' }));

    await ctx.db.update(categories).set({ archivedAt: new Date() }).where(eq(categories.id, gardening.id));
    expect((await get(`/v1/services/provider/${provider.id}`)).json().data.fromPrice).toEqual({
      priceCents: 6000,
      unit: 'visit',
    });

    const member = await createMember(ctx.db);
    await createFavorite(ctx.db, member.id, provider.id);
    const favourites = await post(
      '/v1/services/favoritelisting',
      { liked_by: member.id },
      await signIn(ctx.db, member.id),
    );
    expect(favourites.json().data[0].liked_to.fromPrice).toEqual({ priceCents: 6000, unit: 'visit' });
  });

  it('is the charges per visit for a provider offering no service', async () => {
    const provider = await createProvider(ctx.db, { name: 'Sage Fromprice', chargesCents: 3300 });
    expect((await get(`/v1/services/provider/${provider.id}`)).json().data.fromPrice).toEqual({
      priceCents: 3300,
      unit: 'visit',
    });
  });
});

describe('saving the profile', () => {
  it('keeps the price lines of the services kept, and drops those of a service taken away', async () => {
    const cleaning = await createCategory(ctx.db, { title: 'Cleaning' });
    const plumbing = await createCategory(ctx.db, { title: 'Plumbing' });
    const provider = await createProvider(ctx.db, { categoryIds: [cleaning.id, plumbing.id] });
    const token = await signIn(ctx.db, provider.id);
    const lines = [
      { serviceId: cleaning.id, priceCents: 3850, unit: 'hour', durationMinutes: 120 },
      { serviceId: plumbing.id, priceCents: 8000, unit: 'visit', durationMinutes: 90 },
    ];
    expect((await put('/v1/provider/prices', { prices: lines }, token)).statusCode).toBe(200);
    const profile = {
      services: [cleaning.id, plumbing.id],
      charges: '45.00',
      city: 'austin',
      address: '1 Main St, Austin, TX',
      about: 'Cleaning and small plumbing jobs.',
      radiusKm: 25,
    };
    const priced = async () =>
      ((await get('/v1/provider/prices', token)).json() as { data: { serviceId: string; priceCents: number }[] }).data
        .map((line) => [line.serviceId, line.priceCents])
        .sort();

    // The same services saved again (twice): the list stays as it was.
    for (let i = 0; i < 2; i++) expect((await put('/v1/provider/profile', profile, token)).statusCode).toBe(200);
    expect(await priced()).toEqual(
      [
        [cleaning.id, 3850],
        [plumbing.id, 8000],
      ].sort(),
    );

    // Plumbing taken away, then offered again: its line is gone, it costs the charges per visit.
    await put('/v1/provider/profile', { ...profile, services: [cleaning.id] }, token);
    await put('/v1/provider/profile', profile, token);
    expect(await priced()).toEqual(
      [
        [cleaning.id, 3850],
        [plumbing.id, 4500],
      ].sort(),
    );
  });
});

describe('replacing a price list', () => {
  it('takes 10 at once one after another: every one answers 200 and one whole list is left', async () => {
    const plumbing = await createCategory(ctx.db, { title: 'Plumbing' });
    const painting = await createCategory(ctx.db, { title: 'Painting' });
    const provider = await createProvider(ctx.db, { categoryIds: [plumbing.id, painting.id] });
    const token = await signIn(ctx.db, provider.id);
    const list = (cents: number) => ({
      prices: [
        { serviceId: plumbing.id, priceCents: cents, unit: 'visit', durationMinutes: 60 },
        { serviceId: painting.id, priceCents: cents + 1, unit: 'hour', durationMinutes: 60 },
      ],
    });
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => put('/v1/provider/prices', list(1000 + i * 100), token)),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(Array(10).fill(200));
    const left = (await get('/v1/provider/prices', token)).json() as { data: { priceCents: number | null }[] };
    const cents = left.data.map((line) => line.priceCents).sort();
    expect(cents).toHaveLength(2);
    expect(cents[1]).toBe(cents[0]! + 1);
  });
});
