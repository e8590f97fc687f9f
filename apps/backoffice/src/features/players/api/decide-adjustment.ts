import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdjustmentResponse } from '@wallet/contract/backoffice/players';
import { api } from '@/lib/api-client';

/** POST /api/backoffice/adjustments/:id/approve (a second operator) or …/refuse (reason required). */
export function decideAdjustment({
  id,
  decision,
  reason,
}: {
  id: string;
  decision: 'approve' | 'refuse';
  reason: string;
}): Promise<AdjustmentResponse> {
  return api.post<AdjustmentResponse>(
    `/api/backoffice/adjustments/${encodeURIComponent(id)}/${decision}`,
    reason.trim() ? { reason: reason.trim() } : {},
  );
}

export function useDecideAdjustment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideAdjustment,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['backoffice', 'adjustments'] });
      await queryClient.invalidateQueries({ queryKey: ['backoffice', 'players'] });
    },
  });
}
