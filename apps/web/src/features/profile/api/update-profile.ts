import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileUpdatePayload } from '@wallet/contract/account';
import type { MessageResponse } from '@wallet/contract/errors';
import { api } from '@/lib/api-client';
import { profileQueryKey } from './get-profile';

/** PUT /api/account/profile (SPEC §3 Profile update): the name, with the bank details as they are. */
export function updateProfile(payload: ProfileUpdatePayload): Promise<MessageResponse> {
  return api.put<MessageResponse>('/api/account/profile', payload);
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileQueryKey }),
  });
}
