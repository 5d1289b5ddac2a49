// The built web app's hashed files go out light: a browser that accepts brotli or gzip gets the
// .br or .gz the build wrote beside the file, any other client the plain file; each answer says it
// varies by Accept-Encoding, and only an asset that exists is cached for ever.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './test/harness.js';

const script = Buffer.from(
  Array.from({ length: 200 }, (_, i) => `export const line${i} = 'a line of the bundle';\n`).join(''),
);
const asset = '/assets/app-abc123.js';
/** Too small to be worth compressing: the build writes no .br or .gz beside it. */
const tiny = '/assets/tiny-def456.js';
const immutable = 'public, max-age=31536000, immutable';

let ctx: TestContext;
let web: string;

beforeAll(async () => {
  web = fs.mkdtempSync(path.join(os.tmpdir(), 'doorstep-web-'));
  fs.mkdirSync(path.join(web, 'assets'));
  fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>Doorstep</title><div id="root"></div>');
  const file = path.join(web, asset);
  fs.writeFileSync(file, script);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(script));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(script));
  fs.writeFileSync(path.join(web, tiny), 'console.log(1)');
  ctx = await createTestContext({}, { webRoot: web });
});
afterAll(async () => {
  await ctx?.close();
  fs.rmSync(web, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });

describe('a hashed asset, by what the client accepts', () => {
  it('is brotli when brotli is accepted, even listed after gzip', async () => {
    const res = await get(asset, { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe(immutable);
    expect(Number(res.headers['content-length'])).toBeLessThan(script.length / 5);
    expect(zlib.brotliDecompressSync(res.rawPayload).equals(script)).toBe(true);
  });

  it('is gzip when only gzip is accepted, or brotli is refused', async () => {
    for (const accept of ['gzip', 'br;q=0, gzip']) {
      const res = await get(asset, { 'accept-encoding': accept });
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe('gzip');
      expect(res.headers['vary'], accept).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control'], accept).toBe(immutable);
      expect(zlib.gunzipSync(res.rawPayload).equals(script), accept).toBe(true);
    }
  });

  it('is the plain file for a client that accepts neither', async () => {
    for (const accept of ['(none)', 'identity', 'deflate']) {
      const res = await get(asset, accept === '(none)' ? {} : { 'accept-encoding': accept });
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers['content-encoding'], accept).toBeUndefined();
      expect(res.headers['vary'], accept).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control'], accept).toBe(immutable);
      expect(res.rawPayload.equals(script), accept).toBe(true);
    }
  });

  it('is the plain file when no compressed copy was written beside it', async () => {
    const res = await get(tiny, { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe(immutable);
    expect(res.body).toBe('console.log(1)');
  });

  it('answers a HEAD with the headers of the compressed copy and no body', async () => {
    const res = await ctx.app.inject({ method: 'HEAD', url: asset, headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe(immutable);
    expect(Number(res.headers['content-length'])).toBe(fs.statSync(path.join(web, `${asset}.br`)).size);
    expect(res.rawPayload.length).toBe(0);
  });

  it('answers a revalidation with 304 for the same encoding, and each encoding has its own tag', async () => {
    const br = await get(asset, { 'accept-encoding': 'br' });
    const gzip = await get(asset, { 'accept-encoding': 'gzip' });
    const plain = await get(asset);
    const tags = [br, gzip, plain].map((res) => res.headers.etag);
    expect(new Set(tags).size).toBe(3);

    const again = await get(asset, { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers['vary']).toMatch(/accept-encoding/i);
    expect(again.headers['cache-control']).toBe(immutable);

    // A cache that kept the brotli copy does not get a 304 for a client that only takes gzip.
    const other = await get(asset, { 'accept-encoding': 'gzip', 'if-none-match': String(br.headers.etag) });
    expect(other.statusCode).toBe(200);
    expect(other.headers['content-encoding']).toBe('gzip');
  });
});

describe('what stays as it was', () => {
  it('a missing asset is a JSON 404, never the page and never cached for ever', async () => {
    for (const method of ['GET', 'HEAD'] as const) {
      const res = await ctx.app.inject({
        method,
        url: '/assets/app-000000.js',
        headers: { 'accept-encoding': 'gzip, deflate, br' },
      });
      expect(res.statusCode, method).toBe(404);
      expect(res.headers['content-type'], method).toMatch(/application\/json/);
      expect(res.headers['content-encoding'], method).toBeUndefined();
      expect(res.headers['cache-control'] ?? '', method).not.toContain('immutable');
      if (method === 'GET') expect(res.json()).toMatchObject({ status: 0 });
    }
  });

  it('the page is the plain index.html, revalidated every time', async () => {
    const res = await get('/bookings', { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<div id="root">');
  });

  it('a compressed copy asked for by name is its stored bytes, with no content-encoding', async () => {
    const res = await get(`${asset}.br`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.equals(fs.readFileSync(path.join(web, `${asset}.br`)))).toBe(true);
  });
});
