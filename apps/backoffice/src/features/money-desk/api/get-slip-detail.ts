import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MoneySlipDetail } from '@wallet/contract/backoffice/money-desk';
import { api } from '@/lib/api-client';

/** GET /api/backoffice/money/slips/:id: the slip's signed image link and the verifier's answer. */
export function getSlipDetail(id: string): Promise<MoneySlipDetail> {
  return api.get<MoneySlipDetail>(`/api/backoffice/money/slips/${encodeURIComponent(id)}`);
}

export function useSlipDetail(id: string | null) {
  return useQuery({
    ...queryOptions({ queryKey: ['backoffice', 'money', 'slip', id], queryFn: () => getSlipDetail(id ?? '') }),
    enabled: id !== null,
  });
}
