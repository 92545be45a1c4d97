import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/** A 4xx will not get better by asking again; network trouble and 5xx might. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: shouldRetry,
      staleTime: 30_000,
      // Real-time events keep the cache current (guide: features/<domain>/realtime.ts), so refocusing
      // a tab need not refetch everything.
      refetchOnWindowFocus: false,
    },
    mutations: { retry: false },
  },
});
