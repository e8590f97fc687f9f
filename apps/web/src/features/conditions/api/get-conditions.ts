import { useQuery } from '@tanstack/react-query';
import type { ConditionsResponse } from '@wallet/contract/lookup';
import { api } from '@/lib/api-client';

export function getConditions(): Promise<ConditionsResponse> {
  return api.get<ConditionsResponse>('/api/lookup/conditions');
}

export function useConditions(enabled: boolean) {
  return useQuery({ queryKey: ['lookup', 'conditions'], queryFn: getConditions, enabled });
}
