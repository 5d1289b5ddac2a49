// The server's way in (src/server/platform/pages.ts): draws a public page from the same route
// table, components and API client as the browser. Reads go to the server's own routes; the page
// is drawn, the reads it started are answered, and it is drawn again with them (at most three
// times: a read that needs another read's answer, such as a service's providers, takes a second
// turn). The answers travel with the page, so the browser hydrates without asking again.
import { AsyncLocalStorage } from 'node:async_hooks';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router';
import { dehydrate, skipToken, type Query } from '@tanstack/react-query';
import type { PageRenderer, PageRoute, PageState, RenderCall, RenderResult } from '../contract/render.js';
import { AppProviders, createQueryClient } from './app.js';
import { setTransport } from './lib/api.js';
import { drawnQuery, routeTable } from './router.js';

const handler = createStaticHandler(routeTable);
const maxDraws = 3;

// The API client's calls go to the server of the render that makes them (a process may hold more
// than one server, as the tests do).
const calls = new AsyncLocalStorage<RenderCall>();
setTransport((url, init) => {
  const call = calls.getStore();
  if (!call) throw new Error('An API call outside a render');
  return call(url, init);
});

export function createRenderer(call: RenderCall): PageRenderer {
  return { route, render: (url) => calls.run(call, () => render(url)) };
}

/**
 * The routes of the paths asked for lately: matching flattens and ranks the whole route table each
 * time (most of the cost of a cached page), and a path's route never changes. Paths are the
 * visitor's to choose, so only so many are kept, the oldest going first.
 */
const routes = new Map<string, PageRoute>();
const maxRoutes = 1000;

function route(path: string): PageRoute {
  const known = routes.get(path);
  if (known) return known;
  const leaf = matchRoutes(routeTable, path)?.at(-1)?.route;
  const query = leaf ? drawnQuery(leaf) : null;
  const found: PageRoute = query ? { kind: 'page', query, notFound: leaf?.path === '*' } : { kind: 'shell' };
  const oldest = routes.keys().next();
  if (routes.size >= maxRoutes && !oldest.done) routes.delete(oldest.value);
  routes.set(path, found);
  return found;
}

async function render(url: string): Promise<RenderResult> {
  // The origin is never read: links are paths, and reads go through `call`.
  const context = await handler.query(new Request(new URL(url, 'http://localhost')));
  if (context instanceof Response)
    return { kind: 'redirect', status: context.status, location: context.headers.get('location') ?? '/' };
  const leaf = context.matches.at(-1)?.route;
  if (!leaf || !drawnQuery(leaf)) return { kind: 'shell' };

  const queryClient = createQueryClient({ server: true });
  const router = createStaticRouter(handler.dataRoutes, context);
  // hydrate={false}: the router's state goes in the page's JSON (an inline script would break the CSP).
  const draw = () =>
    renderToString(
      <AppProviders queryClient={queryClient}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>,
    );
  let body = draw();
  for (let turn = 1; turn < maxDraws; turn++) {
    const waiting = queryClient.getQueryCache().findAll({ predicate: isWaiting });
    if (waiting.length === 0) break;
    // A failed read is drawn as failed; the browser asks again (retryOnMount).
    await Promise.all(waiting.map((query) => query.fetch().catch(() => undefined)));
    body = draw();
  }
  const state: PageState = {
    queries: dehydrate(queryClient, { shouldDehydrateQuery: (query) => query.state.status !== 'pending' }),
    router: { loaderData: context.loaderData, actionData: context.actionData, errors: context.errors },
  };
  return { kind: 'page', status: leaf.path === '*' ? 404 : 200, body, state: JSON.stringify(state) };
}

/** A read the drawn page asked for and has no answer to yet (not one it holds back). */
function isWaiting(query: Query): boolean {
  if (query.state.status !== 'pending' || query.state.fetchStatus !== 'idle') return false;
  const { enabled } = query.options as { enabled?: boolean | ((query: Query) => boolean) };
  return (typeof enabled === 'function' ? enabled(query) : enabled) !== false && query.options.queryFn !== skipToken;
}
