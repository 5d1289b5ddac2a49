import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gazetteer } from '../../platform/places-gazetteer.js';
import { GazetteerPlaces, normalize, type PlacesProvider } from '../../platform/places.js';
import { bearer, createTestContext, type TestContext } from '../../test/harness.js';
import { createBooking, createMember, createProvider, signIn } from '../../test/factories.js';
import { suggestPlaces } from './places.service.js';

let ctx: TestContext;
let token: string;
let memberId: string;

const autocomplete = async (q: string, as = token) => {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/v1/places/autocomplete?q=${encodeURIComponent(q)}`,
    headers: bearer(as),
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as { description: string }[]).map((s) => s.description);
};

beforeAll(async () => {
  ctx = await createTestContext();
  const member = await createMember(ctx.db);
  memberId = member.id;
  token = await signIn(ctx.db, member.id);
  const provider = await createProvider(ctx.db);
  await createBooking(ctx.db, {
    customerId: member.id,
    providerId: provider.id,
    date: '2026-01-05',
    address: '42 Congress Ave, Apt 5, Austin, TX 78701',
    createdAt: new Date('2026-01-01'),
  });
  await createBooking(ctx.db, {
    customerId: member.id,
    providerId: provider.id,
    date: '2026-01-06',
    address: '7 Hyde Park Blvd, Austin, TX',
    createdAt: new Date('2026-01-02'),
  });
  // The same address twice is suggested once.
  await createBooking(ctx.db, {
    customerId: member.id,
    providerId: provider.id,
    date: '2026-01-07',
    address: '7 Hyde Park Blvd, Austin, TX',
    createdAt: new Date('2026-01-03'),
  });
  // Another member's address is theirs alone.
  const other = await createMember(ctx.db);
  await createBooking(ctx.db, {
    customerId: other.id,
    providerId: provider.id,
    date: '2026-01-08',
    address: '9 Secret Congress Ln, Austin, TX',
  });
});
afterAll(async () => {
  await ctx?.close();
});

describe('GET /v1/places/autocomplete', () => {
  it('needs a signed-in member', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/v1/places/autocomplete?q=congress' });
    expect(res.statusCode).toBe(401);
  });

  it('answers nothing for fewer than two characters', async () => {
    expect(await autocomplete('')).toEqual([]);
    expect(await autocomplete('c')).toEqual([]);
    expect(await autocomplete('  c ')).toEqual([]);
  });

  it('puts the member’s own earlier addresses first, then up to eight in all from the gazetteer', async () => {
    const list = await autocomplete('congress');
    expect(list).toHaveLength(8);
    expect(list[0]).toBe('42 Congress Ave, Apt 5, Austin, TX 78701');
    expect(list).not.toContain('9 Secret Congress Ln, Austin, TX');
    expect(list[1]).toBe('Congress Ave, Austin, TX 78701');
    for (const s of list.slice(1)) expect(s).toMatch(/Congress/);
  });

  it('lists an address used twice once, most recently used first', async () => {
    const list = await autocomplete('austin');
    expect(list.slice(0, 2)).toEqual(['7 Hyde Park Blvd, Austin, TX', '42 Congress Ave, Apt 5, Austin, TX 78701']);
    expect(new Set(list).size).toBe(list.length);
  });

  it('finds neighbourhoods and streets of the three cities', async () => {
    expect(await autocomplete('Hyde Pa')).toContain('Hyde Park, Austin, TX');
    expect((await autocomplete('deep ell'))[0]).toBe('Deep Ellum, Dallas, TX');
    expect((await autocomplete('williams'))[0]).toBe('Williamsburg, Brooklyn, NY');
    expect(await autocomplete('bleecker')).toContain('Bleecker St, New York, NY 10012');
    expect((await autocomplete('astoria'))[0]).toBe('Astoria, Queens, NY');
    expect(await autocomplete('zzzz nowhere')).toEqual([]);
  });

  it('takes % and _ literally', async () => {
    expect(await autocomplete('%%')).toEqual([]);
    expect(await autocomplete('__')).toEqual([]);
  });

  it('refuses a query longer than 100 characters', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/v1/places/autocomplete?q=${'a'.repeat(101)}`,
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('GazetteerPlaces', () => {
  const places = new GazetteerPlaces();

  it('holds a few hundred distinct places in Austin, Dallas and New York', () => {
    expect(gazetteer.length).toBeGreaterThan(300);
    expect(new Set(gazetteer.map((e) => e.description)).size).toBe(gazetteer.length);
    for (const e of gazetteer) expect(e.description).toMatch(/, (TX|NY)( \d{5})?$/);
    for (const city of ['Austin, TX', 'Dallas, TX', 'New York, NY', 'Brooklyn, NY']) {
      expect(gazetteer.filter((e) => e.description.includes(city)).length, city).toBeGreaterThan(50);
    }
  });

  it('matches every word typed at a word start, whole-query starts first', async () => {
    const list = (await places.autocomplete('6th aus', { limit: 8 })).map((s) => s.description);
    expect(list.length).toBeGreaterThan(2);
    for (const s of list) expect(s).toMatch(/6th St, Austin/);
    expect(list[0]).toMatch(/^[EW] 6th St, Austin, TX 787\d\d$/);
    // "ark" starts no word of "Park Slope".
    expect((await places.autocomplete('ark slope', { limit: 8 })).length).toBe(0);
    expect((await places.autocomplete("st. john's", { limit: 8 })).map((s) => s.description)).toContain(
      'St. Johns, Austin, TX',
    );
  });

  it('normalizes case, accents and punctuation', () => {
    expect(normalize("  Hell's  Kitchen, NY ")).toBe('hell s kitchen ny');
    expect(normalize('Café')).toBe('cafe');
  });
});

describe('suggestPlaces with another provider', () => {
  it('asks the configured places provider and merges without duplicates', async () => {
    const calls: string[] = [];
    const maps: PlacesProvider = {
      async autocomplete(query) {
        calls.push(query);
        return [{ description: '7 hyde park blvd, austin, tx' }, { description: 'Hyde Park Ave, Boston, MA' }];
      },
    };
    const list = await suggestPlaces(ctx.db, maps, memberId, 'hyde');
    expect(calls).toEqual(['hyde']);
    expect(list).toEqual([
      { description: '7 Hyde Park Blvd, Austin, TX' },
      { description: 'Hyde Park Ave, Boston, MA' },
    ]);
  });
});
