import { createQueryClient as kitQueryClient } from '@wallet/web-kit/api/query-client';

/** Players' data changes only through their own actions or pushes: no refetch on every tab switch. */
export function createQueryClient() {
  return kitQueryClient({ refetchOnWindowFocus: false, staleTime: 30_000 });
}
