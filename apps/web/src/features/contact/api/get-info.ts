import { useQuery } from '@tanstack/react-query';
import type { InfoResponse } from '@wallet/contract/lookup';
import { api } from '@/lib/api-client';

export function getInfo(): Promise<InfoResponse> {
  return api.get<InfoResponse>('/api/lookup/info');
}

/** The operator's name and website (GET /api/lookup/info), as the back office sets them. */
export function useInfo() {
  return useQuery({ queryKey: ['lookup', 'info'], queryFn: getInfo, staleTime: 5 * 60_000 });
}
