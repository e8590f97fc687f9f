import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ActivateSlotResponse } from '@wallet/contract/wallet';
import { ApiError } from '@wallet/web-kit/api/api-error';
import { api } from '@/lib/api-client';
import { patchCachedSlot, walletQueryKey } from '@/lib/wallet/get-wallet';
import { invalidateMoney } from '@/lib/wallet/invalidate-money';

/** GET /api/wallet/activate/{slotCode}. */
export function activateSlot(slotCode: string): Promise<ActivateSlotResponse> {
  return api.get<ActivateSlotResponse>(`/api/wallet/activate/${encodeURIComponent(slotCode)}`);
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

/**
 * Opens a game account on the way to moving money into it (the transfer dialog offers unopened ones).
 * SLOT_ALREADY_ACTIVE means another tab opened it meanwhile: that is what was wanted.
 */
export async function openSlotOnTheWay(queryClient: QueryClient, slotCode: string): Promise<void> {
  try {
    patchCachedSlot(queryClient, await activateSlot(slotCode));
  } catch (failure) {
    if (!(failure instanceof ApiError && failure.code === 'SLOT_ALREADY_ACTIVE')) throw failure;
  }
}
