import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordPayload } from '@wallet/contract/account';
import type { MessageResponse } from '@wallet/contract/errors';
import { api } from '@/lib/api-client';

export function changePassword(payload: ChangePasswordPayload): Promise<MessageResponse> {
  return api.put<MessageResponse>('/api/account/changepwd', payload);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
