import { type QueryClient, useQuery } from '@tanstack/react-query';
import { STORAGE_KEYS } from '@wallet/contract/constants';
import type { RefreshSlotsResponse, WalletResponse } from '@wallet/contract/wallet';
import { api } from '@/lib/api-client';
import { walletQueryKey } from './get-wallet';

export const lastSyncQueryKey = ['wallet-last-sync'] as const;

/** GET /api/wallet/refresh/slot: asks every provider for its balance. */
export function refreshSlots(): Promise<RefreshSlotsResponse> {
  return api.get<RefreshSlotsResponse>('/api/wallet/refresh/slot');
}

function readLastSync(): string | null {
  return localStorage.getItem(STORAGE_KEYS.lastSync);
}

/** When the game-account balances were last asked of the providers (localStorage last_sync). */
export function useLastSync() {
  return useQuery({ queryKey: lastSyncQueryKey, queryFn: readLastSync, staleTime: Number.POSITIVE_INFINITY });
}

/**
 * A live wallet:changed event updated the balance on screen at `at`: the "balance updated" time follows it.
 * Events can arrive out of order, so the time only ever moves forward.
 */
export function recordBalanceUpdate(queryClient: QueryClient, at: string): void {
  const next = Date.parse(at);
  if (Number.isNaN(next)) return;
  const current = readLastSync();
  if (current && Date.parse(current) >= next) return;
  localStorage.setItem(STORAGE_KEYS.lastSync, at);
  queryClient.setQueryData(lastSyncQueryKey, at);
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
