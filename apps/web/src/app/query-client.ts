import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@wallet/web-kit/api/api-error';

/** A 4xx answer will not change on retry; network hiccups on a cheap phone connection might. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
