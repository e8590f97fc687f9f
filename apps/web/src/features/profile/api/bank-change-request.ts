import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BankChangeRequestPayload, BankChangeRequestResponse } from '@wallet/contract/account';
import { api } from '@/lib/api-client';

export const bankChangeQueryKey = ['account', 'bank-change-request'] as const;

/** GET /api/account/bank-change-request: the player's newest request and its outcome. */
export function getBankChangeRequest(): Promise<BankChangeRequestResponse> {
  return api.get<BankChangeRequestResponse>('/api/account/bank-change-request');
}

export function useBankChangeRequest() {
  return useQuery({ queryKey: bankChangeQueryKey, queryFn: getBankChangeRequest });
}

/** POST /api/account/bank-change-request: the new account waits for an operator's approval. */
export function requestBankChange(payload: BankChangeRequestPayload): Promise<BankChangeRequestResponse> {
  return api.post<BankChangeRequestResponse>('/api/account/bank-change-request', payload);
}

export function useRequestBankChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestBankChange,
    onSuccess: (data) => queryClient.setQueryData(bankChangeQueryKey, data),
  });
}
