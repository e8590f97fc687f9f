import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BonusTypeCreatePayload, BonusTypeResponse } from '@wallet/contract/backoffice/promotions';
import { api } from '@/lib/api-client';
import { bonusTypesQueryKey } from './get-bonus-types';

/** POST /api/backoffice/promotions/bonuses for a new one, PUT …/bonuses/:code for an edit (the whole form). */
export function saveBonusType({ isNew, ...payload }: BonusTypeCreatePayload & { isNew: boolean }) {
  if (isNew) return api.post<BonusTypeResponse>('/api/backoffice/promotions/bonuses', payload);
  const { code, ...form } = payload;
  return api.put<BonusTypeResponse>(`/api/backoffice/promotions/bonuses/${encodeURIComponent(code)}`, form);
}

export function useSaveBonusType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBonusType,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bonusTypesQueryKey }),
  });
}
