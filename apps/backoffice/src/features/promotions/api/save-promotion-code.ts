import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PromotionCodeCreatePayload, PromotionCodeResponse } from '@wallet/contract/backoffice/promotions';
import { api } from '@/lib/api-client';
import { promotionCodesQueryKey } from './get-promotion-codes';

/** POST /api/backoffice/promotions/codes for a new one, PUT …/codes/:code for an edit (the whole form). */
export function savePromotionCode({ isNew, ...payload }: PromotionCodeCreatePayload & { isNew: boolean }) {
  if (isNew) return api.post<PromotionCodeResponse>('/api/backoffice/promotions/codes', payload);
  const { code, ...form } = payload;
  return api.put<PromotionCodeResponse>(`/api/backoffice/promotions/codes/${encodeURIComponent(code)}`, form);
}

export function useSavePromotionCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePromotionCode,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promotionCodesQueryKey }),
  });
}
