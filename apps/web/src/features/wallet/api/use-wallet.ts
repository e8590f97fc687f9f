import { type QueryClient, useQuery } from '@tanstack/react-query';
import { STORAGE_KEYS } from '@wallet/contract/constants';
import type { GameAccount, WalletBalance, WalletResponse } from '@wallet/contract/wallet';
import { getWallet, lastSyncQueryKey, refreshSlots, statementQueryRoot, walletQueryKey } from './wallet-api';

/** GET /api/wallet. Home keeps it disabled until its first refresh of the game accounts has finished. */
export function useWallet({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: walletQueryKey, queryFn: getWallet, enabled });
}

function readLastSync(): string | null {
  return localStorage.getItem(STORAGE_KEYS.lastSync);
}

/** When the game-account balances were last asked of the providers (localStorage last_sync). */
export function useLastSync() {
  return useQuery({ queryKey: lastSyncQueryKey, queryFn: readLastSync, staleTime: Number.POSITIVE_INFINITY });
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

/** After any money movement: reload the wallet (game-account amounts) and the statement. */
export function invalidateMoney(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: walletQueryKey }),
    queryClient.invalidateQueries({ queryKey: statementQueryRoot }),
  ]).then(() => undefined);
}

/**
 * SPEC §2 Home: ask every provider for its balance, then reload the wallet. Failures are only logged
 * (SPEC §8); the wallet is reloaded even when the refresh failed, so the player still sees a balance.
 * The reload goes through invalidation: Home keeps its wallet query disabled until the first sync is done,
 * and enabling a stale query fetches it exactly once.
 */
export async function syncBalances(queryClient: QueryClient): Promise<void> {
  try {
    const { slots, updatedAt } = await refreshSlots();
    localStorage.setItem(STORAGE_KEYS.lastSync, updatedAt);
    queryClient.setQueryData(lastSyncQueryKey, updatedAt);
    queryClient.setQueryData<WalletResponse>(walletQueryKey, (old) => (old ? { ...old, slots } : old));
  } catch (error) {
    console.warn('refresh of game-account balances failed', error);
  }
  await queryClient.invalidateQueries({ queryKey: walletQueryKey });
}
