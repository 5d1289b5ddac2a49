// Pages for search engines and link previews, outside /v1: robots.txt, the sitemaps, and the
// app's page for a provider (/providers/{slug}) or a category in a city
// (/services/{category}/{city}) with that page's own head, or a 404 that says not to index it;
// the page's body is drawn on the server from the same reads (platform/pages.ts).
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { serverError } from '../../../contract/messages.js';
import { sendFailure } from '../../errors.js';
import { siteOrigin } from '../../config.js';
import { routes } from '../../../contract/paths.js';
import { ReadCache } from '../../platform/cache.js';
import type { Pages } from '../../platform/pages.js';
import { categoryCityHead, pageWithHead, providerHead, robotsTxt, sitemapIndexXml, sitemapXml } from './seo.html.js';
import {
  categoryCityPage,
  providerPage,
  providerSitemapCount,
  providerSitemapPaths,
  sitemapPages,
} from './seo.service.js';

export interface SeoOptions {
  /** The built app's page; without it only robots.txt and the sitemaps are served. */
  indexHtml?: string;
  pages: Pages;
}

/** Pages, not API: left out of the OpenAPI document. */
const hidden = { schema: { hide: true } };

/** Sitemaps change when providers join or leave; crawlers read them seldom. */
const sitemapCacheMs = 10 * 60_000;

export const seoRoutes: FastifyPluginAsync<SeoOptions> = async (app, { indexHtml, pages }) => {
  const db = () => app.deps.database.db;
  // Never the request's Host: a forged one would reach links that are cached publicly.
  const origin = siteOrigin(app.deps.config);
  // Paths only: the origin is added per answer, so no Host header can fill the cache.
  const cache = new ReadCache(sitemapCacheMs);

  app.get('/robots.txt', hidden, async (request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(robotsTxt(origin, ['/v1/', '/docs', `${routes.providerPortal}$`, `${routes.providerPortal}/`])),
  );

  app.get('/sitemap.xml', hidden, async (request, reply) => {
    const parts = await cache.get('providers', () => providerSitemapCount(db()));
    const files = [
      '/sitemaps/pages.xml',
      ...Array.from({ length: parts }, (_, i) => `/sitemaps/providers-${i + 1}.xml`),
    ];
    return sendXml(reply, sitemapIndexXml(origin, files));
  });

  app.get<{ Params: { file: string } }>('/sitemaps/:file', hidden, async (request, reply) => {
    if (request.params.file === 'pages.xml')
      return sendXml(reply, sitemapXml(origin, await cache.get('pages', () => sitemapPages(db()))));
    const part = Number(/^providers-(\d{1,6})\.xml$/.exec(request.params.file)?.[1]);
    const parts = await cache.get('providers', () => providerSitemapCount(db()));
    if (!(part >= 1 && part <= parts)) return sendFailure(request, reply, 404, serverError.notFound);
    const paths = await cache.get(`providers:${part}`, () => providerSitemapPaths(db(), part));
    return sendXml(reply, sitemapXml(origin, paths));
  });

  if (!indexHtml) return;
  // Not to be indexed (platform/pages.ts marks every 404 so).
  const notFound = { html: indexHtml, status: 404 };

  app.get<{ Params: { slug: string } }>(routes.providerPage, hidden, (request, reply) =>
    pages.send(request, reply, async () => {
      const page = await providerPage(db(), request.params.slug);
      return page ? { html: pageWithHead(indexHtml, providerHead(origin, page)) } : notFound;
    }),
  );

  app.get<{ Params: { category: string; city: string } }>(routes.categoryCity, hidden, (request, reply) =>
    pages.send(request, reply, async () => {
      const page = await categoryCityPage(db(), request.params.category, request.params.city);
      return page ? { html: pageWithHead(indexHtml, categoryCityHead(origin, page)) } : notFound;
    }),
  );
};

function sendXml(reply: FastifyReply, xml: string) {
  return reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(xml);
}
