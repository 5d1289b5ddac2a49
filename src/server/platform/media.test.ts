// Images as a browser meets them at /uploads: served by any instance from the shared storage,
// cached for ever under a content-hashed name, revalidated with the hash, and a JSON 404 for
// anything that is not a stored image's key.
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { serverError } from '../../contract/messages.js';
import { buildApp, type App } from '../app.js';
import { openDatabase } from '../db/client.js';
import { createMember, signIn } from '../test/factories.js';
import { bearer, withApp } from '../test/harness.js';
import { startLocalS3, type LocalS3 } from '../test/s3.js';
import { DatabaseStorage, S3Storage } from './storage.js';

const ctx = withApp();
let token: string;
let picture: Buffer;
let image: string;
beforeAll(async () => {
  token = await signIn(ctx.db, (await createMember(ctx.db)).id);
  picture = await sharp({ create: { width: 12, height: 9, channels: 3, background: '#3a7' } })
    .webp()
    .toBuffer();
  image = await ctx.storage.put(picture, 'webp', 'profiles');
});

const request = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET', app?: App) =>
  (app ?? ctx.app).inject({ method, url, headers });

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 90, g: 20, b: 160 } } })
    .png()
    .toBuffer();

/** Sets the member's profile picture through `app`, as the browser's form would. */
async function uploadPhoto(app: App, bytes: Buffer) {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'me.png');
  const body = new Request('http://localhost/', { method: 'POST', body: form });
  const res = await app.inject({
    method: 'POST',
    url: '/v1/members/profileimage',
    payload: Buffer.from(await body.arrayBuffer()),
    headers: { 'content-type': body.headers.get('content-type') ?? '', ...bearer(token) },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data.image as string;
}

describe('GET /uploads/<key>', () => {
  it('serves the image with its type, its hash as ETag and a year of immutable cache', async () => {
    const res = await request(image);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(picture)).toBe(true);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['content-length']).toBe(String(picture.length));
    expect(res.headers.etag).toBe(`"${image.match(/([0-9a-f]{64})\.webp$/)?.[1]}"`);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // The app's security headers hold here too: no sniffing the type, no framing, the CSP.
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('answers HEAD with the headers and no body', async () => {
    const res = await request(image, {}, 'HEAD');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('');
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['content-length']).toBe(String(picture.length));
    expect(res.headers.etag).toBeDefined();
  });

  it('answers 304 without a body when the browser already holds this content', async () => {
    const etag = String((await request(image)).headers.etag);
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const res = await request(image, { 'if-none-match': header });
      expect(res.statusCode, header).toBe(304);
      expect(res.body, header).toBe('');
      expect(res.headers.etag, header).toBe(etag);
      expect(res.headers['cache-control'], header).toBe('public, max-age=31536000, immutable');
    }
    const stale = await request(image, { 'if-none-match': `"${'0'.repeat(64)}"` });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.equals(picture)).toBe(true);
  });

  it('answers the JSON 404 (400 for a NUL), never cached, for a missing image, a malformed key or a way out', async () => {
    const hash = image.match(/([0-9a-f]{64})\.webp$/)?.[1] ?? '';
    for (const url of [
      `/uploads/profiles/${'0'.repeat(64)}.webp`,
      `/uploads/images/${hash}.webp`,
      `/uploads/profiles/${hash}.png`,
      `/uploads/profiles/${hash}.svg`,
      '/uploads/profiles/x.webp',
      '/uploads/',
      `/uploads/profiles/..%2f..%2fpackage.json`,
      '/uploads/%2e%2e/%2e%2e/package.json',
      '/uploads/..%5c..%5cpackage.json',
      `/uploads/profiles/${hash}.webp%00.html`,
    ]) {
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await request(url, {}, method);
        expect(res.statusCode, `${method} ${url}`).toBe(url.includes('%00') ? 400 : 404);
        if (method === 'GET')
          expect(res.json(), url).toMatchObject({
            status: 0,
            message: url.includes('%00') ? expect.any(String) : serverError.notFound,
          });
        expect(String(res.headers['cache-control'] ?? ''), url).not.toContain('immutable');
        expect(String(res.headers['content-type']), url).not.toMatch(/^image\//);
      }
    }
  });
});

describe('every instance serves every image', () => {
  it('serves from instance B an image uploaded through instance A, and both drop the one it replaced', async () => {
    // On PostgreSQL, B has its own connections to the database, as another server would.
    const database = ctx.databaseUrl ? await openDatabase({ url: ctx.databaseUrl }) : ctx.database;
    const b = await buildApp({ ...ctx.app.deps, database, storage: new DatabaseStorage(database.db) });
    try {
      const first = await uploadPhoto(ctx.app, await png(30, 20));
      const fromB = await request(first, {}, 'GET', b);
      expect(fromB.statusCode).toBe(200);
      expect(fromB.headers['content-type']).toBe('image/webp');
      expect(fromB.rawPayload.equals((await request(first)).rawPayload)).toBe(true);
      expect(fromB.headers.etag).toBe((await request(first)).headers.etag);

      const second = await uploadPhoto(b, await png(31, 21));
      expect((await request(second)).statusCode).toBe(200);
      expect((await request(first)).statusCode).toBe(404);
      expect((await request(first, {}, 'GET', b)).statusCode).toBe(404);
    } finally {
      await b.close();
      if (database !== ctx.database) await database.close();
    }
  });

  it('serves from an S3 bucket when the app is given one, and deletes the replaced object there', async () => {
    let s3: LocalS3 | undefined;
    let app: App | undefined;
    try {
      s3 = await startLocalS3();
      const storage = new S3Storage(s3.settings);
      app = await buildApp({ ...ctx.app.deps, storage });
      const first = await uploadPhoto(app, await png(32, 22));
      const res = await request(first, {}, 'GET', app);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect((await sharp(res.rawPayload).metadata()).format).toBe('webp');
      expect((await request(first, { 'if-none-match': String(res.headers.etag) }, 'GET', app)).statusCode).toBe(304);
      expect(await storage.count()).toBe(1);

      const second = await uploadPhoto(app, await png(33, 23));
      expect((await request(second, {}, 'GET', app)).statusCode).toBe(200);
      expect((await request(first, {}, 'GET', app)).statusCode).toBe(404);
      expect(await storage.count()).toBe(1);
    } finally {
      await app?.close();
      await s3?.close();
    }
  });
});
