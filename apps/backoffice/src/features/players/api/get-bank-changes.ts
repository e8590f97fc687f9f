import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { BankChangeStatus } from '@wallet/contract/backoffice/player-rules';
import { PLAYER_LIST_PAGE_SIZE } from '@wallet/contract/backoffice/player-rules';
import type { BankChangeListResponse } from '@wallet/contract/backoffice/players';
import { api } from '@/lib/api-client';
import { type ListRequest, listRequest, pageUrl } from '@/lib/list-request';

export const bankChangesQueryKey = ['backoffice', 'bank-changes'] as const;

/** GET /api/backoffice/bank-changes: pending requests oldest first, decided ones newest first. */
export function bankChangesRequest(status: BankChangeStatus): ListRequest {
  return listRequest('/api/backoffice/bank-changes', { status });
}

export function getBankChanges(status: BankChangeStatus, page: number): Promise<BankChangeListResponse> {
  return api.get<BankChangeListResponse>(pageUrl(bankChangesRequest(status), page, PLAYER_LIST_PAGE_SIZE));
}

export function useBankChanges(status: BankChangeStatus, page: number) {
  return useQuery({
    queryKey: [...bankChangesQueryKey, status, page],
    queryFn: () => getBankChanges(status, page),
    placeholderData: keepPreviousData,
  });
}
