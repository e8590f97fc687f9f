import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdjustmentDirection } from '@wallet/contract/backoffice/player-rules';
import type { AdjustmentResponse } from '@wallet/contract/backoffice/players';
import { api } from '@/lib/api-client';

/**
 * POST /api/backoffice/players/:id/adjustments with an Idempotency-Key the dialog makes once per
 * adjustment it shows, so a retry after a lost answer moves the money once.
 */
export function createAdjustment({
  playerId,
  direction,
  amount,
  reason,
  idempotencyKey,
}: {
  playerId: string;
  direction: AdjustmentDirection;
  amount: number;
  reason: string;
  idempotencyKey: string;
}): Promise<AdjustmentResponse> {
  return api.post<AdjustmentResponse>(
    `/api/backoffice/players/${encodeURIComponent(playerId)}/adjustments`,
    { direction, amount, reason },
    { idempotencyKey },
  );
}

export function useCreateAdjustment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAdjustment,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['backoffice', 'adjustments'] });
      await queryClient.invalidateQueries({ queryKey: ['backoffice', 'players'] });
    },
  });
}
