import { useQuery } from '@tanstack/react-query';
import type { ActiveResponse } from '@wallet/contract/lookup';
import { api } from '@/lib/api-client';

export function getActive(): Promise<ActiveResponse> {
  return api.get<ActiveResponse>('/api/lookup/active');
}

export function useServiceActive() {
  return useQuery({ queryKey: ['lookup', 'active'], queryFn: getActive, staleTime: 0, retry: false });
}
