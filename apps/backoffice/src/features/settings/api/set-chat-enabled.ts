import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChatSettingPayload, SettingsResponse } from '@wallet/contract/backoffice/settings';
import { api } from '@/lib/api-client';
import { settingsQueryKey } from './get-settings';

/** POST /api/backoffice/settings/chat: support chat on or off, with a reason. */
export function setChatEnabled(payload: ChatSettingPayload): Promise<SettingsResponse> {
  return api.post<SettingsResponse>('/api/backoffice/settings/chat', payload);
}

export function useSetChatEnabled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setChatEnabled,
    onSuccess: (settings) => queryClient.setQueryData(settingsQueryKey, settings),
  });
}
