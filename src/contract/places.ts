// Where a customer looks for providers: the served cities, a chosen location (a city, a place of
// the gazetteer or the browser's own position) and the place search that finds one.
import { z } from 'zod';
import { placesText as t } from './messages.js';

/** The served cities (a schema-free module, so every contract module may import it). */
export const portalCities = ['austin', 'dallas', 'nyc'] as const;
export type PortalCity = (typeof portalCities)[number];

/** Each served city with the point its distances are measured from. */
export const servedCities: Record<PortalCity, { label: string; lat: number; lng: number }> = {
  austin: { label: 'Austin', lat: 30.2672, lng: -97.7431 },
  dallas: { label: 'Dallas', lat: 32.7767, lng: -96.797 },
  nyc: { label: 'New York City', lat: 40.7128, lng: -74.006 },
};

export const placeLimits = {
  queryMin: 2,
  queryMax: 100,
  labelMax: 200,
  results: 8,
} as const;

export const latitude = z.coerce
  .number({ error: t.pointInvalid })
  .min(-90, { error: t.pointInvalid })
  .max(90, { error: t.pointInvalid });
export const longitude = z.coerce
  .number({ error: t.pointInvalid })
  .min(-180, { error: t.pointInvalid })
  .max(180, { error: t.pointInvalid });

/**
 * A chosen location: a served city (its centre), a gazetteer place or the browser's position. The
 * city is null for a point outside the served cities.
 */
export const chosenLocation = z.object({
  label: z.string().trim().min(1, { error: t.labelRequired }).max(placeLimits.labelMax, { error: t.labelTooLong }),
  lat: z.number({ error: t.pointInvalid }).min(-90, { error: t.pointInvalid }).max(90, { error: t.pointInvalid }),
  lng: z.number({ error: t.pointInvalid }).min(-180, { error: t.pointInvalid }).max(180, { error: t.pointInvalid }),
  city: z.enum(portalCities).nullable(),
});
export type ChosenLocation = z.infer<typeof chosenLocation>;

/** GET /places/search?q=: areas, ZIP codes, streets and addresses of the served cities, with their point. */
export const placeSearchQuery = z.object({
  q: z.string().trim().max(placeLimits.queryMax, { error: t.queryTooLong }).default(''),
});
export const foundPlace = z.object({
  description: z.string(),
  lat: z.number(),
  lng: z.number(),
  city: z.enum(portalCities),
});
export type FoundPlace = z.infer<typeof foundPlace>;

/** PUT /members/location: the member's chosen location, or null to forget it. */
export const memberLocationBody = z.object({ location: chosenLocation.nullable() });
export type MemberLocationBody = z.infer<typeof memberLocationBody>;
