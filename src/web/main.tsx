import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
// The DOM build of the provider supports flushSync navigations (used by logout).
import { RouterProvider } from 'react-router/dom';
import { z } from 'zod';
import { ApiError } from './lib/api.js';
import { router } from './router.js';
import { ToastProvider } from './ui/toast.js';
import './ui/global.css';

// The server's Content-Security-Policy allows no eval: zod must not compile its parsers with
// new Function (nor probe whether it may, which the browser reports as a CSP violation).
z.config({ jitless: true });

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // A 4xx will not get better by asking again.
      retry: (count, error) => count < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      refetchOnWindowFocus: false,
    },
  },
});

createRoot(document.getElementById('root') ?? document.body).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </QueryClientProvider>
  </StrictMode>,
);
