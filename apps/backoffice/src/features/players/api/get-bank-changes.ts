import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { BankChangeStatus } from '@wallet/contract/backoffice/player-rules';
import { PLAYER_LIST_PAGE_SIZE } from '@wallet/contract/backoffice/player-rules';
import type { BankChangeListResponse } from '@wallet/contract/backoffice/players';
import { api } from '@/lib/api-client';

export const bankChangesQueryKey = ['backoffice', 'bank-changes'] as const;

/** GET /api/backoffice/bank-changes: pending requests oldest first, decided ones newest first. */
export function getBankChanges(status: BankChangeStatus, page: number): Promise<BankChangeListResponse> {
  const query = new URLSearchParams({ status, page: String(page), limit: String(PLAYER_LIST_PAGE_SIZE) });
  return api.get<BankChangeListResponse>(`/api/backoffice/bank-changes?${query}`);
}

export function useBankChanges(status: BankChangeStatus, page: number) {
  return useQuery({
    queryKey: [...bankChangesQueryKey, status, page],
    queryFn: () => getBankChanges(status, page),
    placeholderData: keepPreviousData,
  });
}
