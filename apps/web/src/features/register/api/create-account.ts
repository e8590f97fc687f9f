import { useMutation } from '@tanstack/react-query';
import type { RegistrationPayload } from '@wallet/contract/account';
import type { MessageResponse } from '@wallet/contract/errors';
import { api } from '@/lib/api-client';

export function createAccount(payload: RegistrationPayload): Promise<MessageResponse> {
  return api.post<MessageResponse>('/api/account', payload);
}

export function useCreateAccount() {
  return useMutation({ mutationFn: createAccount });
}
