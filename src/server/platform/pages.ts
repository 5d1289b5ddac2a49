// The public pages, drawn on the server by the web app's server entry (src/web/entry-server.tsx,
// built into dist/ssr) so their content comes before any script: for visitors on slow phones, and
// for search engines and link previews. Their reads are calls of this server's own routes
// (app.inject, the visitor's address kept for the rate limits); a drawn page is kept for a few
// seconds under its URL with only the query parameters it reads, and any write (or
// administrator's call) forgets them all (docs/decisions/022-server-rendered-pages.md).
import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { pageStateId, type PageRenderer, type RenderCall, type ServerEntry } from '../../contract/render.js';
import { ReadCache } from './cache.js';
import { perAddress } from './rate-limit.js';

/** The app's page to draw into, with the status it answers (a page's own head, or a 404's). */
export interface PageTemplate {
  html: string;
  status?: number;
}

/** A page as sent: its bytes made once, so a page kept for a few seconds is not encoded again per visitor. */
type Page = { status: number; body: Buffer };
type Answer = Page | { status: number; location: string };

export interface Pages {
  /** Answers the page for the request's URL: drawn when it is a public page, else the app's empty page. */
  send(request: FastifyRequest, reply: FastifyReply, template: () => Promise<PageTemplate>): Promise<FastifyReply>;
  /** Forgets every drawn page (after a write). */
  forget(): void;
}

/** A drawing refused for the address's budget (rate-limit.ts). */
const overBudget = Symbol('over the page-draw budget');

/** Distinct URLs kept at once: a page's own parameters are still the visitor's to choose. */
const maxPages = 1000;

/**
 * A redirect to a page's own URL is permanent (301: only GET and HEAD come here, so 308's promise
 * to keep the method and body adds nothing, and every crawler knows 301), but a browser keeps it a
 * day at most, so a parameter a page starts reading in a later release is not dropped for long.
 */
const movedForMs = 24 * 60 * 60_000;

/**
 * Pages drawn with the server entry at `entryFile`; without it (a server started before the
 * build, or the tests), every page is the app's empty page, drawn in the browser. The entry is
 * imported when the first page is asked for, not at start: the server answers its first call sooner.
 */
export function loadPages(
  app: FastifyInstance,
  entryFile: string,
  { cacheMs, drawsPerMinute }: { cacheMs: number; drawsPerMinute: number },
): Pages {
  // Drawing costs the server tens of milliseconds, and each new path or value of a page's own
  // parameters misses the cache: an address past its budget gets the page its browser draws
  // instead (the same page, later).
  const draws = perAddress('page-draws', drawsPerMinute, 60_000);
  const visitor = new AsyncLocalStorage<string>();
  const call: RenderCall = async (url, init) => {
    const answer = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url,
      headers: init.headers as Record<string, string>,
      ...(init.body ? { payload: init.body as string } : {}),
      remoteAddress: visitor.getStore(),
    });
    return new Response(answer.body, {
      status: answer.statusCode,
      headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/json') },
    });
  };
  let renderer: Promise<PageRenderer | undefined> | undefined;
  const loadRenderer = () =>
    (renderer ??= fs.existsSync(entryFile)
      ? import(pathToFileURL(path.resolve(entryFile)).href).then((entry: ServerEntry) => entry.createRenderer(call))
      : Promise.resolve(undefined));
  const cache = new ReadCache(cacheMs, maxPages);

  async function draw(request: FastifyRequest, url: string, template: PageTemplate): Promise<Answer> {
    const shell = shellOf(template);
    const renderer = await loadRenderer();
    if (!renderer) return withRobots(shell);
    const drawn = await visitor.run(request.ip, () => renderer.render(url));
    if (drawn.kind === 'shell') return withRobots(shell);
    if (drawn.kind === 'redirect') return { status: drawn.status, location: drawn.location };
    // `<` escaped: the JSON must not end its script element early.
    const state = `<script type="application/json" id="${pageStateId}">${drawn.state.replace(/</g, '\\u003c')}</script>`;
    // React writes a page's <title> and <meta> where they are rendered, in the body, and puts them
    // in the head itself once the app has taken over. Drawn, the page's first title (escaped by
    // React) names the document in the head; its <meta> are in the template's head already.
    const title = /<title>[\s\S]*?<\/title>/.exec(drawn.body)?.[0];
    const body = drawn.body.replace(/<title>[\s\S]*?<\/title>|<meta\b[^>]*>/g, '');
    const html = (title ? template.html.replace(/<title>[\s\S]*?<\/title>/, () => title) : template.html).replace(
      '<div id="root"></div>',
      () => `<div id="root">${body}</div>${state}`,
    );
    return withRobots({ status: template.status ?? drawn.status, html });
  }

  return {
    async send(request, reply, template) {
      const asked = request.url;
      const queryAt = asked.indexOf('?');
      const path = queryAt < 0 ? asked : asked.slice(0, queryAt);
      const route = (await loadRenderer())?.route(path);
      // The browser draws this page whatever its query (a reset link's token, say): nothing to
      // draw, nor to keep in place of a drawn page.
      if (route?.kind === 'shell') return sendHtml(reply, withRobots(shellOf(await template())));
      // By path and query only: no absolute link is built from the Host header (config PUBLIC_URL).
      const url = route ? pageUrl(path, queryAt < 0 ? '' : asked.slice(queryAt + 1), route.query) : asked;
      // Any other query is sent to the page's own URL before anything is drawn, so it costs no
      // draw and keeps no page; a page that does not exist has no URL of its own, and answers 404.
      if (url !== asked && !route?.notFound)
        return reply.header('cache-control', `max-age=${movedForMs / 1000}`).redirect(url, 301);
      const answer = await cache
        .get(url, async () => {
          if (!(await app.rateLimits.take(draws, request))) throw overBudget;
          return draw(request, url, await template());
        })
        // Not kept: the next visitor of the URL may have budget left.
        .catch(async (error: unknown) => {
          if (error !== overBudget) throw error;
          return withRobots(shellOf(await template()));
        });
      if ('location' in answer) return reply.redirect(answer.location, answer.status);
      return sendHtml(reply, answer);
    },
    forget: () => cache.invalidate(),
  };
}

/**
 * `path` with only the query parameters `reads` names: each once (the first, which is the one a
 * page reads), none empty (read as absent), in the order `reads` names them, encoded one way.
 */
function pageUrl(path: string, query: string, reads: readonly string[]): string {
  const asked = new URLSearchParams(query);
  const kept = new URLSearchParams();
  for (const name of reads) {
    const value = asked.get(name);
    if (value) kept.set(name, value);
  }
  const search = kept.toString();
  return search ? `${path}?${search}` : path;
}

const shellOf = ({ html, status = 200 }: PageTemplate) => ({ status, html });

function sendHtml(reply: FastifyReply, { status, body }: Page) {
  return reply.status(status).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(body);
}

/** The page to send; one that names nothing (404) is not to be indexed. */
function withRobots({ status, html }: { status: number; html: string }): Page {
  const page = status === 404 ? html.replace('</head>', '<meta name="robots" content="noindex" />\n  </head>') : html;
  return { status, body: Buffer.from(page) };
}
