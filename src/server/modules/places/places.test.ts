import { beforeAll, describe, expect, it } from 'vitest';
import { placesText, serverError } from '../../../contract/messages.js';
import { servedCities, type FoundPlace } from '../../../contract/places.js';
import { gazetteer } from '../../platform/places-gazetteer.js';
import {
  areaOf,
  GazetteerPlaces,
  geocode,
  normalize,
  placeAddress,
  type PlacesProvider,
} from '../../platform/places.js';
import { bearer, withApp } from '../../test/harness.js';
import { bookingOf, createMember, createProvider, signIn } from '../../test/factories.js';
import { suggestPlaces } from './places.service.js';

const ctx = withApp();
let token: string;
let memberId: string;

const autocomplete = async (q: string, city = '', as = token) => {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/v1/places/autocomplete?q=${encodeURIComponent(q)}${city && `&city=${city}`}`,
    headers: bearer(as),
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as { description: string }[]).map((s) => s.description);
};

beforeAll(async () => {
  const member = await createMember(ctx.db);
  memberId = member.id;
  token = await signIn(ctx.db, member.id);
  const provider = await createProvider(ctx.db);
  await bookingOf(ctx.db, member, provider, {
    date: '2026-01-05',
    address: '42 Congress Ave, Apt 5, Austin, TX 78701',
    createdAt: new Date('2026-01-01'),
  });
  await bookingOf(ctx.db, member, provider, {
    date: '2026-01-06',
    address: '7 Hyde Park Blvd, Austin, TX',
    createdAt: new Date('2026-01-02'),
  });
  // The same address twice is suggested once.
  await bookingOf(ctx.db, member, provider, {
    date: '2026-01-07',
    address: '7 Hyde Park Blvd, Austin, TX',
    createdAt: new Date('2026-01-03'),
  });
  // Another member's address is theirs alone.
  const other = await createMember(ctx.db);
  await bookingOf(ctx.db, other, provider, { date: '2026-01-08', address: '9 Secret Congress Ln, Austin, TX' });
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

  it('keeps a house number typed before a street it knows, the chosen city’s street first', async () => {
    expect((await autocomplete('4512 Swiss Ave'))[0]).toBe('4512 Swiss Ave, Dallas, TX 75204');
    expect((await autocomplete('4512 swiss avenue'))[0]).toBe('4512 Swiss Ave, Dallas, TX 75204');
    // Main St is a street of Dallas and of Queens.
    expect((await autocomplete('10 Main St', 'dallas'))[0]).toBe('10 Main St, Dallas, TX 75201');
    expect((await autocomplete('10 Main St', 'nyc'))[0]).toBe('10 Main St, Flushing, NY 11354');
  });

  it('refuses a city it does not serve', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/v1/places/autocomplete?q=main&city=paris',
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(400);
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

/** Kilometres between two points (haversine). */
function km(a: { lat: number; lng: number }, b: { lat: number; lng: number }) {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lng - a.lng) * rad) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

describe('the gazetteer’s points', () => {
  it('puts every entry in its city, within 30 km of the centre', () => {
    const cityOf = (description: string) =>
      description.includes('Austin, TX') ? 'austin' : description.includes('Dallas, TX') ? 'dallas' : 'nyc';
    for (const e of gazetteer) {
      expect(e.city, e.description).toBe(cityOf(e.description));
      expect(km(e, servedCities[e.city]), e.description).toBeLessThan(30);
    }
  });

  it('gives a street and its house addresses the same point, and neighbourhoods their own', () => {
    const street = gazetteer.filter((e) => e.description.includes('Bleecker St, New York, NY 10012'));
    expect(street.map((e) => e.kind).sort()).toEqual(['address', 'address', 'address', 'street']);
    for (const e of street) expect({ lat: e.lat, lng: e.lng }).toEqual({ lat: 40.7255, lng: -73.9983 });
    const areas = gazetteer.filter((e) => e.kind === 'area');
    // Neighbourhoods are not all at one point: Hyde Park is north of Travis Heights.
    const at = (description: string) => areas.find((e) => e.description === description)!;
    expect(at('Hyde Park, Austin, TX').lat).toBeGreaterThan(at('Travis Heights, Austin, TX').lat);
    expect(km(at('Williamsburg, Brooklyn, NY'), at('Bay Ridge, Brooklyn, NY'))).toBeGreaterThan(5);
  });
});

describe('geocode', () => {
  const austinCentre = { lat: servedCities.austin.lat, lng: servedCities.austin.lng };

  it('places a gazetteer address and a street at their ZIP code, however they are written', () => {
    const address = gazetteer.find(
      (e) => e.kind === 'address' && e.description.includes('Congress Ave, Austin, TX 78701'),
    )!;
    const zip78701 = { lat: 30.2711, lng: -97.7437 };
    expect(geocode(address.description, 'austin')).toEqual(zip78701);
    expect(geocode(address.description.toUpperCase().replace(/,/g, ' '), 'austin')).toEqual(zip78701);
    expect(geocode('S Lamar Blvd, Austin, TX 78704', 'austin')).toEqual({ lat: 30.2428, lng: -97.7658 });
    // Without its ZIP code, a known street still has its point.
    expect(geocode('bleecker st., new york, ny', 'nyc')).toEqual({ lat: 40.7255, lng: -73.9983 });
    expect(geocode('Steinway St, Astoria, NY', 'nyc')).toEqual({ lat: 40.7626, lng: -73.913 });
  });

  it('falls back on a ZIP code the gazetteer knows, in that city only', () => {
    expect(geocode('4321 Made Up Rd, Austin, TX 78757', 'austin')).toEqual({ lat: 30.3515, lng: -97.7321 });
    expect(geocode('77 Unknown St, Dallas, TX 75214-1234', 'dallas')).toEqual({ lat: 32.8248, lng: -96.7483 });
    // The last ZIP code wins over a five-digit house number.
    expect(geocode('10012 Long Rd, Dallas, TX 75206', 'dallas')).toEqual({ lat: 32.831, lng: -96.7693 });
    // A New York ZIP code does not place an Austin address.
    expect(geocode('5 Somewhere St, 10012', 'austin')).toEqual(austinCentre);
  });

  it('falls back on a neighbourhood named in the address, then (New York) a borough', () => {
    expect(geocode('12 Elm Row, Deep Ellum, Dallas', 'dallas')).toEqual({ lat: 32.784, lng: -96.783 });
    // The longest name: Lakewood Heights, not Lakewood.
    expect(geocode('3 Oak St, Lakewood Heights, Dallas, TX', 'dallas')).toEqual({ lat: 32.81, lng: -96.75 });
    // Downtown is Austin's downtown for an Austin address.
    expect(geocode('Downtown Austin', 'austin')).toEqual({ lat: 30.27, lng: -97.743 });
    expect(geocode('1 Hyde Park Blvd, Austin, TX', 'austin')).toEqual({ lat: 30.306, lng: -97.729 });
    expect(geocode('77 Nowhere St, Brooklyn, NY', 'nyc')).toEqual({ lat: 40.6782, lng: -73.9442 });
  });

  it('answers the city’s centre for an address it does not know', () => {
    expect(geocode('1 Nowhere Ln, Austin, TX', 'austin')).toEqual(austinCentre);
    expect(geocode('', 'nyc')).toEqual({ lat: servedCities.nyc.lat, lng: servedCities.nyc.lng });
    // A word inside another is no neighbourhood: "Highlands" is not Austin's Highland.
    expect(geocode('9 Lake Highlands Dr, Austin, TX', 'austin')).toEqual(austinCentre);
  });
});

describe('placeAddress', () => {
  it('places a gazetteer address or street, in whichever served city it is', () => {
    const address = gazetteer.find((e) => e.kind === 'address' && e.description.endsWith('Dallas, TX 75201'))!;
    expect(placeAddress(address.description, 'austin')).toEqual({
      city: 'dallas',
      lat: 32.7876,
      lng: -96.7995,
      approximate: false,
    });
    expect(placeAddress('steinway st, astoria, ny', 'dallas')).toEqual({
      city: 'nyc',
      lat: 40.7626,
      lng: -73.913,
      approximate: false,
    });
  });

  it('places a house number the gazetteer does not list on the street it knows', () => {
    const swissAve = { city: 'dallas', lat: 32.8031, lng: -96.7867, approximate: false };
    expect(placeAddress('4512 Swiss Ave, Dallas, TX', 'austin')).toEqual(swissAve);
    expect(placeAddress('4512 swiss avenue, apt 3, dallas', 'nyc')).toEqual(swissAve);
    // Queens numbers by cross street; the state names the city.
    expect(placeAddress('12-34 Austin St, Forest Hills, NY', 'austin')).toEqual({
      city: 'nyc',
      lat: 40.7209,
      lng: -73.8468,
      approximate: false,
    });
  });

  it('reads a street typed without its city in the customer’s city, then the provider’s, only', () => {
    const swissAve = { city: 'dallas', lat: 32.8031, lng: -96.7867, approximate: false };
    expect(placeAddress('4512 Swiss Ave', 'dallas')).toEqual(swissAve);
    expect(placeAddress('4512 Swiss Ave', ['austin', 'dallas'])).toEqual(swissAve);
    expect(placeAddress('4512 Swiss Ave', 'austin')).toBeNull();
    // Main St is a street of Dallas and of Queens: the customer's city first.
    expect(placeAddress('10 Main St', ['dallas', 'nyc'])?.city).toBe('dallas');
    expect(placeAddress('10 Main St', ['nyc', 'dallas'])?.city).toBe('nyc');
  });

  it('else by a ZIP code the gazetteer knows, a neighbourhood, a borough, then the city (approximate)', () => {
    expect(placeAddress('4321 Made Up Rd, Austin, TX 78757', 'austin')).toEqual({
      city: 'austin',
      lat: 30.3515,
      lng: -97.7321,
      approximate: true,
    });
    // A street the gazetteer does not know, with no city but a ZIP code of one: the ZIP's centre.
    expect(placeAddress('77 Unknown St 75214', 'austin')).toEqual({
      city: 'dallas',
      lat: 32.8248,
      lng: -96.7483,
      approximate: true,
    });
    expect(placeAddress('12 Elm Row, Deep Ellum, Dallas', 'austin')).toEqual({
      city: 'dallas',
      lat: 32.784,
      lng: -96.783,
      approximate: false,
    });
    expect(placeAddress('77 Nowhere St, Brooklyn, NY', 'nyc')).toEqual({
      city: 'nyc',
      lat: 40.6782,
      lng: -73.9442,
      approximate: false,
    });
    const austinCentre = { city: 'austin', lat: servedCities.austin.lat, lng: servedCities.austin.lng };
    expect(placeAddress('1 Nowhere Ln, Austin, TX, USA', 'dallas')).toEqual({ ...austinCentre, approximate: true });
    // A ZIP code of Austin's area the gazetteer has no point for: the city it names.
    expect(placeAddress('1 Nowhere Ln 78799', 'dallas')).toEqual({ ...austinCentre, approximate: true });
  });

  it('reads a name several cities have in the city the address names, else in the provider’s', () => {
    const dallas = { city: 'dallas', lat: 32.779, lng: -96.8, approximate: false };
    expect(placeAddress('Downtown, Dallas', 'austin')).toEqual(dallas);
    expect(placeAddress('Downtown', 'austin')).toEqual({
      city: 'austin',
      lat: 30.27,
      lng: -97.743,
      approximate: false,
    });
    expect(placeAddress('Downtown', 'dallas')).toEqual(dallas);
  });

  it('answers null for an address that names no place we know, never a city centre', () => {
    for (const address of ['', '   ', '1 Main St', '5 Nowhere Lane, TX', '9 Elm Dr, Springfield'])
      expect(placeAddress(address, 'austin'), address).toBeNull();
  });

  it('answers null for an address in another city or state, whatever names it shares with ours', () => {
    for (const address of [
      '5 Main St, Boston, MA 02108',
      '5 Main St, Boston 02108',
      'Hyde Park, Chicago, IL 60615',
      'Hyde Park 60615',
      '100 Queens Rd, Charlotte, NC 28204',
      'Dallas, GA',
      '4512 Swiss Ave, Chicago, IL',
    ])
      expect(placeAddress(address, 'dallas'), address).toBeNull();
  });

  it('knows every ZIP code of the gazetteer as its own city’s', () => {
    for (const entry of gazetteer.filter((e) => e.kind === 'street'))
      expect(placeAddress(`1 Unknown Rd, ${entry.description.replace(/^.*?, /, '')}`, 'austin')?.city).toBe(entry.city);
  });
});

describe('areaOf', () => {
  it('names the neighbourhood an address names, with its city (the longest name first)', () => {
    expect(areaOf('2811 Elm St, Deep Ellum, Dallas, TX 75226', 'dallas')).toBe('Deep Ellum, Dallas');
    expect(areaOf('3 Oak St, Lakewood Heights, Dallas, TX', 'dallas')).toBe('Lakewood Heights, Dallas');
    expect(areaOf('31-18 Broadway, Astoria, NY 11106', 'nyc')).toBe('Astoria, New York');
    // A word inside another is no neighbourhood.
    expect(areaOf('9 Lake Highlands Dr, Austin, TX', 'austin')).toBe('Austin, TX');
  });

  it('else its ZIP code: one that ends it, or one the gazetteer knows in that city', () => {
    expect(areaOf('4512 Duval St, Austin, TX 78751', 'austin')).toBe('Austin, TX 78751');
    expect(areaOf('77 Unknown St, Dallas, TX 75214-1234', 'dallas')).toBe('Dallas, TX 75214');
    expect(areaOf('512 Court St, Brooklyn, NY 11231', 'nyc')).toBe('Brooklyn, NY 11231');
    expect(areaOf('10012 Long Rd, 75206 Dallas', 'dallas')).toBe('Dallas, TX 75206');
    // A five-digit house number is no ZIP code.
    expect(areaOf('12345 Main St, Austin', 'austin')).toBe('Austin, TX');
  });

  it('else the borough, else the city: never a street or a house number', () => {
    expect(areaOf('77 Nowhere St, Brooklyn', 'nyc')).toBe('Brooklyn, New York');
    expect(areaOf('1 Nowhere Ln, Austin', 'austin')).toBe('Austin, TX');
    expect(areaOf('', 'nyc')).toBe('New York, NY');
  });
});

describe('GET /v1/places/search', () => {
  const search = async (q: string) => {
    const res = await ctx.app.inject({ method: 'GET', url: `/v1/places/search?q=${encodeURIComponent(q)}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe(1);
    return res.json().data as FoundPlace[];
  };

  it('is public and answers places with their point and city', async () => {
    const list = await search('deep ell');
    expect(list[0]).toEqual({ description: 'Deep Ellum, Dallas, TX', lat: 32.784, lng: -96.783, city: 'dallas' });
    expect(await search('bleecker')).toContainEqual({
      description: 'Bleecker St, New York, NY 10012',
      lat: 40.7255,
      lng: -73.9983,
      city: 'nyc',
    });
    // A signed-in caller gets the same.
    const signed = await ctx.app.inject({
      method: 'GET',
      url: '/v1/places/search?q=deep%20ell',
      headers: bearer(token),
    });
    expect(signed.json().data).toEqual(list);
  });

  it('lists a served city first, at its centre, when its name is typed', async () => {
    const dallas = await search('dallas');
    expect(dallas).toHaveLength(8);
    expect(dallas[0]).toEqual({ description: 'Dallas, TX', lat: 32.7767, lng: -96.797, city: 'dallas' });
    for (const place of dallas.slice(1))
      expect(place).toMatchObject({ city: 'dallas', description: expect.stringMatching(/Dallas, TX/) });
    const newYork = { description: 'New York City, NY', lat: 40.7128, lng: -74.006, city: 'nyc' };
    expect((await search('new york'))[0]).toEqual(newYork);
    expect((await search('NYC'))[0]).toEqual(newYork);
    expect((await search('aus'))[0]).toMatchObject({ description: 'Austin, TX', city: 'austin' });
    // A city only for the start of its name.
    expect((await search('york')).map((p) => p.description)).not.toContain('New York City, NY');
    expect((await search('hyde')).map((p) => p.description)).not.toContain('Austin, TX');
  });

  it('answers at most eight places, none for fewer than two characters or nothing known', async () => {
    expect(await search('austin')).toHaveLength(8);
    expect(await search('st')).toHaveLength(8);
    expect(await search('')).toEqual([]);
    expect(await search(' c ')).toEqual([]);
    expect(await search('%%')).toEqual([]);
    expect(await search('zzzz nowhere')).toEqual([]);
    const res = await ctx.app.inject({ method: 'GET', url: '/v1/places/search' });
    expect(res.json()).toEqual({ status: 1, data: [] });
  });

  it('refuses a query longer than 100 characters or holding a NUL with 400', async () => {
    const long = await ctx.app.inject({ method: 'GET', url: `/v1/places/search?q=${'a'.repeat(101)}` });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({
      status: 0,
      message: placesText.queryTooLong,
      errors: { q: placesText.queryTooLong },
    });
    const nul = await ctx.app.inject({ method: 'GET', url: '/v1/places/search?q=ab%00c' });
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toMatchObject({ status: 0, message: serverError.nulCharacter });
  });

  it('is described in the API documentation', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/docs/json' })).json();
    const route = doc.paths['/v1/places/search'].get;
    expect(route.tags).toEqual(['places']);
    expect(route.summary).toMatch(/Austin, Dallas and New York/);
    expect(route.security).toBeUndefined();
  });
});
