import { useQuery } from '@tanstack/react-query';
import type { AgreementsResponse } from '@wallet/contract/lookup';
import { api } from '@/lib/api-client';

export function getAgreements(): Promise<AgreementsResponse> {
  return api.get<AgreementsResponse>('/api/lookup/agreements');
}

export const agreementsQueryKey = ['lookup', 'agreements'] as const;

export function useAgreements(enabled: boolean) {
  return useQuery({ queryKey: agreementsQueryKey, queryFn: getAgreements, enabled, staleTime: 10 * 60_000 });
}
