// Location suggestions for the booking dialog: the member's own earlier booking addresses first,
// then the places provider's (the gazetteer unless a maps service is configured).
import { and, desc, eq, ilike, max } from 'drizzle-orm';
import { bookingLimits, type PlaceSuggestion } from '../../../contract/bookings.js';
import type { Db } from '../../db/client.js';
import { bookings } from '../../db/schema.js';
import type { PlacesProvider } from '../../platform/places.js';

/** `%`, `_` and `\` typed by a person are matched literally. */
const likeEscape = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The member's distinct booking addresses containing `q`, most recently used first. */
export async function ownAddresses(db: Db, userId: string, q: string, limit: number): Promise<string[]> {
  const lastUsed = max(bookings.createdAt);
  const rows = await db
    .select({ address: bookings.address, lastUsed })
    .from(bookings)
    .where(and(eq(bookings.customerId, userId), ilike(bookings.address, `%${likeEscape(q)}%`)))
    .groupBy(bookings.address)
    .orderBy(desc(lastUsed), bookings.address)
    .limit(limit);
  return rows.map((r) => r.address);
}

export async function suggestPlaces(
  db: Db,
  places: PlacesProvider,
  userId: string,
  query: string,
): Promise<PlaceSuggestion[]> {
  const q = query.trim();
  const limit = bookingLimits.placesMax;
  if (q.length < bookingLimits.placesQueryMin) return [];
  const own = await ownAddresses(db, userId, q, limit);
  const seen = new Set(own.map((a) => a.toLowerCase()));
  const suggestions: PlaceSuggestion[] = own.map((description) => ({ description }));
  if (suggestions.length < limit) {
    for (const place of await places.autocomplete(q, { limit })) {
      if (suggestions.length >= limit) break;
      if (seen.has(place.description.toLowerCase())) continue;
      seen.add(place.description.toLowerCase());
      suggestions.push(place);
    }
  }
  return suggestions;
}
