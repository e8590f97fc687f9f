import { useQuery } from '@tanstack/react-query';
import type { WithdrawLimitsResponse } from '@wallet/contract/lookup';
import type { WalletMoveResponse, WithdrawAllPayload, WithdrawPayload } from '@wallet/contract/wallet';
import { api } from '@/api/client';

export const withdrawLimitsQueryKey = ['lookup', 'withdraw'] as const;

export function getWithdrawLimits(): Promise<WithdrawLimitsResponse> {
  return api.get<WithdrawLimitsResponse>('/api/lookup/withdraw');
}

/** The operator may change the limits at any time: read them again each time the dialog opens. */
export function useWithdrawLimits() {
  return useQuery({ queryKey: withdrawLimitsQueryKey, queryFn: getWithdrawLimits, staleTime: 0 });
}

/** Money leaves the wallet: the caller passes one idempotency key per player action. */
export function withdraw(payload: WithdrawPayload, idempotencyKey: string): Promise<WalletMoveResponse> {
  return api.post<WalletMoveResponse>('/api/wallet/withdraw', payload, { idempotencyKey });
}

/** Withdraws the whole balance; `amount` is the balance the player saw, so a stale screen is refused (409). */
export function withdrawAll(payload: WithdrawAllPayload, idempotencyKey: string): Promise<WalletMoveResponse> {
  return api.post<WalletMoveResponse>('/api/wallet/withdrawAll', payload, { idempotencyKey });
}
