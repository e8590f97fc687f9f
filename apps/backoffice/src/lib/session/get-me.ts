import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OperatorMeResponse } from '@wallet/contract/backoffice/auth';
import { api } from '@/lib/api-client';

export function getMe(): Promise<OperatorMeResponse> {
  return api.get<OperatorMeResponse>('/api/backoffice/me');
}

export const meQueryKey = ['backoffice', 'me'] as const;

export const meQueryOptions = queryOptions({ queryKey: meQueryKey, queryFn: getMe, staleTime: 60_000 });

/** Every screen reads who is signed in from here: the shell, the navigation, My account. */
export function useMe() {
  return useQuery(meQueryOptions);
}
