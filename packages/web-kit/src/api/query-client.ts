import { QueryClient, type QueryObserverOptions } from '@tanstack/react-query';
import { ApiError } from './api-error';

/** A 4xx answer will not change on retry; a dropped connection (or a cheap phone's hiccup) might. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

/** How fresh each app wants its data: its own choice, the retry rule shared. */
export type QueryFreshness = Pick<QueryObserverOptions, 'refetchOnWindowFocus' | 'staleTime'>;

export function createQueryClient(freshness: QueryFreshness): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, ...freshness },
      mutations: { retry: false },
    },
  });
}
