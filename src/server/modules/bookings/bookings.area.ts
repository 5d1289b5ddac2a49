// A provider's service area: the circle of `radius_km` around its base point (the profile's
// lat/lng). Booking refuses an address outside it, and the booking dialog asks before Confirm.
// Distances are PostgreSQL's earth_distance, the measure search uses to find the providers whose
// area reaches a point, so a provider found near a place is one that serves it
// (docs/decisions/018-booking-service-area.md).
import { and, eq, sql } from 'drizzle-orm';
import type { ServiceArea } from '../../../contract/bookings.js';
import { providerText } from '../../../contract/messages.js';
import type { PortalCity } from '../../../contract/places.js';
import type { Queryable } from '../../db/client.js';
import { providerProfiles } from '../../db/schema.js';
import { notFound } from '../../errors.js';
import { areaOf, placeAddress } from '../../platform/places.js';

interface Point {
  lat: number;
  lng: number;
}

/** A provider's base point on the earth (the expression the profile's spatial index is built on). */
export const baseSpot = sql`ll_to_earth(${providerProfiles.lat}, ${providerProfiles.lng})`;
export const earthAt = (p: Point) => sql`ll_to_earth(${p.lat}::float8, ${p.lng}::float8)`;

/** What the check needs of a provider. */
export interface AreaProvider {
  id: string;
  /** Its stored address and city: the area answered is made from them, never the street. */
  address: string;
  city: PortalCity;
  radiusKm: number;
}

/**
 * Whether the provider serves `address`: placed (platform/places.ts `placeAddress`) and within its
 * radius of the base point. An address that cannot be placed is not served, with `km` null. A
 * street without its city is read in `city` (where the customer looks), then the provider's.
 */
export async function serviceArea(
  db: Queryable,
  provider: AreaProvider,
  address: string,
  city?: PortalCity,
): Promise<ServiceArea> {
  const answer = { area: areaOf(provider.address, provider.city), radiusKm: provider.radiusKm };
  const place = placeAddress(address, city ? [city, provider.city] : provider.city);
  if (!place) return { ...answer, serves: false, km: null, approximate: false };
  const [row] = await db
    .select({
      metres: sql<number>`earth_distance(${baseSpot}, ${earthAt(place)})`,
      serves: sql<boolean>`earth_distance(${baseSpot}, ${earthAt(place)}) <= ${providerProfiles.radiusKm} * 1000::float8`,
    })
    .from(providerProfiles)
    .where(eq(providerProfiles.userId, provider.id));
  if (!row) throw notFound(providerText.providerNotFound);
  return {
    ...answer,
    serves: row.serves,
    km: Math.round(Number(row.metres) / 100) / 10,
    approximate: place.approximate,
  };
}

/** GET /providers/:id/serves: a provider customers can see (404 otherwise) and the address asked about. */
export async function providerServes(
  db: Queryable,
  providerId: string,
  address: string,
  city?: PortalCity,
): Promise<ServiceArea> {
  const [provider] = await db
    .select({
      id: providerProfiles.userId,
      address: providerProfiles.address,
      city: providerProfiles.city,
      radiusKm: providerProfiles.radiusKm,
    })
    .from(providerProfiles)
    .where(and(eq(providerProfiles.userId, providerId), sql`${providerProfiles.listed}`))
    .limit(1);
  if (!provider) throw notFound(providerText.providerNotFound);
  return serviceArea(db, provider, address, city);
}
