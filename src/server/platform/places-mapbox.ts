// Address suggestions from Mapbox's Geocoding API (v6 forward geocoding, autocomplete), used when
// MAPBOX_TOKEN is set (docs/decisions/027-places-adapter.md). A slow or failing answer never
// fails the booking dialog: after `timeoutMs`, or on any error, the gazetteer answers instead.
// Only the suggestions come from Mapbox; placing a booking's address stays with the gazetteer.
import { z } from 'zod';
import { servedCities } from '../../contract/places.js';
import type { Config } from '../config.js';
import { GazetteerPlaces, type AutocompleteOptions, type PlaceSuggestion, type PlacesProvider } from './places.js';

/** The part of the documented response read here: a FeatureCollection of features with an address. */
const forwardAnswer = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(
    z.object({
      properties: z.object({
        full_address: z.string().optional(),
        name: z.string().optional(),
        place_formatted: z.string().optional(),
      }),
      geometry: z.object({ coordinates: z.tuple([z.number(), z.number()]) }).optional(),
    }),
  ),
});

/** Mapbox answers at most 10 suggestions a request. */
const mapboxLimit = 10;

export interface MapboxOptions {
  token: string;
  /** Mapbox's API by default; a local fake in tests. */
  apiUrl?: string;
  timeoutMs: number;
  /** Who answers when Mapbox does not in time or fails. */
  fallback?: PlacesProvider;
  /** Told of each failure (the log), before the fallback answers. */
  onError?: (error: unknown) => void;
}

export class MapboxPlaces implements PlacesProvider {
  private readonly fallback: PlacesProvider;

  constructor(private readonly options: MapboxOptions) {
    this.fallback = options.fallback ?? new GazetteerPlaces();
  }

  async autocomplete(query: string, options: AutocompleteOptions): Promise<PlaceSuggestion[]> {
    try {
      return await this.ask(query, options);
    } catch (error) {
      // The caller gave up: nobody is waiting for a fallback.
      if (options.signal?.aborted) throw error;
      this.options.onError?.(error);
      return this.fallback.autocomplete(query, options);
    }
  }

  private async ask(query: string, { limit, near, signal }: AutocompleteOptions): Promise<PlaceSuggestion[]> {
    const url = new URL('/search/geocode/v6/forward', this.options.apiUrl ?? 'https://api.mapbox.com');
    url.searchParams.set('q', query);
    url.searchParams.set('autocomplete', 'true');
    url.searchParams.set('country', 'us');
    url.searchParams.set('limit', String(Math.min(limit, mapboxLimit)));
    // Nearer the city where the customer looks first.
    if (near) url.searchParams.set('proximity', `${servedCities[near].lng},${servedCities[near].lat}`);
    url.searchParams.set('access_token', this.options.token);
    const timeout = AbortSignal.timeout(this.options.timeoutMs);
    const response = await fetch(url, { signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
    if (!response.ok) throw new Error(`Mapbox answered ${response.status}`);
    const answer = forwardAnswer.parse(await response.json());
    const seen = new Set<string>();
    const suggestions: PlaceSuggestion[] = [];
    for (const { properties } of answer.features) {
      const description =
        properties.full_address ?? [properties.name, properties.place_formatted].filter(Boolean).join(', ');
      if (!description || seen.has(description.toLowerCase())) continue;
      seen.add(description.toLowerCase());
      suggestions.push({ description });
    }
    return suggestions.slice(0, limit);
  }
}

/** Mapbox when MAPBOX_TOKEN is set, else the built-in gazetteer. */
export function createPlaces(
  config: Pick<Config, 'MAPBOX_TOKEN' | 'MAPBOX_API_URL' | 'MAPBOX_TIMEOUT_MS'>,
  onError?: (error: unknown) => void,
): PlacesProvider {
  if (!config.MAPBOX_TOKEN) return new GazetteerPlaces();
  return new MapboxPlaces({
    token: config.MAPBOX_TOKEN,
    ...(config.MAPBOX_API_URL ? { apiUrl: config.MAPBOX_API_URL } : {}),
    timeoutMs: config.MAPBOX_TIMEOUT_MS,
    ...(onError ? { onError } : {}),
  });
}
