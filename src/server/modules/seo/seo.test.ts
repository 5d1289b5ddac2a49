// What a search engine reads before any script runs: robots.txt, the sitemaps (listed providers
// and the categories in each city where one offers them; no deactivated or blocked provider), and
// the provider and category pages' own heads — title, description, canonical URL, Open Graph and
// schema.org data with the rating — or a 404 that says not to index.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { providerProfiles, users } from '../../db/schema.js';
import { injectAs, withApp } from '../../test/harness.js';
import { bookingOf, createCategory, createMember, createProvider, createRating } from '../../test/factories.js';

const origin = 'https://doorstep.example';
const ctx = withApp({ PUBLIC_URL: origin }, { webRoot: webApp() });
const { get } = injectAs(() => ctx);

let priya: { id: string };
let sleeping: { id: string };
let blocked: { id: string };
let plumbing: { id: string; title: string };

function webApp() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'doorstep-seo-'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    [
      '<!doctype html><html lang="en"><head>',
      '<meta name="description"\n  content="Doorstep: home services on demand." />',
      '<title>Doorstep: home services on demand</title>',
      '</head><body><div id="root"></div></body></html>',
    ].join('\n'),
  );
  return dir;
}

async function slugOf(id: string) {
  const [row] = await ctx.db
    .select({ slug: providerProfiles.slug })
    .from(providerProfiles)
    .where(eq(providerProfiles.userId, id));
  return row!.slug!;
}

/** The schema.org object of a page. */
function structuredData(html: string) {
  const json = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1];
  return JSON.parse(json ?? 'null') as Record<string, unknown>;
}

beforeAll(async () => {
  plumbing = await createCategory(ctx.db, { title: 'Plumbing' });
  const painting = await createCategory(ctx.db, { title: 'Painting' });
  priya = await createProvider(ctx.db, {
    name: 'Priya Ramán',
    about: 'Leaks, taps and pipes </script><script>alert(1)</script> fixed the same day.',
    categoryIds: [plumbing.id],
  });
  sleeping = await createProvider(ctx.db, { name: 'Sam Sleeping', status: '0', categoryIds: [painting.id] });
  blocked = await createProvider(ctx.db, {
    name: 'Bo Blocked',
    isBlocked: true,
    categoryIds: [plumbing.id],
    city: 'dallas',
  });
  const customer = await createMember(ctx.db);
  for (const count of [5, 4]) {
    const booking = await bookingOf(ctx.db, customer, priya, { status: 'completed' });
    await createRating(ctx.db, { bookingId: booking.id, rateBy: customer.id, rateTo: priya.id, count });
  }
});

describe('provider slugs', () => {
  it('are the name without accents and the city, and another provider of that name gets a piece of its id', async () => {
    expect(await slugOf(priya.id)).toBe('priya-raman-austin');
    const twin = await createProvider(ctx.db, { name: 'Priya Raman' });
    expect(await slugOf(twin.id)).toBe(`priya-raman-austin-${twin.id.replace(/-/g, '').slice(0, 6)}`);
  });

  it('stay when the name changes, so shared links keep working', async () => {
    const renamed = await createProvider(ctx.db, { name: 'Olga Old' });
    await ctx.db.update(users).set({ name: 'Nina New' }).where(eq(users.id, renamed.id));
    expect(await slugOf(renamed.id)).toBe('olga-old-austin');
  });

  it('find the provider through the API, and only a listed one', async () => {
    const found = await get(`/v1/providers/page/priya-raman-austin`);
    expect(found.statusCode).toBe(200);
    expect(found.json().data).toMatchObject({
      _id: priya.id,
      name: 'Priya Ramán',
      city: 'austin',
      slug: 'priya-raman-austin',
    });
    expect((await get(`/v1/providers/page/${await slugOf(blocked.id)}`)).statusCode).toBe(404);
    expect((await get(`/v1/providers/page/${await slugOf(sleeping.id)}`)).statusCode).toBe(404);
    expect((await get(`/v1/providers/page/nobody`)).statusCode).toBe(404);
    // Longer than any slug: refused before the handler (Fastify's parameter limit).
    expect((await get(`/v1/providers/page/${'x'.repeat(300)}`)).statusCode).toBe(414);
  });
});

describe('a provider page', () => {
  it('carries its own title, description, canonical URL, preview tags and LocalBusiness data with the rating', async () => {
    const res = await get('/providers/priya-raman-austin');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const html = res.body;
    expect(html).toContain('<title>Priya Ramán, Plumbing in Austin · 4.5 stars from 2 reviews · Doorstep</title>');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html).toContain(`<link rel="canonical" href="${origin}/providers/priya-raman-austin" />`);
    expect(html).toContain(
      '<meta property="og:title" content="Priya Ramán, Plumbing in Austin · 4.5 stars from 2 reviews · Doorstep" />',
    );
    // The about text is the description, escaped: it cannot close the element it sits in.
    expect(html).toContain(
      'content="Leaks, taps and pipes &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; fixed the same day."',
    );
    expect(html).not.toContain('</script><script>alert(1)');
    expect(structuredData(html)).toMatchObject({
      '@type': 'LocalBusiness',
      name: 'Priya Ramán',
      url: `${origin}/providers/priya-raman-austin`,
      areaServed: { '@type': 'City', name: 'Austin' },
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.5, reviewCount: 2 },
      hasOfferCatalog: { itemListElement: [{ itemOffered: { '@type': 'Service', name: 'Plumbing' } }] },
    });
  });

  it("keeps a name with $' or $` whole, as text and not a replacement pattern", async () => {
    const carpentry = await createCategory(ctx.db, { title: 'Carpentry' });
    const dollars = await createProvider(ctx.db, { name: "Dolla $' Sign$`", categoryIds: [carpentry.id] });
    const res = await get(`/providers/${await slugOf(dollars.id)}`);
    expect(res.statusCode).toBe(200);
    expect(/<title>([^<]*)<\/title>/.exec(res.body)?.[1]).toMatch(/^Dolla \$&#39; Sign\$`, Carpentry in Austin/);
    expect(res.body.match(/<title>/g)).toHaveLength(1);
    expect(res.body.match(/<\/head>/g)).toHaveLength(1);
    expect(structuredData(res.body)).toMatchObject({ name: "Dolla $' Sign$`" });
  });

  it('answers 404, not to be indexed, for a blocked, deactivated or unknown provider', async () => {
    for (const slug of [await slugOf(blocked.id), await slugOf(sleeping.id), 'nobody-austin']) {
      const res = await get(`/providers/${slug}`);
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('<meta name="robots" content="noindex" />');
      expect(res.body).not.toContain('ld+json');
    }
  });
});

describe('a category in a city', () => {
  it('names the category and city and lists its providers with their ratings', async () => {
    const res = await get('/services/plumbing/austin');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Plumbing in Austin · Doorstep</title>');
    expect(res.body).toContain(`<link rel="canonical" href="${origin}/services/plumbing/austin" />`);
    expect(structuredData(res.body)).toMatchObject({
      '@type': 'Service',
      serviceType: 'Plumbing',
      areaServed: { name: 'Austin' },
      provider: [
        {
          name: 'Priya Ramán',
          url: `${origin}/providers/priya-raman-austin`,
          aggregateRating: { ratingValue: 4.5, reviewCount: 2 },
        },
      ],
    });
  });

  it('answers 404 for an unknown category or city', async () => {
    expect((await get('/services/plumbing/boston')).statusCode).toBe(404);
    expect((await get('/services/gardening/austin')).statusCode).toBe(404);
  });
});

describe('the sitemaps and robots.txt', () => {
  it('robots.txt is text naming the sitemap, not the app page', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toContain(`Sitemap: ${origin}/sitemap.xml`);
    expect(res.body).toContain('Disallow: /v1/');
    expect(res.body).not.toMatch(/Disallow: \/providers/);
  });

  it('the index names the pages and the providers files', async () => {
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    expect(res.body).toContain(`<loc>${origin}/sitemaps/pages.xml</loc>`);
    expect(res.body).toContain(`<loc>${origin}/sitemaps/providers-1.xml</loc>`);
  });

  it('lists an active provider and leaves out a deactivated or blocked one', async () => {
    const res = await get('/sitemaps/providers-1.xml');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<loc>${origin}/providers/priya-raman-austin</loc>`);
    expect(res.body).not.toContain(await slugOf(sleeping.id));
    expect(res.body).not.toContain(await slugOf(blocked.id));
    expect((await get('/sitemaps/providers-2.xml')).statusCode).toBe(404);
    expect((await get('/sitemaps/other.xml')).statusCode).toBe(404);
  });

  it('lists the public pages and each category in each city where a listed provider offers it', async () => {
    const res = await get('/sitemaps/pages.xml');
    expect(res.body).toContain(`<loc>${origin}/</loc>`);
    expect(res.body).toContain(`<loc>${origin}/Faqs</loc>`);
    expect(res.body).toContain(`<loc>${origin}/services/plumbing/austin</loc>`);
    // Only the blocked provider offers plumbing in Dallas, only the deactivated one painting.
    expect(res.body).not.toContain('/services/plumbing/dallas');
    expect(res.body).not.toContain('/services/painting/');
  });

  it('takes its links from PUBLIC_URL, whatever Host the request names', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/robots.txt', headers: { host: 'evil.example' } });
    expect(res.body).toContain(`Sitemap: ${origin}/sitemap.xml`);
  });
});

describe('without PUBLIC_URL (development)', () => {
  const plain = withApp({}, { webRoot: webApp() });

  it('names this machine in its links, never the Host or X-Forwarded-Host the request names', async () => {
    const local = `http://localhost:${plain.config.PORT}`;
    for (const headers of [{ host: 'evil.example' }, { 'x-forwarded-host': 'evil.example' }]) {
      const res = await plain.app.inject({ method: 'GET', url: '/robots.txt', headers });
      expect(res.body).toContain(`Sitemap: ${local}/sitemap.xml`);
      expect(res.body).not.toContain('evil');
    }
  });

  it('answers a malformed Host with 400, not 500', async () => {
    for (const host of ['a b', 'evil.example/x', 'a"b']) {
      const res = await plain.app.inject({ method: 'GET', url: '/robots.txt', headers: { host } });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('The Host header is not a valid host name.');
    }
    const ok = await plain.app.inject({ method: 'GET', url: '/robots.txt', headers: { host: '[::1]:3000' } });
    expect(ok.statusCode).toBe(200);
  });
});
