// The server's side of the drawn pages: the web app's server entry (here a small one written for
// the test; the real one is drawn in the browser tests) is handed the URL and a way to call this
// server's routes; its markup lands in #root (its <title> in the head, its <meta> left to the template's)
// with the state beside it, kept per URL until a write, and a page it leaves to the browser is the app's empty page.
// A drawn page has one URL per value of the query parameters it reads: any other is redirected there.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { openDatabase } from '../db/client.js';
import { bearer, clientAddress, createTestContext, type TestContext, until, withApp } from '../test/harness.js';
import { createLiveHub } from './live.js';
import { createAdmin, createCategory, createFaq, signIn } from '../test/factories.js';

const ctx = withApp({ PAGE_CACHE_MS: '60000' }, { webRoot: builtApp() });

/**
 * A built web app: its page, and a server entry that lists the catalogue's titles it reads and
 * counts its draws; /Search reads `q` and `category`, the other drawn pages nothing.
 */
function builtApp() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'doorstep-pages-'));
  fs.mkdirSync(path.join(dir, 'web'));
  fs.mkdirSync(path.join(dir, 'ssr'));
  fs.writeFileSync(
    path.join(dir, 'web/index.html'),
    '<!doctype html><html><head><title>Doorstep</title></head><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(
    path.join(dir, 'ssr/entry-server.js'),
    `let draws = 0;
export function createRenderer(call) {
  return {
    route(path) {
      if (path.startsWith('/Ongoing')) return { kind: 'shell' };
      return { kind: 'page', query: path === '/Search' ? ['q', 'category'] : [], notFound: path === '/nope' };
    },
    async render(url) {
      if (url.startsWith('/Ongoing')) return { kind: 'shell' };
      if (url === '/old') return { kind: 'redirect', status: 301, location: '/' };
      const answer = await (await call('/v1/services/servicelisting', { method: 'GET', headers: { accept: 'application/json' } })).json();
      const titles = answer.data.map((c) => c.title).join(', ');
      draws += 1;
      return { kind: 'page', status: url.split('?')[0] === '/nope' ? 404 : 200, body: '<title>' + titles + '</title><meta name="description" content="x"/><p>' + titles + ' #' + draws + '</p>', state: JSON.stringify({ note: '</script><b>' }) };
    },
  };
}`,
  );
  return path.join(dir, 'web');
}

beforeAll(async () => {
  await createCategory(ctx.db, { title: 'Plumbing' });
});

const page = (url: string, remoteAddress = '127.0.0.1') => ctx.app.inject({ method: 'GET', url, remoteAddress });

describe('a public page drawn on the server', () => {
  it('carries its markup in #root, its title in the head and its state as JSON that cannot end the script element', async () => {
    const res = await page('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('<div id="root"><p>Plumbing #1</p></div>');
    expect(res.body).toContain(
      '<script type="application/json" id="page-state">{"note":"\\u003c/script>\\u003cb>"}</script>',
    );
    expect(res.body).not.toContain('</script><b>');
    // The page's own title names the document, once, in the head.
    expect(res.body).toContain('<head><title>Plumbing</title></head>');
    expect(res.body.match(/<title>/g)).toHaveLength(1);
  });

  it('is kept per URL until a write, which may change what it shows', async () => {
    expect((await page('/')).body).toContain('#1');
    expect((await page('/Search?q=x')).body).toContain('Plumbing #2');
    await createCategory(ctx.db, { title: 'Beauty' });
    ctx.app.readCache.invalidate();
    expect((await page('/')).body).toContain('Plumbing #1');
    // Any successful write forgets the drawn pages; a refused one does not.
    await ctx.app.inject({ method: 'POST', url: '/v1/user/sendOtp', payload: {} });
    expect((await page('/')).body).toContain('Plumbing #1');
    const sent = await ctx.app.inject({
      method: 'POST',
      url: '/v1/services/contact',
      payload: { name: 'Ann', email: 'ann@example.com', message: 'Hello there' },
    });
    expect(sent.statusCode).toBe(200);
    expect((await page('/')).body).toContain('Beauty, Plumbing #3');
    // So does an administrator's call: an FAQ is deleted with a GET.
    const faq = await createFaq(ctx.db);
    const admin = await signIn(ctx.db, (await createAdmin(ctx.db)).id);
    const deleted = await ctx.app.inject({
      method: 'GET',
      url: `/v1/services/deletefaq/${faq.id}`,
      headers: bearer(admin),
    });
    expect(deleted.statusCode).toBe(200);
    expect((await page('/')).body).toContain('Beauty, Plumbing #4');
  });

  it('answers 404 not to be indexed, a redirect, or the empty page the browser draws', async () => {
    const missing = await page('/nope');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<meta name="robots" content="noindex" />');
    const moved = await page('/old');
    expect([moved.statusCode, moved.headers.location]).toEqual([301, '/']);
    const shell = await page('/Ongoing');
    expect(shell.statusCode).toBe(200);
    expect(shell.body).toContain('<div id="root"></div>');
    expect(shell.body).not.toContain('page-state');
  });
});

describe('drawing on demand', () => {
  // A context of its own: another test's write, heard later through NOTIFY, would empty the cache.
  let own: TestContext;
  beforeAll(async () => {
    own = await createTestContext({ PAGE_CACHE_MS: '60000', PAGE_DRAWS_PER_MINUTE: '8' }, { webRoot: builtApp() });
    await createCategory(own.db, { title: 'Plumbing' });
  });
  afterAll(() => own.close());
  const page = (url: string, remoteAddress: string) => own.app.inject({ method: 'GET', url, remoteAddress });

  it('draws at most the budget of one address a minute; past it, new URLs get the page the browser draws', async () => {
    const from = clientAddress();
    const answers = [];
    for (let i = 0; i < 12; i++) answers.push(await page(`/Search?q=${from}-${i}`, from));
    const drawn = answers.filter((res) => res.body.includes('page-state'));
    expect(drawn).toHaveLength(own.config.PAGE_DRAWS_PER_MINUTE);
    for (const res of answers) expect(res.statusCode).toBe(200);
    expect(answers.at(-1)!.body).toContain('<div id="root"></div>');
    // A page already drawn is still served drawn, and another address has its own budget.
    expect((await page(`/Search?q=${from}-0`, from)).body).toContain('page-state');
    expect((await page(`/Search?q=${from}-11`, clientAddress())).body).toContain('page-state');
  });
});

describe("a drawn page's own URL", () => {
  // A context of its own: its draws are counted from the first.
  let own: TestContext;
  beforeAll(async () => {
    own = await createTestContext({ PAGE_CACHE_MS: '60000' }, { webRoot: builtApp() });
    await createCategory(own.db, { title: 'Plumbing' });
  });
  afterAll(() => own.close());
  const page = (url: string, remoteAddress = '127.0.0.1') => own.app.inject({ method: 'GET', url, remoteAddress });
  const movedTo = async (url: string) => {
    const res = await page(url);
    expect(res.statusCode, url).toBe(301);
    expect(res.headers['cache-control']).toBe('max-age=86400');
    return res.headers.location;
  };

  it('is the path with only the parameters the page reads, each once, none empty, in its order', async () => {
    expect(await movedTo('/Search?q=plumb&utm_source=x')).toBe('/Search?q=plumb');
    expect(await movedTo('/Search?category=&q=plumb&fbclid=1&q=drain')).toBe('/Search?q=plumb');
    expect(await movedTo('/Search?category=c1&q=pipe%20leak')).toBe('/Search?q=pipe+leak&category=c1');
    expect(await movedTo('/?q=plumb')).toBe('/');
    // The URL it moves to is its own.
    const own = await page('/Search?q=pipe+leak&category=c1');
    expect([own.statusCode, own.headers.location]).toEqual([200, undefined]);
  });

  it('is drawn once for any number of parameters it does not read; those it reads each draw their own', async () => {
    const from = clientAddress();
    // As a browser asks: following the redirect, if any.
    const visit = async (url: string) => {
      const res = await page(url, from);
      return res.statusCode === 301 ? page(res.headers.location!, from) : res;
    };
    const drawsSoFar = async (url: string) => Number(/#(\d+)</.exec((await visit(url)).body)?.[1]);
    const before = await drawsSoFar('/Search?q=before');
    for (let i = 0; i < 20; i++) expect((await visit(`/Search?q=tap&utm_source=${i}`)).body).toContain('page-state');
    const after = await drawsSoFar('/Search?q=after');
    expect(after - before - 1).toBe(1);
    // Another value of a parameter it reads is another page.
    expect(await drawsSoFar('/Search?q=drain')).toBe(after + 1);
    expect(await drawsSoFar('/Search?q=tap&category=c1')).toBe(after + 2);
    expect(await drawsSoFar('/Search?category=c1&q=tap')).toBe(after + 2);
  });

  it('is not given to a missing page, nor to a page the browser draws', async () => {
    const missing = await page('/nope?utm_source=x');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<meta name="robots" content="noindex" />');
    // Kept once for the path: another query is not another draw.
    expect((await page('/nope?utm_source=y')).body).toBe(missing.body);
    const shell = await page('/Ongoing?token=abc&utm_source=x');
    expect([shell.statusCode, shell.headers.location]).toEqual([200, undefined]);
    expect(shell.body).toContain('<div id="root"></div>');
  });
});

describe('two instances on one database', () => {
  it('a write through one makes the other draw its pages again', async () => {
    // On PostgreSQL a real second instance with its own pool and LISTEN connection; on PGlite the
    // second app shares the database but has a hub of its own.
    const onPostgres = Boolean(ctx.databaseUrl);
    const database = onPostgres ? await openDatabase({ url: ctx.databaseUrl! }) : ctx.database;
    const live = await createLiveHub(database, { onError: () => {} });
    const second = await buildApp({ ...ctx.app.deps, database, live });
    try {
      const from = clientAddress();
      const onSecond = () => second.inject({ method: 'GET', url: '/Search?q=across', remoteAddress: from });
      const first = (await onSecond()).body;
      expect(first).toContain('Plumbing');
      expect((await onSecond()).body).toBe(first);

      await createCategory(ctx.db, { title: 'Carpentry' });
      ctx.app.readCache.invalidate();
      second.readCache.invalidate();
      expect((await onSecond()).body).toBe(first);
      const sent = await ctx.app.inject({
        method: 'POST',
        url: '/v1/services/contact',
        payload: { name: 'Ann', email: 'ann@example.com', message: 'Hello again' },
      });
      expect(sent.statusCode).toBe(200);
      await until(async () => (await onSecond()).body.includes('Carpentry'), 3000, 'the second instance to draw again');
    } finally {
      await second.close();
      await live.close();
      if (onPostgres) await database.close();
    }
  });
});
