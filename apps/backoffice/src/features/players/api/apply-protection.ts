import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  OperatorExclusionPayload,
  OperatorTimeoutPayload,
  PlayerProtectionResponse,
} from '@wallet/contract/backoffice/protection';
import { api } from '@/lib/api-client';

export type ApplyProtection =
  | ({ kind: 'timeout'; id: string } & OperatorTimeoutPayload)
  | ({ kind: 'exclusion'; id: string } & OperatorExclusionPayload);

/**
 * POST /api/backoffice/players/:id/protection/{timeout,exclusion}: on the player's request, with the
 * reason (audited). The server refuses anything that would end a protection in force sooner.
 */
export function applyProtection({ kind, id, ...payload }: ApplyProtection): Promise<PlayerProtectionResponse> {
  return api.post<PlayerProtectionResponse>(
    `/api/backoffice/players/${encodeURIComponent(id)}/protection/${kind}`,
    payload,
  );
}

export function useApplyProtection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyProtection,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['backoffice'] }),
  });
}
