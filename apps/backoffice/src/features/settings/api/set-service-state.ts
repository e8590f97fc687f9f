import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ServiceStatePayload, SettingsResponse } from '@wallet/contract/backoffice/settings';
import { api } from '@/lib/api-client';
import { settingsQueryKey } from './get-settings';

/** POST /api/backoffice/settings/service: the whole service off or on, with a reason. */
export function setServiceState(payload: ServiceStatePayload): Promise<SettingsResponse> {
  return api.post<SettingsResponse>('/api/backoffice/settings/service', payload);
}

export function useSetServiceState() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setServiceState,
    onSuccess: (settings) => queryClient.setQueryData(settingsQueryKey, settings),
  });
}
