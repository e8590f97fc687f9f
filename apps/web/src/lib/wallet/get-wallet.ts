import { type QueryClient, useQuery } from '@tanstack/react-query';
import type { GameAccount, WalletBalance, WalletResponse } from '@wallet/contract/wallet';
import { api } from '@/lib/api-client';

/*
 * GET /api/wallet: the balance and game accounts every money feature reads, so it lives below the features.
 * Its own query root, so invalidating the wallet never drops game credentials.
 */
export const walletQueryKey = ['wallet'] as const;

export function getWallet(): Promise<WalletResponse> {
  return api.get<WalletResponse>('/api/wallet');
}

/** Home keeps it disabled until its first refresh of the game accounts has finished. */
export function useWallet({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: walletQueryKey, queryFn: getWallet, enabled });
}

/** Puts a slot's new state into the cached wallet (after activation), so its card flips at once. */
export function patchCachedSlot(queryClient: QueryClient, slot: GameAccount): void {
  queryClient.setQueryData<WalletResponse>(walletQueryKey, (old) =>
    old ? { ...old, slots: old.slots.map((item) => (item.code === slot.code ? slot : item)) } : old,
  );
}

/** Shows a wallet balance the server just reported, before the full reload lands. */
export function setCachedWalletBalance(queryClient: QueryClient, wallet: WalletBalance): void {
  queryClient.setQueryData<WalletResponse>(walletQueryKey, (old) => (old ? { ...old, wallet } : old));
}
