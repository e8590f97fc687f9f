import { useQuery } from '@tanstack/react-query';
import type { ProfileResponse } from '@wallet/contract/account';
import { api } from '@/lib/api-client';

export function getProfile(): Promise<ProfileResponse> {
  return api.get<ProfileResponse>('/api/account/profile');
}

export const profileQueryKey = ['account', 'profile'] as const;

export function useProfile() {
  return useQuery({ queryKey: profileQueryKey, queryFn: getProfile });
}
