import { useMutation } from '@tanstack/react-query';
import type { ResetPasswordPayload } from '@wallet/contract/account';
import { api } from '@/lib/api-client';

export function resetPassword(payload: ResetPasswordPayload): Promise<{ message: 'SUCCESS' }> {
  return api.post<{ message: 'SUCCESS' }>('/api/account/reset-password', payload);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
