import { useMutation } from '@tanstack/react-query';
import type { RegistrationValidatePayload } from '@wallet/contract/account';
import type { MessageResponse } from '@wallet/contract/errors';
import { api } from '@/lib/api-client';

export function validateRegistration(payload: RegistrationValidatePayload): Promise<MessageResponse> {
  return api.post<MessageResponse>('/api/account/validate', payload);
}

export function useValidateRegistration() {
  return useMutation({ mutationFn: validateRegistration });
}
