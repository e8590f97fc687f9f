import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InviteSettingsPayload, InviteSettingsView } from '@wallet/contract/backoffice/promotions';
import { api } from '@/lib/api-client';
import { inviteSettingsQueryKey } from './get-invite-settings';

/** PUT /api/backoffice/promotions/invite: the whole form at once; answers what was saved (sanitised). */
export function saveInviteSettings(payload: InviteSettingsPayload): Promise<InviteSettingsView> {
  return api.put<InviteSettingsView>('/api/backoffice/promotions/invite', payload);
}

export function useSaveInviteSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveInviteSettings,
    onSuccess: (saved) => queryClient.setQueryData(inviteSettingsQueryKey, saved),
  });
}
