import { useQuery } from '@tanstack/react-query';
import type { Source } from '@wallet/contract/lookup';
import { api } from '@/lib/api-client';

export function getSources(): Promise<Source[]> {
  return api.get<Source[]>('/api/lookup/sources');
}

export function useSources() {
  return useQuery({ queryKey: ['lookup', 'sources'], queryFn: getSources, staleTime: 300_000 });
}
