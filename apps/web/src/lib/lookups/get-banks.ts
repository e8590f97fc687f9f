import { useQuery } from '@tanstack/react-query';
import type { Bank } from '@wallet/contract/lookup';
import { api } from '@/lib/api-client';

export function getBanks(): Promise<Bank[]> {
  return api.get<Bank[]>('/api/lookup/banks');
}

export function useBanks() {
  return useQuery({ queryKey: ['lookup', 'banks'], queryFn: getBanks, staleTime: 300_000 });
}
