import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { REFUND_PAGE_SIZE } from '@wallet/contract/constants';
import type { RefundListResponse } from '@wallet/contract/refund';
import { api } from '@/lib/api-client';
import { refundQueryRoot } from './check-refund';

export function getRefunds(page: number, limit: number = REFUND_PAGE_SIZE): Promise<RefundListResponse> {
  return api.post<RefundListResponse>('/api/refund', { page, limit });
}

/** POST /api/refund: one page of past refunds; the previous page stays while the next loads. */
export function useRefunds(page: number) {
  return useQuery({
    queryKey: [...refundQueryRoot, 'list', page],
    queryFn: () => getRefunds(page),
    placeholderData: keepPreviousData,
    // SPEC §8: a refund-list failure only hides the loader.
    retry: false,
  });
}
