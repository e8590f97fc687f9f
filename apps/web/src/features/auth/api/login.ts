import { useMutation } from '@tanstack/react-query';
import type { LoginPayload, LoginResponse } from '@wallet/contract/account';
import { api } from '@/lib/api-client';

export function login(payload: LoginPayload): Promise<LoginResponse> {
  return api.post<LoginResponse>('/api/login', payload);
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
