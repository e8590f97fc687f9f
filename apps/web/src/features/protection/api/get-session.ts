import { useMutation } from '@tanstack/react-query';
import type { ProtectionSessionResponse } from '@wallet/contract/protection';
import { api } from '@/lib/api-client';

/** GET /api/account/protection/session: time since this sign-in and what money did since (reality check). */
export function getProtectionSession(): Promise<ProtectionSessionResponse> {
  return api.get<ProtectionSessionResponse>('/api/account/protection/session');
}

export const protectionSessionQueryKey = ['account', 'protection-session'] as const;

/** POST /api/account/protection/session/acknowledge: the player answered the check (kept in the history). */
export function acknowledgeRealityCheck(): Promise<{ message: string }> {
  return api.post<{ message: string }>('/api/account/protection/session/acknowledge', {});
}

export function useAcknowledgeRealityCheck() {
  return useMutation({ mutationFn: acknowledgeRealityCheck });
}
