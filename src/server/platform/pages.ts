// The public pages, drawn on the server by the web app's server entry (src/web/entry-server.tsx,
// built into dist/ssr) so their content comes before any script: for visitors on slow phones, and
// for search engines and link previews. Their reads are calls of this server's own routes
// (app.inject, the visitor's address kept for the rate limits); a drawn page is kept for a few
// seconds per URL, and any write (or administrator's call) forgets them all
// (docs/decisions/022-server-rendered-pages.md).
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

type Answer = { status: number; html: string } | { status: number; location: string };

export interface Pages {
  /** Answers the page for the request's URL: drawn when it is a public page, else the app's empty page. */
  send(request: FastifyRequest, reply: FastifyReply, template: () => Promise<PageTemplate>): Promise<FastifyReply>;
  /** Forgets every drawn page (after a write). */
  forget(): void;
}

/** A drawing refused for the address's budget (rate-limit.ts). */
const overBudget = Symbol('over the page-draw budget');

/** Distinct URLs kept at once: query strings are the visitor's to choose. */
const maxPages = 1000;

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
  // Drawing costs the server tens of milliseconds, and any new query string misses the cache: an
  // address past its budget gets the page its browser draws instead (the same page, later).
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

  async function draw(request: FastifyRequest, template: PageTemplate): Promise<Answer> {
    const shell = { status: template.status ?? 200, html: template.html };
    const renderer = await loadRenderer();
    if (!renderer) return withRobots(shell);
    const drawn = await visitor.run(request.ip, () => renderer.render(request.url));
    if (drawn.kind === 'shell') return withRobots(shell);
    if (drawn.kind === 'redirect') return { status: drawn.status, location: drawn.location };
    // `<` escaped: the JSON must not end its script element early.
    const state = `<script type="application/json" id="${pageStateId}">${drawn.state.replace(/</g, '\\u003c')}</script>`;
    // The page's own <title> and <meta> are in the template's head already (or its default ones):
    // React writes them where they are rendered, in the body, and puts them in the head itself
    // once the app has taken over.
    const body = drawn.body.replace(/<title>[\s\S]*?<\/title>|<meta\b[^>]*>/g, '');
    const html = template.html.replace('<div id="root"></div>', () => `<div id="root">${body}</div>${state}`);
    return withRobots({ status: template.status ?? drawn.status, html });
  }

  return {
    async send(request, reply, template) {
      // By path and query only: no absolute link is built from the Host header (config PUBLIC_URL).
      const answer = await cache
        .get(request.url, async () => {
          if (!(await app.rateLimits.take(draws, request))) throw overBudget;
          return draw(request, await template());
        })
        // Not kept: the next visitor of the URL may have budget left.
        .catch(async (error: unknown) => {
          if (error !== overBudget) throw error;
          const { html, status = 200 } = await template();
          return withRobots({ status, html });
        });
      if ('location' in answer) return reply.redirect(answer.location, answer.status);
      return reply
        .status(answer.status)
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(answer.html);
    },
    forget: () => cache.invalidate(),
  };
}

/** A page that names nothing (404) is not to be indexed. */
function withRobots(answer: { status: number; html: string }) {
  if (answer.status !== 404) return answer;
  return { ...answer, html: answer.html.replace('</head>', '<meta name="robots" content="noindex" />\n  </head>') };
}
