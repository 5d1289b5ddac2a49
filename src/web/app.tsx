// What the browser entry (main.tsx) and the server entry (entry-server.tsx) both wrap the routes
// in: one query client per page (per render on the server), the toasts and the offline banner.
import { StrictMode, useEffect, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { z } from 'zod';
import { ApiError } from './lib/api.js';
import { markHydrated } from './lib/hydrated.js';
import { OfflineBanner } from './ui/OfflineBanner.js';
import { ToastProvider } from './ui/toast.js';

// The server's Content-Security-Policy allows no eval: zod must not compile its parsers with
// new Function (nor probe whether it may, which the browser reports as a CSP violation).
z.config({ jitless: true });

/** On the server a failed read is drawn as failed at once: the browser asks again, not the render. */
export function createQueryClient({ server = false } = {}) {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A 4xx will not get better by asking again.
        retry: (count, error) =>
          !server && count < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
        refetchOnWindowFocus: false,
      },
      // A submit made offline is held by the HTTP client (lib/held.ts), in sight and cancellable,
      // not paused out of sight by the query client.
      mutations: { networkMode: 'always' },
    },
  });
}

export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <ToastProvider>
          {children}
          <OfflineBanner />
          <Ready />
        </ToastProvider>
      </QueryClientProvider>
    </StrictMode>
  );
}

/**
 * Marks the page as taken over once its first render is committed (hydrated or drawn here). In
 * the server's tree too, where it does nothing: the two trees must have the same shape, or the
 * ids React gives (useId) differ between the drawn markup and the app.
 */
function Ready() {
  useEffect(markHydrated, []);
  return null;
}
