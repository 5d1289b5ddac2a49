// The browser's way in. A public page came drawn from the server with the answers it was drawn
// with (entry-server.tsx): the app takes those answers and hydrates the markup. Any other page
// arrives empty and is drawn here.
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { createBrowserRouter, matchRoutes, type HydrationState } from 'react-router';
// The DOM build of the provider supports flushSync navigations (used by logout).
import { RouterProvider } from 'react-router/dom';
import { pageStateId, type PageState } from '../contract/render.js';
import { AppProviders, createQueryClient } from './app.js';
import { ApiError } from './lib/api.js';
import { session } from './lib/session.js';
import { isChunkFailure, reloadOnce } from './lib/stale-chunks.js';
import { routeTable } from './router.js';
import './ui/global.css';

const queryClient = createQueryClient();
const container = document.getElementById('root') ?? document.body;
const drawn = document.getElementById(pageStateId)?.textContent;

if (drawn) {
  // The drawn page is painted first: hydrating is a long task on a slow phone, and the script
  // may be ready before the browser has painted anything.
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  const state = JSON.parse(drawn) as PageState;
  hydrate(queryClient, state.queries as DehydratedState);
  // A read the server drew as failed keeps its status (a 404 draws the not-found page on both sides).
  for (const query of queryClient.getQueryCache().getAll())
    if (query.state.error) query.setState({ error: ApiError.revive(query.state.error) as Error });
  // The page's route modules before the first render, which must match the server's markup.
  // A chunk that no longer loads (a deploy since the page was drawn) loads the page afresh once;
  // otherwise the drawn page stays as it came, readable and with working links.
  await Promise.all(
    (matchRoutes(routeTable, window.location) ?? []).map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, { ...(await route.lazy()), lazy: undefined });
    }),
  ).catch((error: unknown) => {
    if (isChunkFailure(error)) reloadOnce();
    throw error;
  });
  const router = createBrowserRouter(routeTable, { hydrationData: state.router as HydrationState });
  // As a transition: React takes the page over in short slices, so a tap or a key press on a slow
  // phone is never kept waiting behind one long task.
  startTransition(() => {
    hydrateRoot(container, app(router));
  });
  // The server drew the page for nobody: a signed-in visitor's reads are asked again with the session.
  if (session.member() || session.admin()) void queryClient.invalidateQueries();
} else {
  createRoot(container).render(app(createBrowserRouter(routeTable)));
}

function app(router: ReturnType<typeof createBrowserRouter>) {
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
