// The Mapbox adapter against a local fake of its v6 forward geocoding (the documented
// FeatureCollection), on a port of its own: what it asks, what it suggests, and the gazetteer
// answering when Mapbox is slow or fails.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseConfig } from '../config.js';
import { createPlaces, MapboxPlaces } from './places-mapbox.js';
import { GazetteerPlaces } from './places.js';

/** What the fake answers next: a status and body, after `delayMs`. */
let next: { status: number; body: unknown; delayMs?: number };
const asked: URL[] = [];
let server: http.Server;
let apiUrl: string;

const feature = (full_address: string, lng: number, lat: number) => ({
  type: 'Feature',
  id: `address.${lng}`,
  geometry: { type: 'Point', coordinates: [lng, lat] },
  properties: { mapbox_id: `id.${lng}`, feature_type: 'address', full_address, name: full_address.split(',')[0] },
});

beforeAll(async () => {
  server = http.createServer((request, response) => {
    asked.push(new URL(request.url ?? '/', 'http://fake'));
    const { status, body, delayMs = 0 } = next;
    setTimeout(() => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    }, delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  asked.length = 0;
});

describe('MapboxPlaces', () => {
  it('asks forward geocoding with autocomplete, near the chosen city, and suggests full addresses', async () => {
    next = {
      status: 200,
      body: {
        type: 'FeatureCollection',
        features: [
          feature('4512 Swiss Avenue, Dallas, Texas 75204, United States', -96.7821, 32.7995),
          feature('4512 Swiss Avenue, Dallas, Texas 75204, United States', -96.7821, 32.7995),
          feature('4512 Swiss Street, Irving, Texas 75060, United States', -96.95, 32.81),
        ],
        attribution: 'NOTICE: © 2026 Mapbox and its suppliers.',
      },
    };
    const errors: unknown[] = [];
    const places = new MapboxPlaces({ token: 'pk.test', apiUrl, timeoutMs: 1000, onError: (e) => errors.push(e) });
    const list = await places.autocomplete('4512 Swiss Ave', { limit: 8, near: 'dallas' });
    expect(list).toEqual([
      { description: '4512 Swiss Avenue, Dallas, Texas 75204, United States' },
      { description: '4512 Swiss Street, Irving, Texas 75060, United States' },
    ]);
    expect(errors).toEqual([]);
    const [url] = asked;
    expect(url?.pathname).toBe('/search/geocode/v6/forward');
    expect(Object.fromEntries(url?.searchParams ?? [])).toEqual({
      q: '4512 Swiss Ave',
      autocomplete: 'true',
      country: 'us',
      limit: '8',
      proximity: '-96.797,32.7767',
      access_token: 'pk.test',
    });
  });

  it('falls back on the gazetteer when Mapbox fails, answers nonsense or is too slow', async () => {
    const gazetteer = await new GazetteerPlaces().autocomplete('4512 Swiss Ave', { limit: 8, near: 'dallas' });
    expect(gazetteer[0]).toEqual({ description: '4512 Swiss Ave, Dallas, TX 75204' });
    for (const answer of [
      { status: 401, body: { message: 'Not Authorized - Invalid Token' } },
      { status: 200, body: { type: 'Feature' } },
      { status: 200, body: { type: 'FeatureCollection', features: [] }, delayMs: 500 },
    ]) {
      next = answer;
      const errors: unknown[] = [];
      const places = new MapboxPlaces({ token: 'pk.test', apiUrl, timeoutMs: 100, onError: (e) => errors.push(e) });
      expect(await places.autocomplete('4512 Swiss Ave', { limit: 8, near: 'dallas' }), JSON.stringify(answer)).toEqual(
        gazetteer,
      );
      expect(errors).toHaveLength(1);
    }
  });
});

describe('createPlaces', () => {
  it('is the gazetteer unless MAPBOX_TOKEN is set', () => {
    expect(createPlaces(parseConfig({}))).toBeInstanceOf(GazetteerPlaces);
    const config = parseConfig({ MAPBOX_TOKEN: 'pk.test', MAPBOX_API_URL: apiUrl });
    expect(config.MAPBOX_TIMEOUT_MS).toBe(1500);
    expect(createPlaces(config)).toBeInstanceOf(MapboxPlaces);
  });
});
