import { useQuery } from '@tanstack/react-query';
import type { WithdrawLimitsResponse } from '@wallet/contract/lookup';
import { api } from '@/lib/api-client';

export const withdrawLimitsQueryKey = ['lookup', 'withdraw'] as const;

export function getWithdrawLimits(): Promise<WithdrawLimitsResponse> {
  return api.get<WithdrawLimitsResponse>('/api/lookup/withdraw');
}

/** The operator may change the limits at any time: read them again each time the dialog opens. */
export function useWithdrawLimits() {
  return useQuery({ queryKey: withdrawLimitsQueryKey, queryFn: getWithdrawLimits, staleTime: 0 });
}
