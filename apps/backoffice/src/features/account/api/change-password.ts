import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OperatorPasswordPayload } from '@wallet/contract/backoffice/auth';
import type { MessageResponse } from '@wallet/contract/errors';
import { api } from '@/lib/api-client';
import { meQueryKey } from '@/lib/session/get-me';

/** The operator's own password; the server ends their other sessions and keeps this one. */
export function changePassword(payload: OperatorPasswordPayload): Promise<MessageResponse> {
  return api.post<MessageResponse>('/api/backoffice/me/password', payload);
}

/** `me` is read again after: a password an owner made no longer holds the operator on My account. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
