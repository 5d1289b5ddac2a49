// The server serves the built web app (any unknown non-API path gets the SPA) and images on one port.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from './app.js';
import { expectFailure, withApp } from './test/harness.js';

const ctx = withApp();
let app: App;
let image: string;
beforeAll(async () => {
  const webRoot = path.join(ctx.uploadsDir, 'web');
  fs.mkdirSync(path.join(webRoot, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Doorstep</title><div id="root"></div>');
  fs.writeFileSync(path.join(webRoot, 'assets', 'app-abc123.js'), 'console.log(1)');
  image = await ctx.storage.put(Buffer.from('89504e470d0a1a0a', 'hex'), 'png');
  app = await buildApp({ ...ctx.app.deps, webRoot });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
});

describe('one port for API, web app and images', () => {
  it('answers any unknown page path with the SPA', async () => {
    for (const url of ['/', '/Home_new', '/dashboard?x=1', '/podcast-details']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('serves hashed assets with a long cache and keeps API 404s as JSON', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const api = await app.inject({ method: 'GET', url: '/v1/does-not-exist' });
    expectFailure(api, 404, { code: 'not_found', message: 'Not found.' });
  });

  it('serves uploaded images', async () => {
    const res = await app.inject({ method: 'GET', url: image });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
  });

  it('answers malformed JSON with a 400 envelope', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/v1/members/signup',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().status).toBe(0);
  });
});
