import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlayerActionResponse } from '@wallet/contract/backoffice/players';
import { api } from '@/lib/api-client';

export const PLAYER_ACTIONS = ['suspend', 'reactivate', 'sign-out', 'reset-password'] as const;
export type PlayerAction = (typeof PLAYER_ACTIONS)[number];

/** POST /api/backoffice/players/:id/{suspend,reactivate,sign-out,reset-password}: each with a reason. */
export function playerAction({
  id,
  action,
  reason,
}: {
  id: string;
  action: PlayerAction;
  reason: string;
}): Promise<PlayerActionResponse> {
  return api.post<PlayerActionResponse>(`/api/backoffice/players/${encodeURIComponent(id)}/${action}`, { reason });
}

export function usePlayerAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: playerAction,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['backoffice', 'players'] }),
  });
}
