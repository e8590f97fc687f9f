import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BankChangeResponse } from '@wallet/contract/backoffice/players';
import { api } from '@/lib/api-client';

/** POST /api/backoffice/bank-changes/:id/approve or …/refuse (a refusal's reason is shown to the player). */
export function decideBankChange({
  id,
  decision,
  reason,
}: {
  id: string;
  decision: 'approve' | 'refuse';
  reason: string;
}): Promise<BankChangeResponse> {
  return api.post<BankChangeResponse>(
    `/api/backoffice/bank-changes/${encodeURIComponent(id)}/${decision}`,
    reason.trim() ? { reason: reason.trim() } : {},
  );
}

export function useDecideBankChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideBankChange,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['backoffice', 'bank-changes'] });
      await queryClient.invalidateQueries({ queryKey: ['backoffice', 'players'] });
    },
  });
}
