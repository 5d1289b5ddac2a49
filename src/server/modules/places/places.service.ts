// Location suggestions for the booking dialog: the member's saved addresses first, then their own
// earlier booking addresses, then the places provider's (the gazetteer unless a maps service is configured). And the public
// place search behind the location chooser: served cities and gazetteer places with their points.
import { and, desc, eq, ilike, max } from 'drizzle-orm';
import { bookingLimits, type PlaceSuggestion } from '../../../contract/bookings.js';
import { placeLimits, servedCities, type FoundPlace } from '../../../contract/places.js';
import { portalCities, type PortalCity } from '../../../contract/portal.js';
import type { Db } from '../../db/client.js';
import { bookings } from '../../db/schema.js';
import { containsPattern } from '../../platform/listing.js';
import { GazetteerPlaces, normalize, type PlacesProvider } from '../../platform/places.js';
import { savedAddressesMatching } from '../members/addresses.service.js';

/** The member's distinct booking addresses containing `q`, most recently used first. */
export async function ownAddresses(db: Db, userId: string, q: string, limit: number): Promise<string[]> {
  const lastUsed = max(bookings.createdAt);
  const rows = await db
    .select({ address: bookings.address, lastUsed })
    .from(bookings)
    .where(and(eq(bookings.customerId, userId), ilike(bookings.address, containsPattern(q))))
    .groupBy(bookings.address)
    .orderBy(desc(lastUsed), bookings.address)
    .limit(limit);
  return rows.map((r) => r.address);
}

/** `near`: the city a street typed without one is read in (the customer's choice, else the provider's). */
export async function suggestPlaces(
  db: Db,
  places: PlacesProvider,
  userId: string,
  query: string,
  near?: PortalCity,
): Promise<PlaceSuggestion[]> {
  const q = query.trim();
  const limit = bookingLimits.placesMax;
  if (q.length < bookingLimits.placesQueryMin) return [];
  const saved = await savedAddressesMatching(db, userId, q, limit);
  const own = await ownAddresses(db, userId, q, limit);
  const seen = new Set<string>();
  const suggestions: PlaceSuggestion[] = [];
  for (const description of [...saved, ...own]) {
    if (suggestions.length >= limit || seen.has(description.toLowerCase())) continue;
    seen.add(description.toLowerCase());
    suggestions.push({ description });
  }
  if (suggestions.length < limit) {
    for (const place of await places.autocomplete(q, { limit, ...(near ? { near } : {}) })) {
      if (suggestions.length >= limit) break;
      if (seen.has(place.description.toLowerCase())) continue;
      seen.add(place.description.toLowerCase());
      suggestions.push(place);
    }
  }
  return suggestions;
}

// ---------------------------------------------------------------- place search

const states: Record<PortalCity, string> = { austin: 'TX', dallas: 'TX', nyc: 'NY' };
/** Other ways to type a city's name, normalized. */
const cityAliases: Record<PortalCity, string[]> = { austin: [], dallas: [], nyc: ['nyc', 'new york ny'] };

/** Each served city as a place at its centre ("Dallas, TX"), with the names a query may start. */
const cityPlaces = portalCities.map((city) => {
  const { label, lat, lng } = servedCities[city];
  const place: FoundPlace = { description: `${label}, ${states[city]}`, lat, lng, city };
  return { place, names: [normalize(place.description), ...cityAliases[city]] };
});

const builtIn = new GazetteerPlaces();

/**
 * Up to `placeLimits.results` places for what a person typed: the served cities whose name it
 * starts ("dal", "new york") first, at their centre, then the gazetteer's areas, streets and
 * addresses as the booking dialog's suggestions match them. Nothing under `placeLimits.queryMin`
 * characters.
 */
export function searchPlaces(query: string, places: GazetteerPlaces = builtIn): FoundPlace[] {
  const q = query.trim();
  if (q.length < placeLimits.queryMin) return [];
  const normal = normalize(q);
  if (!normal) return [];
  const cities = cityPlaces
    .filter((city) => city.names.some((name) => name.startsWith(normal)))
    .map((city) => ({ ...city.place }));
  const found = places
    .find(q, placeLimits.results - cities.length)
    .map(({ description, lat, lng, city }) => ({ description, lat, lng, city }));
  return [...cities, ...found];
}
