import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GameLoginAccount } from '@wallet/contract/wallet';
import { gameAccountQueryKey } from '@/features/game-account/api/get-game-account';
import { api } from '@/lib/api-client';

/** GET /api/wallet/resetpassword/{slotCode}. */
export function resetGamePassword(slotCode: string): Promise<GameLoginAccount> {
  return api.get<GameLoginAccount>(`/api/wallet/resetpassword/${encodeURIComponent(slotCode)}`);
}

/** Resets the game password; the answer is the new credentials, shown at once. */
export function useResetGamePassword(slotCode: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => resetGamePassword(slotCode),
    onSuccess: (account: GameLoginAccount) => queryClient.setQueryData(gameAccountQueryKey(slotCode), account),
  });
}
