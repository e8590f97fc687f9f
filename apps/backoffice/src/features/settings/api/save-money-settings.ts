import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MoneySettingsPayload, SettingsResponse } from '@wallet/contract/backoffice/settings';
import { api } from '@/lib/api-client';
import { settingsQueryKey } from './get-settings';

/** PUT /api/backoffice/settings/money: the whole money form at once. */
export function saveMoneySettings(payload: MoneySettingsPayload): Promise<SettingsResponse> {
  return api.put<SettingsResponse>('/api/backoffice/settings/money', payload);
}

export function useSaveMoneySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMoneySettings,
    onSuccess: (settings) => queryClient.setQueryData(settingsQueryKey, settings),
  });
}
