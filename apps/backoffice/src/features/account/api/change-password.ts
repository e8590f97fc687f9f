import { useMutation } from '@tanstack/react-query';
import type { OperatorPasswordPayload } from '@wallet/contract/backoffice/auth';
import type { MessageResponse } from '@wallet/contract/errors';
import { api } from '@/lib/api-client';

/** The operator's own password; the server ends their other sessions and keeps this one. */
export function changePassword(payload: OperatorPasswordPayload): Promise<MessageResponse> {
  return api.post<MessageResponse>('/api/backoffice/me/password', payload);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
