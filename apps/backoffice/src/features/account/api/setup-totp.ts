import { useMutation } from '@tanstack/react-query';
import type { TotpSetupResponse } from '@wallet/contract/backoffice/auth';
import { api } from '@/lib/api-client';

/** A new authenticator secret for the signed-in operator, not in force until confirmed with a code. */
export function setupTotp(): Promise<TotpSetupResponse> {
  return api.post<TotpSetupResponse>('/api/backoffice/me/totp/setup');
}

export function useSetupTotp() {
  return useMutation({ mutationFn: setupTotp });
}
