// Address suggestions behind an interface: the built-in gazetteer of the three served cities by
// default, Mapbox's geocoding when configured (places-mapbox.ts), without touching the routes.
// The gazetteer's points also place an address (`geocode`) and answer the place search.
import { servedCities } from '../../contract/places.js';
import { portalCities, type PortalCity } from '../../contract/portal.js';
import {
  areaPoints,
  boroughs,
  gazetteer,
  zipPoints,
  type GazetteerEntry,
  type NamedPoint,
} from './places-gazetteer.js';

export interface PlaceSuggestion {
  description: string;
}

export interface AutocompleteOptions {
  limit: number;
  /** The city a street typed without one is read in (the customer's choice, else the provider's). */
  near?: PortalCity;
  signal?: AbortSignal;
}

export interface PlacesProvider {
  /** Up to `limit` suggestions for what a person typed, best first. */
  autocomplete(query: string, options: AutocompleteOptions): Promise<PlaceSuggestion[]>;
}

/** Lower case, letters and digits only, single spaces: "St. John's" → "st john s". */
export const normalize = (value: string) =>
  value
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

interface Indexed {
  entry: GazetteerEntry;
  /** ` word word …` with a leading space, so " q" finds a match at a word start. */
  spaced: string;
  words: string[];
}

const kindRank: Record<GazetteerEntry['kind'], number> = { area: 0, street: 1, address: 2 };

/** Street types as people shorten them: "Swiss Avenue" is "Swiss Ave". */
const streetTypes: Record<string, string> = {
  avenue: 'ave',
  av: 'ave',
  street: 'st',
  boulevard: 'blvd',
  road: 'rd',
  drive: 'dr',
  lane: 'ln',
  place: 'pl',
  parkway: 'pkwy',
  court: 'ct',
  highway: 'hwy',
  terrace: 'ter',
  expressway: 'expy',
};
const shortTypes = (normal: string) =>
  normal
    .split(' ')
    .map((word) => streetTypes[word] ?? word)
    .join(' ');

/** A house number starting an address, and the rest: "4512 Swiss Ave", "31-15 Steinway St", "12A Elm St". */
const houseNumbered = /^\s*(\d+[a-z]?(?:-\d+)?)\s+(\S.*)$/i;

/**
 * The gazetteer as a places provider: every word typed must start a word of the entry; entries
 * that start with the whole query come first, then those where it starts a word, then the rest;
 * within each, those of the `near` city first, then neighbourhoods before streets before house
 * addresses. A house number the gazetteer does not list, typed before a street it knows
 * ("4512 Swiss Ave"), is suggested on that street ("4512 Swiss Ave, Dallas, TX 75204").
 */
export class GazetteerPlaces implements PlacesProvider {
  private readonly index: Indexed[];
  private readonly streets: Indexed[];

  constructor(entries: readonly GazetteerEntry[] = gazetteer) {
    const indexed = (entry: GazetteerEntry, text: string) => {
      const normal = shortTypes(normalize(text));
      return { entry, spaced: ` ${normal}`, words: normal.split(' ') };
    };
    this.index = entries.map((entry) => indexed(entry, entry.description));
    this.streets = entries.filter((entry) => entry.kind === 'street').map((entry) => indexed(entry, entry.description));
  }

  async autocomplete(query: string, options: AutocompleteOptions): Promise<PlaceSuggestion[]> {
    return this.find(query, options.limit, options.near).map((entry) => ({ description: entry.description }));
  }

  /** Up to `limit` entries matching what a person typed, best first, with their points. */
  find(query: string, limit: number, near?: PortalCity): GazetteerEntry[] {
    const q = shortTypes(normalize(query));
    if (!q || limit <= 0) return [];
    const hits = new Map<string, { entry: GazetteerEntry; score: number }>();
    const match = (items: Indexed[], typed: string, as: (entry: GazetteerEntry) => GazetteerEntry) => {
      const tokens = typed.split(' ');
      for (const item of items) {
        if (!tokens.every((token) => item.words.some((word) => word.startsWith(token)))) continue;
        const score = item.spaced.startsWith(` ${typed}`) ? 0 : item.spaced.includes(` ${typed}`) ? 1 : 2;
        const entry = as(item.entry);
        if (!hits.has(entry.description)) hits.set(entry.description, { entry, score });
      }
    };
    match(this.index, q, (entry) => entry);
    const numbered = houseNumbered.exec(query.trim());
    const street = numbered?.[2] ? shortTypes(normalize(numbered[2])) : '';
    if (numbered?.[1] && street) {
      const number = numbered[1].toUpperCase();
      match(this.streets, street, (entry) => ({
        ...entry,
        kind: 'address',
        description: `${number} ${entry.description}`,
      }));
    }
    const away = (entry: GazetteerEntry) => (near && entry.city !== near ? 1 : 0);
    return [...hits.values()]
      .sort(
        (a, b) =>
          a.score - b.score ||
          away(a.entry) - away(b.entry) ||
          kindRank[a.entry.kind] - kindRank[b.entry.kind] ||
          a.entry.description.localeCompare(b.entry.description, 'en', { numeric: true }),
      )
      .slice(0, limit)
      .map((hit) => hit.entry);
  }
}

// ---------------------------------------------------------------- geocoding

interface Point {
  lat: number;
  lng: number;
}

interface NamedSpot {
  /** Normalized, between spaces: " hyde park ", so it matches whole words only. */
  words: string;
  point: Point;
}

interface Geocoder {
  /** `<city> <normalized description>` of every street and address, with and without its ZIP code. */
  exact: Map<string, Point>;
  zips: Map<string, { city: PortalCity; point: Point }>;
  /** Per city, the neighbourhoods (and New York's boroughs after them), longest names first. */
  spots: Record<PortalCity, NamedSpot[]>;
  /** Per city, the streets' names with their types shortened ("swiss ave"), longest first. */
  streets: Record<PortalCity, NamedSpot[]>;
}

let geocoder: Geocoder | undefined;

/** The lookup tables, built on the first call. */
function geocoderTables(): Geocoder {
  if (geocoder) return geocoder;
  const exact = new Map<string, Point>();
  for (const entry of gazetteer) {
    if (entry.kind === 'area') continue;
    const point = { lat: entry.lat, lng: entry.lng };
    const normal = normalize(entry.description);
    // The entry as written, then without its ZIP code ("Congress Ave, Austin, TX").
    for (const key of [normal, normal.replace(/ \d{5}$/, '')]) {
      const keyed = `${entry.city} ${key}`;
      if (!exact.has(keyed)) exact.set(keyed, point);
    }
  }
  const zips = new Map<string, { city: PortalCity; point: Point }>();
  for (const city of portalCities) {
    for (const [zip, [lat, lng]] of Object.entries(zipPoints[city])) zips.set(zip, { city, point: { lat, lng } });
  }
  const named = (points: readonly NamedPoint[]): NamedSpot[] =>
    points
      .map(([name, lat, lng]) => ({ words: ` ${normalize(name)} `, point: { lat, lng } }))
      .sort((a, b) => b.words.length - a.words.length);
  const spots: Record<PortalCity, NamedSpot[]> = {
    austin: named(areaPoints.austin),
    dallas: named(areaPoints.dallas),
    nyc: [...named(areaPoints.nyc), ...named(boroughs)],
  };
  const streets: Record<PortalCity, NamedSpot[]> = { austin: [], dallas: [], nyc: [] };
  for (const entry of gazetteer) {
    if (entry.kind !== 'street') continue;
    const name = shortTypes(normalize(entry.description.split(',')[0] ?? ''));
    streets[entry.city].push({ words: ` ${name} `, point: { lat: entry.lat, lng: entry.lng } });
  }
  for (const city of portalCities) streets[city].sort((a, b) => b.words.length - a.words.length);
  geocoder = { exact, zips, spots, streets };
  return geocoder;
}

/**
 * The point of an address in a served city, looked up in that city only: the gazetteer's point
 * for the address or street as written (case and punctuation aside, the ZIP code optional), else
 * the last ZIP code in the text that the gazetteer knows, else a neighbourhood named in it (the
 * longest name when several; in New York then a borough), else the city's centre.
 */
export function geocode(address: string, city: PortalCity): { lat: number; lng: number } {
  const tables = geocoderTables();
  const normal = normalize(address);
  const known = tables.exact.get(`${city} ${normal}`);
  if (known) return { ...known };

  const zips = address.match(/\b\d{5}\b/g) ?? [];
  for (const zip of zips.reverse()) {
    const found = tables.zips.get(zip);
    if (found?.city === city) return { ...found.point };
  }

  const spaced = ` ${normal} `;
  const spot = tables.spots[city].find((s) => spaced.includes(s.words));
  if (spot) return { ...spot.point };

  const { lat, lng } = servedCities[city];
  return { lat, lng };
}

// ---------------------------------------------------------------- placing a booking address

/** The state each served city is in. */
const cityStates: Record<PortalCity, string> = { austin: 'TX', dallas: 'TX', nyc: 'NY' };

/** The states (and DC) a US address may end with: "…, MA 02108". */
const usStates = new Set(
  (
    'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY ' +
    'NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY'
  ).split(' '),
);

/**
 * The first three digits of the ZIP codes of each served city (USPS areas): Austin 786–787,
 * Dallas 750–753, New York 100–104 (Manhattan, Staten Island, the Bronx) and 110–116 (Queens,
 * Brooklyn). A ZIP code outside them puts an address in another place.
 */
const zipAreas: Record<PortalCity, readonly string[]> = {
  austin: ['786', '787'],
  dallas: ['750', '751', '752', '753'],
  nyc: ['100', '101', '102', '103', '104', '110', '111', '112', '113', '114', '116'],
};

/** How an address names its city, normalized: the city's name, and in New York a borough too. */
const cityWords: Record<PortalCity, readonly string[]> = {
  austin: [' austin '],
  dallas: [' dallas '],
  nyc: [' new york ', ' nyc ', ...boroughs.map(([name]) => ` ${normalize(name)} `)],
};

/** "…, USA" and the like, which say nothing more. */
const countryEnding = /,?\s*(?:usa|us|united states(?: of america)?)\.?\s*$/i;
/** The state of "…, TX", "…, TX 78701" or "…, TX 78701-1234" ending an address. */
const stateEnding = /,\s*([a-z]{2})\.?(?:\s+\d{5}(?:-\d{4})?)?\s*$/i;
/** The ZIP code ending an address (a five-digit number elsewhere may be a house number). */
const zipEnding = /\b(\d{5})(?:-\d{4})?\s*$/;

export interface PlacedAddress {
  city: PortalCity;
  lat: number;
  lng: number;
  /** Placed by a ZIP code or the city only, not by an address, street or neighbourhood we know. */
  approximate: boolean;
}

/** The point of the street an address starts with, after a house number or none ("4512 Swiss Ave, …"). */
function streetIn(tables: Geocoder, text: string, city: PortalCity): Point | undefined {
  const rest = houseNumbered.exec(text)?.[2] ?? text;
  const spaced = ` ${shortTypes(normalize(rest))} `;
  return tables.streets[city].find((street) => spaced.startsWith(street.words))?.point;
}

/**
 * Where a booking address is in the served cities, or null when it names no place the gazetteer
 * knows there: the gazetteer's address or street as written; else a street it knows after any
 * house number ("4512 Swiss Ave"), in the city the address names, else in the `near` cities (the
 * customer's chosen city, then the provider's); else, approximately, a ZIP code the gazetteer
 * knows (the last one in the text); else a neighbourhood the address names (in New York then a
 * borough); else, approximately, the centre of the city it names or its ZIP code is in. A state or a ZIP code
 * ending the address that belongs to none of the served cities places it elsewhere (null):
 * "5 Main St, Boston, MA 02108" is nowhere we serve, not some city's centre. Where a name could be
 * in several cities (every city has a Downtown) and the address names none of them, the first
 * `near` city wins.
 */
export function placeAddress(address: string, near: PortalCity | readonly PortalCity[]): PlacedAddress | null {
  const tables = geocoderTables();
  const text = address.trim().replace(countryEnding, '');
  const normal = normalize(text);
  if (!normal) return null;
  const nearCities: readonly PortalCity[] = typeof near === 'string' ? [near] : near;
  const nearFirst = [...new Set([...nearCities, ...portalCities])];
  for (const city of nearFirst) {
    const known = tables.exact.get(`${city} ${normal}`);
    if (known) return { city, ...known, approximate: false };
  }

  let cities = nearFirst;
  const state = stateEnding.exec(text)?.[1]?.toUpperCase();
  if (state && usStates.has(state)) cities = cities.filter((city) => cityStates[city] === state);
  const zip = zipEnding.exec(text)?.[1];
  if (zip) cities = cities.filter((city) => zipAreas[city].some((area) => zip.startsWith(area)));
  if (cities.length === 0) return null;

  const spaced = ` ${normal} `;
  const named = cities.filter((city) => cityWords[city].some((words) => spaced.includes(words)));
  // A street named without its city is read where the customer is looking, not anywhere.
  const streetCities =
    named.length > 0 ? named : state || zip ? cities : cities.filter((city) => nearCities.includes(city));
  for (const city of streetCities) {
    const street = streetIn(tables, text, city);
    if (street) return { city, ...street, approximate: false };
  }

  for (const candidate of (text.match(/\b\d{5}\b/g) ?? []).reverse()) {
    const found = tables.zips.get(candidate);
    if (found && cities.includes(found.city)) return { city: found.city, ...found.point, approximate: true };
  }

  for (const city of named.length > 0 ? named : cities) {
    const spot = tables.spots[city].find((s) => spaced.includes(s.words));
    if (spot) return { city, ...spot.point, approximate: false };
  }
  // A ZIP code of one served city's area names that city.
  const [city] = named.length > 0 ? named : zip && cities.length === 1 ? cities : [];
  if (!city) return null;
  const { lat, lng } = servedCities[city];
  return { city, lat, lng, approximate: true };
}

// ---------------------------------------------------------------- the area of an address

/** How an area names its city, and the city with its state before a ZIP code. */
const areaCities: Record<PortalCity, { name: string; locality: string }> = {
  austin: { name: 'Austin', locality: 'Austin, TX' },
  dallas: { name: 'Dallas', locality: 'Dallas, TX' },
  nyc: { name: 'New York', locality: 'New York, NY' },
};

/** Per city, the neighbourhoods with their names as written, longest first; New York's boroughs apart. */
let areaNames: Record<PortalCity, { words: string; name: string }[]> | undefined;
function namedAreas() {
  const named = (points: readonly NamedPoint[]) =>
    points.map(([name]) => ({ words: ` ${normalize(name)} `, name })).sort((a, b) => b.words.length - a.words.length);
  areaNames ??= { austin: named(areaPoints.austin), dallas: named(areaPoints.dallas), nyc: named(areaPoints.nyc) };
  return areaNames;
}
const boroughNames = boroughs.map(([name]) => ({ words: ` ${normalize(name)} `, name }));

/**
 * Where an address is, without its street and house number: the neighbourhood it names and the
 * city ("Deep Ellum, Dallas"); else its ZIP code ("Dallas, TX 75204": one that ends the address,
 * or one the gazetteer knows in that city; in New York after the borough the address names,
 * "Brooklyn, NY 11231"); else the borough ("Brooklyn, New York"); else the city ("Dallas, TX").
 * What anyone may see of where a provider is based.
 */
export function areaOf(address: string, city: PortalCity): string {
  const spaced = ` ${normalize(address)} `;
  const { name, locality } = areaCities[city];
  const area = namedAreas()[city].find((a) => spaced.includes(a.words));
  if (area) return `${area.name}, ${name}`;
  const borough = city === 'nyc' ? boroughNames.find((b) => spaced.includes(b.words)) : undefined;
  const zips = geocoderTables().zips;
  const zip =
    /\b(\d{5})(?:-\d{4})?\s*$/.exec(address)?.[1] ??
    (address.match(/\b\d{5}\b/g) ?? []).reverse().find((z) => zips.get(z)?.city === city);
  if (zip) return `${borough ? `${borough.name}, NY` : locality} ${zip}`;
  if (borough) return `${borough.name}, ${name}`;
  return locality;
}
