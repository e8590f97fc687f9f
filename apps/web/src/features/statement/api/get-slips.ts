import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { SLIP_PAGE_SIZE } from '@wallet/contract/constants';
import type { SlipListResponse } from '@wallet/contract/statement';
import { api } from '@/lib/api-client';
import { statementQueryRoot } from '@/lib/wallet/invalidate-money';

/** Under the statement's root key, so every money movement that reloads the statement reloads slips too. */
export const slipsQueryKey = (page: number) => [...statementQueryRoot, 'slips', page] as const;

export function getSlips(page: number, limit: number = SLIP_PAGE_SIZE): Promise<SlipListResponse> {
  return api.post<SlipListResponse>('/api/statement/slip', { page, limit });
}

/** One page of uploaded slips while the slip modal is open; the previous page stays while the next loads. */
export function useSlips(page: number, enabled: boolean) {
  return useQuery({
    queryKey: slipsQueryKey(page),
    queryFn: () => getSlips(page),
    placeholderData: keepPreviousData,
    enabled,
    // SPEC §8: list loads fail silently, so a failure is not worth a second try the player would wait for.
    retry: false,
  });
}
