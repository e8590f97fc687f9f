import { useMutation } from '@tanstack/react-query';
import type { OperatorLoginPayload, OperatorLoginResponse } from '@wallet/contract/backoffice/auth';
import { api } from '@/lib/api-client';

export function login(payload: OperatorLoginPayload): Promise<OperatorLoginResponse> {
  return api.post<OperatorLoginResponse>('/api/backoffice/login', payload);
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
