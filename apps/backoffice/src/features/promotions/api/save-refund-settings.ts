import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RefundSettingsPayload, RefundSettingsView } from '@wallet/contract/backoffice/promotions';
import { api } from '@/lib/api-client';
import { refundSettingsQueryKey } from './get-refund-settings';

/** PUT /api/backoffice/promotions/refund: the whole form at once; answers what was saved (sanitised). */
export function saveRefundSettings(payload: RefundSettingsPayload): Promise<RefundSettingsView> {
  return api.put<RefundSettingsView>('/api/backoffice/promotions/refund', payload);
}

export function useSaveRefundSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveRefundSettings,
    onSuccess: (saved) => queryClient.setQueryData(refundSettingsQueryKey, saved),
  });
}
