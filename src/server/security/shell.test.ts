// The HTTP shell around every route: text holding a NUL is a 400 wherever it comes in, a malformed
// multipart body is a 400 on every upload route, every answer carries the security headers, a
// missing asset or image is a 404, the dev outbox and /docs exist only when configured, and the
// log never holds a sign-in code in production nor the values of a failed statement.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageText, serverError } from '../../contract/messages.js';
import { parseConfig } from '../config.js';
import { outbox } from '../db/schema.js';
import { createAdmin, createFaq, createMember, signIn } from '../test/factories.js';
import {
  bearer,
  createTestContext,
  deliverOutbox,
  expectFailure,
  injectAs,
  lastCode,
  memoryLogger,
  type TestContext,
} from '../test/harness.js';

/** A built web app: the page and one hashed asset. */
function webApp(dir: string) {
  fs.mkdirSync(path.join(dir, 'assets'), { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><title>Doorstep</title><div id="root"></div><script type="module" src="/assets/app-abc123.js"></script>',
  );
  fs.writeFileSync(path.join(dir, 'assets', 'app-abc123.js'), 'console.log(1)');
  return dir;
}

const png = () =>
  sharp({ create: { width: 20, height: 20, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .png()
    .toBuffer();

/** A multipart body as a browser's FormData sends it. */
async function formData(fields: Record<string, string>, files: Record<string, Buffer> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [name, bytes] of Object.entries(files))
    form.append(name, new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'picture.png');
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}

let ctx: TestContext;
let log: ReturnType<typeof memoryLogger>;
let adminToken: string;
let memberToken: string;
let memberPhone: string;
let web: string;
/** A stored profile picture's public path. */
let image: string;

beforeAll(async () => {
  log = memoryLogger();
  web = fs.mkdtempSync(path.join(os.tmpdir(), 'doorstep-web-'));
  ctx = await createTestContext({}, { webRoot: webApp(web), logger: log.logger });
  image = await ctx.storage.put(
    await sharp(await png())
      .webp()
      .toBuffer(),
    'webp',
    'profiles',
  );
  adminToken = await signIn(ctx.db, (await createAdmin(ctx.db)).id);
  const member = await createMember(ctx.db);
  memberPhone = member.phone!;
  memberToken = await signIn(ctx.db, member.id);
});
afterAll(async () => {
  await ctx?.close();
  fs.rmSync(web, { recursive: true, force: true });
});

const { get, post } = injectAs(() => ctx);

/** The 400 a NUL gets, naming the field. */
const nulAnswer = (field: string) => ({
  status: 0,
  code: 'invalid',
  requestId: expect.any(String),
  message: serverError.nulCharacter,
  errors: { [field]: serverError.nulCharacter },
});

describe('a NUL character in any text is a 400', () => {
  it('in a JSON body, anonymous or signed in, nested or in a key', async () => {
    const contact = await post('/v1/services/contact', {
      name: 'Ann',
      email: 'ann@example.com',
      message: 'hello\u0000there',
    });
    expect(contact.statusCode).toBe(400);
    expect(contact.json()).toEqual(nulAnswer('message'));

    const profile = await post('/v1/members/updateprofile', { first_name: 'Ann', about: 'a\u0000b' }, memberToken);
    expect(profile.statusCode).toBe(400);
    expect(profile.json()).toEqual(nulAnswer('about'));

    const nested = await post('/v1/services/contact', {
      name: 'Ann',
      email: 'ann@example.com',
      message: 'hi',
      extra: [{ deep: 'x\u0000' }],
    });
    expect(nested.json()).toEqual(nulAnswer('extra.0.deep'));
    const key = await post('/v1/services/contact', {
      name: 'Ann',
      email: 'ann@example.com',
      message: 'hi',
      'k\u0000': 1,
    });
    expect(key.statusCode).toBe(400);
    expect(key.json().message).toBe(serverError.nulCharacter);
  });

  it('in a query string, including an admin list and its export (JSON, never a cut file)', async () => {
    const search = await get('/v1/services/search?text=plu%00mb');
    expect(search.statusCode).toBe(400);
    expect(search.json()).toEqual(nulAnswer('text'));

    const page = await get('/v1/admin/users?q=a%00b', adminToken);
    expect(page.statusCode).toBe(400);
    expect(page.json()).toEqual(nulAnswer('q'));

    const exported = await get('/v1/admin/users/export?q=a%00b', adminToken);
    expect(exported.statusCode).toBe(400);
    expect(exported.headers['content-type']).toMatch(/application\/json/);
    expect(exported.json()).toEqual(nulAnswer('q'));

    // The same calls without the NUL go through.
    expect((await get('/v1/services/search?text=plumb')).statusCode).toBe(200);
    expect((await get('/v1/admin/users/export?q=member', adminToken)).statusCode).toBe(200);
  });

  it('in a path parameter', async () => {
    const res = await get('/v1/services/provider/%00');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(nulAnswer('id'));
  });

  it('in a multipart text field', async () => {
    const form = await formData({ title: 'Gar\u0000dening' }, { image: await png() });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v1/services/service',
      payload: form.payload,
      headers: { 'content-type': form.contentType, ...bearer(adminToken) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(nulAnswer('title'));
  });
});

describe('an admin export', () => {
  it('answers a JSON error, not a 200 cut mid-file, when its query fails', async () => {
    await createFaq(ctx.db, { title: 'How do I book?' });
    await ctx.db.execute(sql`alter table faqs rename column about to about_moved`);
    try {
      const res = await get('/v1/admin/faqs/export', adminToken);
      expectFailure(res, 500, { code: 'internal', message: serverError.internal });
    } finally {
      await ctx.db.execute(sql`alter table faqs rename column about_moved to about`);
    }
    const ok = await get('/v1/admin/faqs/export', adminToken);
    expect(ok.statusCode).toBe(200);
    expect(ok.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});

describe('a malformed multipart body is a 400 on every upload route', () => {
  const uploads = [
    { url: '/v1/services/service', token: () => adminToken },
    { url: '/v1/services/updateservice', token: () => adminToken },
    { url: '/v1/services/banner', token: () => adminToken },
    { url: '/v1/services/offer', token: () => adminToken },
    { url: '/v1/members/profileimage', token: () => memberToken },
  ];
  const malformed = { status: 0, code: 'invalid', requestId: expect.any(String), message: imageText.malformedForm };

  it('without a boundary, with an empty or over-long one', async () => {
    const body = '--x\r\nContent-Disposition: form-data; name="title"\r\n\r\nhello\r\n--x--\r\n';
    for (const { url, token } of uploads) {
      for (const contentType of [
        'multipart/form-data',
        'multipart/form-data; boundary=',
        `multipart/form-data; boundary=${'b'.repeat(300)}`,
      ]) {
        const res = await ctx.app.inject({
          method: 'POST',
          url,
          payload: body,
          headers: { 'content-type': contentType, ...bearer(token()) },
        });
        expect(res.statusCode, `${url} ${contentType.slice(0, 40)}`).toBe(400);
        expect(res.json()).toEqual(malformed);
      }
    }
  });

  it('cut short inside a file', async () => {
    const image = await png();
    const head = '--cut\r\nContent-Disposition: form-data; name="title"\r\n\r\nGardening\r\n';
    for (const { url, token } of uploads) {
      const payload = Buffer.concat([
        Buffer.from(
          `${head}--cut\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        image.subarray(0, 40),
      ]);
      const res = await ctx.app.inject({
        method: 'POST',
        url,
        payload,
        headers: { 'content-type': 'multipart/form-data; boundary=cut', ...bearer(token()) },
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().status).toBe(0);
    }
  });
});

describe('security headers on every answer', () => {
  /** The policy's directives by name. */
  const directives = (header: unknown) =>
    Object.fromEntries(
      String(header ?? '')
        .split(';')
        .map((part) => part.trim().split(/\s+/))
        .filter((words) => words[0])
        .map(([name, ...sources]) => [name, sources.join(' ')]),
    );

  function expectShellHeaders(res: { headers: Record<string, unknown> }, what: string) {
    const csp = directives(res.headers['content-security-policy']);
    expect(csp, what).toMatchObject({
      'default-src': "'self'",
      'script-src': "'self'",
      'script-src-attr': "'none'",
      'frame-ancestors': "'none'",
      'object-src': "'none'",
      'base-uri': "'self'",
      'form-action': "'self'",
      'img-src': "'self' data: blob:",
    });
    // Swagger UI's pages alone allow inline styles (its bundle sets them).
    expect(csp['style-src'], what).toBe(what.startsWith('docs') ? "'self' 'unsafe-inline'" : "'self'");
    expect(res.headers['x-content-type-options'], what).toBe('nosniff');
    expect(res.headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-frame-options'], what).toBe('DENY');
    // Outside production: no HSTS (a development server on plain http would be pinned to https).
    expect(res.headers['strict-transport-security'], what).toBeUndefined();
  }

  it('on a JSON answer, error answers, the web app, an asset, an image and /docs', async () => {
    const answers = {
      json: await get('/v1/health'),
      notFound: await get('/v1/does-not-exist'),
      invalid: await get('/v1/services/provider/not-a-uuid'),
      unauthorized: await get('/v1/admin/users'),
      page: await get('/'),
      spaFallback: await get('/Home_new'),
      asset: await get('/assets/app-abc123.js'),
      image: await get(image),
      docs: await get('/docs'),
      docsJson: await get('/docs/json'),
    };
    expect(answers.json.statusCode).toBe(200);
    expect(answers.spaFallback.body).toContain('<div id="root">');
    expect(answers.image.headers['content-type']).toBe('image/webp');
    expect(answers.docs.statusCode).toBe(200);
    expect(answers.docs.headers['content-type']).toMatch(/text\/html/);
    for (const [what, res] of Object.entries(answers)) expectShellHeaders(res, what);
  });
});

describe('the app page', () => {
  it('answers HEAD as it answers GET, so uptime checks see the site up', async () => {
    const head = await ctx.app.inject({ method: 'HEAD', url: '/some/page' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toMatch(/text\/html/);
  });
});

describe('a missing file is a 404, never the app page', () => {
  it('under /assets and /uploads, without the long cache', async () => {
    for (const url of [
      '/assets/app-missing.js',
      '/assets/nested/missing.css',
      '/uploads/profiles/missing.webp',
      '/uploads/nothing-here',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('<div id="root">');
      expect(String(res.headers['cache-control'] ?? ''), url).not.toContain('immutable');
    }
    const asset = await get('/assets/app-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

describe('the dev routes and /docs exist only when configured', () => {
  it('the outbox and a booking’s time passing only with DEV_OUTBOX=1 (never by a forgotten NODE_ENV), /docs unless API_DOCS=0', async () => {
    // The tests, npm run dev and npm start set DEV_OUTBOX=1.
    expect((await get(`/v1/dev/outbox?to=${memberPhone}`)).statusCode).toBe(200);

    expect(parseConfig({}).DEV_OUTBOX).toBe(false);
    expect(parseConfig({}).API_DOCS).toBe(true);
    expect(() => parseConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://doorstep.test', DEV_OUTBOX: '1' })).toThrow(
      /DEV_OUTBOX/,
    );
    // Links never come from a request's Host: production names its own address.
    expect(() => parseConfig({ NODE_ENV: 'production' })).toThrow(/PUBLIC_URL: required when NODE_ENV=production/);
    expect(() => parseConfig({ DEV_OUTBOX: 'yes' })).toThrow(/DEV_OUTBOX/);

    const plain = await createTestContext({ NODE_ENV: 'development', DEV_OUTBOX: '0', API_DOCS: '0' });
    try {
      expect((await plain.app.inject({ method: 'GET', url: '/v1/dev/outbox?to=5550000001' })).statusCode).toBe(404);
      // Here an unknown booking; there no such route.
      const elapse = `/v1/dev/bookings/${crypto.randomUUID()}/elapse`;
      expect((await ctx.app.inject({ method: 'POST', url: elapse })).json().message).toBe('Booking not found.');
      const absent = await plain.app.inject({ method: 'POST', url: elapse });
      expect(absent.statusCode).toBe(404);
      expect(absent.json().message).not.toBe('Booking not found.');
      expect((await plain.app.inject({ method: 'GET', url: '/docs' })).statusCode).toBe(404);
      expect((await plain.app.inject({ method: 'GET', url: '/docs/json' })).statusCode).toBe(404);
      expect((await plain.app.inject({ method: 'GET', url: '/v1/health' })).statusCode).toBe(200);
    } finally {
      await plain.close();
    }
  });
});

describe('production', () => {
  it('does not publish the source maps the build keeps', async () => {
    const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'doorstep-maps-'));
    fs.mkdirSync(path.join(webRoot, 'assets'));
    fs.writeFileSync(
      path.join(webRoot, 'index.html'),
      '<!doctype html><html><head></head><body><div id="root"></div></body></html>',
    );
    fs.writeFileSync(path.join(webRoot, 'assets/app-1.js'), 'console.log(1);');
    fs.writeFileSync(path.join(webRoot, 'assets/app-1.js.map'), '{"version":3,"sources":["src/web/main.tsx"]}');
    for (const [env, mapStatus] of [
      ['production', 404],
      ['development', 200],
    ] as const) {
      const app = await createTestContext({ NODE_ENV: env }, { webRoot });
      try {
        expect((await app.app.inject({ method: 'GET', url: '/assets/app-1.js' })).statusCode).toBe(200);
        expect([env, (await app.app.inject({ method: 'GET', url: '/assets/app-1.js.map' })).statusCode]).toEqual([
          env,
          mapStatus,
        ]);
      } finally {
        await app.close();
      }
    }
  });

  it('sends HSTS and never writes a code to the log', async () => {
    const prodLog = memoryLogger();
    const prod = await createTestContext({ NODE_ENV: 'production' }, { logger: prodLog.logger });
    try {
      const health = await prod.app.inject({ method: 'GET', url: '/v1/health' });
      expect(health.headers['strict-transport-security']).toBe('max-age=31536000');

      const member = await createMember(prod.db);
      const sent = await prod.app.inject({
        method: 'POST',
        url: '/v1/user/login/send-otp',
        payload: { mobile: member.phone },
      });
      expect(sent.statusCode).toBe(200);
      const code = await lastCode(prod, member.phone!);
      await deliverOutbox(prod);
      expect(prodLog.text()).toContain(member.phone!);
      expect(prodLog.text()).not.toContain(code);
      // Sent, the row no longer holds the code, in its own column or in the text.
      const [row] = await prod.db
        .select({ code: outbox.code, body: outbox.body, status: outbox.status })
        .from(outbox)
        .where(eq(outbox.to, member.phone!));
      expect(row).toEqual({ code: null, body: expect.not.stringContaining(code), status: 'sent' });
      expect(row!.body).toContain('******');
    } finally {
      await prod.close();
    }
    // Outside production the log line still shows the text, for local sign-ins.
    await post('/v1/user/login/send-otp', { mobile: memberPhone });
    await deliverOutbox(ctx);
    expect(log.text()).toContain(await lastCode(ctx, memberPhone));
  });
});

describe('a failed statement is logged without the values it carried', () => {
  const secret = 'Sekrit-7Q2-about-me';

  it('a constraint violation: code and constraint, never the row', async () => {
    await ctx.db.execute(
      sql.raw(`alter table users add constraint shell_test_about check (about is null or about <> '${secret}')`),
    );
    try {
      const res = await post('/v1/members/updateprofile', { first_name: 'Ann', about: secret }, memberToken);
      expectFailure(res, 500, { code: 'internal', message: serverError.internal });
      const logged = log.lines.filter((line) => line.includes('unexpected error')).join('');
      expect(logged).toContain('23514');
      expect(logged).toContain('shell_test_about');
      expect(logged).toContain('update \\"users\\"');
      expect(log.text()).not.toContain(secret);
    } finally {
      await ctx.db.execute(sql`alter table users drop constraint shell_test_about`);
    }
  });

  it('a data exception, whose message would quote the value', async () => {
    await ctx.db.execute(sql`alter table users add constraint shell_test_cast check (about is null or about::int > 0)`);
    try {
      const res = await post('/v1/members/updateprofile', { first_name: 'Ann', about: secret }, memberToken);
      expect(res.statusCode).toBe(500);
      const logged = log.lines.filter((line) => line.includes('unexpected error')).join('');
      expect(logged).toContain('22P02');
      expect(log.text()).not.toContain(secret);
    } finally {
      await ctx.db.execute(sql`alter table users drop constraint shell_test_cast`);
    }
  });
});
