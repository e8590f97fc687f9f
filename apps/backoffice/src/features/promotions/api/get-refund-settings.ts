import { useQuery } from '@tanstack/react-query';
import type { RefundSettingsView } from '@wallet/contract/backoffice/promotions';
import { api } from '@/lib/api-client';

export const refundSettingsQueryKey = ['backoffice', 'promotions', 'refund'] as const;

export function getRefundSettings(): Promise<RefundSettingsView> {
  return api.get<RefundSettingsView>('/api/backoffice/promotions/refund');
}

export function useRefundSettings() {
  return useQuery({ queryKey: refundSettingsQueryKey, queryFn: getRefundSettings });
}
