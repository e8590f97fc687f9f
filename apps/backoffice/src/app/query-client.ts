import { createQueryClient as kitQueryClient } from '@wallet/web-kit/api/query-client';

/** Operators decide on what they see: data refreshes when they come back to the tab. */
export function createQueryClient() {
  return kitQueryClient({ refetchOnWindowFocus: true, staleTime: 10_000 });
}
