import { useQuery } from '@tanstack/react-query';
import type { GameLoginAccount } from '@wallet/contract/wallet';
import { api } from '@/lib/api-client';

export const gameAccountQueryKey = (slotCode: string) => ['game-account', slotCode] as const;

/** GET /api/wallet/account/{slotCode}. */
export function getGameAccount(slotCode: string): Promise<GameLoginAccount> {
  return api.get<GameLoginAccount>(`/api/wallet/account/${encodeURIComponent(slotCode)}`);
}

/** The login credentials of an active game account (SPEC §4: loaded once the account is active). */
export function useGameCredentials(slotCode: string, enabled: boolean) {
  return useQuery({
    queryKey: gameAccountQueryKey(slotCode),
    queryFn: () => getGameAccount(slotCode),
    enabled,
    staleTime: 5 * 60_000,
  });
}
