import { useQuery } from '@tanstack/react-query';
import type { InviteSettingsView } from '@wallet/contract/backoffice/promotions';
import { api } from '@/lib/api-client';

export const inviteSettingsQueryKey = ['backoffice', 'promotions', 'invite'] as const;

export function getInviteSettings(): Promise<InviteSettingsView> {
  return api.get<InviteSettingsView>('/api/backoffice/promotions/invite');
}

export function useInviteSettings() {
  return useQuery({ queryKey: inviteSettingsQueryKey, queryFn: getInviteSettings });
}
