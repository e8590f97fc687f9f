import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TransferAllPayload, WalletMoveResponse } from '@wallet/contract/wallet';
import { WALLET_CODE } from '@wallet/contract/wallet-codes';
import { newIdempotencyKey } from '@wallet/web-kit/api/client';
import { useRef } from 'react';
import { api } from '@/lib/api-client';
import { setCachedWalletBalance } from './get-wallet';
import { invalidateMoneyAndBonus } from './invalidate-money';

/** POST /api/wallet/transferAll. Money moves: the caller passes one idempotency key per player action. */
export function transferAll(payload: TransferAllPayload, idempotencyKey: string): Promise<WalletMoveResponse> {
  return api.post<WalletMoveResponse>('/api/wallet/transferAll', payload, { idempotencyKey });
}

/**
 * One tap that brings every game balance home: a bonus is taken, cleared or withdrawn only with all game
 * money in the wallet (BONUS_REMAINING), so the withdraw dialog and the bonus screen offer it where that
 * rule would refuse. Reloads the wallet and the bonus's progress afterwards.
 */
export function useBringAllBack(handlers: { onSuccess?: () => void; onError?: (failure: unknown) => void } = {}) {
  const queryClient = useQueryClient();
  // Set in the tap itself: a double tap lands before React re-renders the button as disabled.
  const inFlight = useRef(false);
  const mutation = useMutation({
    mutationFn: () => transferAll({ to: WALLET_CODE }, newIdempotencyKey()),
    onSuccess: (response) => {
      setCachedWalletBalance(queryClient, response.wallet);
      handlers.onSuccess?.();
    },
    onError: (failure) => handlers.onError?.(failure),
    onSettled: () => {
      inFlight.current = false;
      void invalidateMoneyAndBonus(queryClient);
    },
  });
  const run = () => {
    if (inFlight.current) return;
    inFlight.current = true;
    mutation.mutate();
  };
  return { run, isPending: mutation.isPending };
}
