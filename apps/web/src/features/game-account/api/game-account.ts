import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GameLoginAccount } from '@wallet/contract/wallet';
import { invalidateMoney, patchCachedSlot } from '@/features/wallet/api/use-wallet';
import {
  activateSlot,
  gameAccountQueryKey,
  getGameAccount,
  resetGamePassword,
  walletQueryKey,
} from '@/features/wallet/api/wallet-api';

/** The login credentials of an active game account (SPEC §4: loaded once the account is active). */
export function useGameCredentials(slotCode: string, enabled: boolean) {
  return useQuery({
    queryKey: gameAccountQueryKey(slotCode),
    queryFn: () => getGameAccount(slotCode),
    enabled,
    staleTime: 5 * 60_000,
  });
}

export function useActivateSlot(slotCode: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => activateSlot(slotCode),
    onSuccess: (slot) => {
      patchCachedSlot(queryClient, slot);
      void invalidateMoney(queryClient);
    },
    // SLOT_ALREADY_ACTIVE means another tab got there first: reload so the card shows the truth.
    onError: () => void queryClient.invalidateQueries({ queryKey: walletQueryKey }),
  });
}

/** Resets the game password; the answer is the new credentials, shown at once. */
export function useResetGamePassword(slotCode: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => resetGamePassword(slotCode),
    onSuccess: (account: GameLoginAccount) => queryClient.setQueryData(gameAccountQueryKey(slotCode), account),
  });
}
