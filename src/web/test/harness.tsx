// Component tests against the real server. A test file builds the server's app on its own
// database with the server tests' harness, and the API client sends the screens' calls to that
// app's routes in process (`app.inject`), as the server's page renderer does. A screen is drawn
// in the app's own providers and a memory router, in the DOM its file asks for with
// `// @vitest-environment happy-dom`.
import { cleanup, configure, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { createTestContext, type TestContext } from '../../server/test/harness.js';
import { signIn } from './factories.js';
import { AppProviders, createQueryClient } from '../app.js';
import { setTransport } from '../lib/api.js';
import { session } from '../lib/session.js';

// Every answer comes from the app and its database in this process: on a busy machine that may
// take longer than Testing Library's default second.
configure({ asyncUtilTimeout: 10_000 });

/**
 * Builds the file's app before its tests and closes it after them; each test starts signed out,
 * with nothing drawn. Answers the context (its `db` for the factories, its `app`).
 */
export function startTestServer(): () => TestContext {
  let ctx: TestContext | undefined;
  beforeAll(async () => {
    const started = await createTestContext();
    ctx = started;
    setTransport(async (url, init) => {
      const answer = await started.app.inject({
        method: (init.method ?? 'GET') as 'GET',
        url,
        headers: Object.fromEntries(new Headers(init.headers).entries()),
        ...(typeof init.body === 'string' ? { payload: init.body } : {}),
      });
      // A Response refuses a body with the statuses that have none.
      const empty = answer.statusCode === 204 || answer.statusCode === 304;
      return new Response(empty ? null : answer.body, {
        status: answer.statusCode,
        headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/json') },
      });
    });
  });
  afterEach(() => {
    cleanup();
    localStorage.clear();
    sessionStorage.clear();
  });
  afterAll(async () => {
    await ctx?.close();
  });
  return () => {
    if (!ctx) throw new Error('The test server is started in beforeAll: read it inside a test or hook.');
    return ctx;
  };
}

/** Signs the member in as the sign-in page would: a session of theirs, kept in the browser. */
export async function signInMember(ctx: TestContext, member: { id: string; name: string }) {
  session.setMember({ token: await signIn(ctx.db, member.id), user: { _id: member.id, name: member.name } });
}

/** Signs the administrator in, as the back-office's sign-in would. */
export async function signInAdmin(ctx: TestContext, admin: { id: string; email: string | null }) {
  session.setAdmin({ token: await signIn(ctx.db, admin.id), email: admin.email ?? '' }, true);
}

/**
 * Draws `screen` at `at` (`path` is its route's pattern) in the app's providers, with a fresh
 * query cache; any other path draws nothing, so a test reads where a screen navigated from
 * `router.state.location`.
 */
export function renderScreen(screen: ReactNode, { path = '/', at = path }: { path?: string; at?: string } = {}) {
  const router = createMemoryRouter(
    [
      { path, element: screen },
      { path: '*', element: null },
    ],
    { initialEntries: [at] },
  );
  const user = userEvent.setup();
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { user, router };
}

/** The toast saying `message` once it shows: a status, or an alert for a failure. */
export function findToast(message: string, role: 'status' | 'alert' = 'status') {
  return waitFor(() => {
    const toast = screen.getAllByRole(role).find((element) => element.textContent === message);
    if (!toast) throw new Error(`No ${role} says “${message}”.`);
    return toast;
  });
}
