import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@wallet/web-kit/api/api-error';

/** A 4xx answer will not change on retry; a dropped connection might. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // Operators decide on what they see: data refreshes when they come back to the tab.
      queries: { retry: shouldRetry, refetchOnWindowFocus: true, staleTime: 10_000 },
      mutations: { retry: false },
    },
  });
}
