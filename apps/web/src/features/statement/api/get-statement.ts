import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { STATEMENT_PAGE_SIZE } from '@wallet/contract/constants';
import type { StatementListResponse } from '@wallet/contract/statement';
import { api } from '@/lib/api-client';
import { statementQueryKey } from '@/lib/wallet/invalidate-money';

export function getStatement(page: number, limit: number = STATEMENT_PAGE_SIZE): Promise<StatementListResponse> {
  return api.post<StatementListResponse>('/api/statement', { page, limit });
}

/** One page of the statement; the previous page stays on screen while the next one loads. */
export function useStatement(page: number) {
  return useQuery({
    queryKey: statementQueryKey(page),
    queryFn: () => getStatement(page),
    placeholderData: keepPreviousData,
  });
}
