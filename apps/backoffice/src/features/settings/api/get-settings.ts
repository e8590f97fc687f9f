import { useQuery } from '@tanstack/react-query';
import type { SettingsResponse } from '@wallet/contract/backoffice/settings';
import { api } from '@/lib/api-client';

export const settingsQueryKey = ['backoffice', 'settings'] as const;

export function getSettings(): Promise<SettingsResponse> {
  return api.get<SettingsResponse>('/api/backoffice/settings');
}

export function useSettings() {
  return useQuery({ queryKey: settingsQueryKey, queryFn: getSettings });
}
