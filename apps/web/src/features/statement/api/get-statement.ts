import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { STATEMENT_PAGE_SIZE } from '@wallet/contract/constants';
import type { StatementListResponse } from '@wallet/contract/statement';
import { api } from '@/lib/api-client';
import { useContentLanguage, withLanguage } from '@/lib/content-language';
import { statementQueryKey } from '@/lib/wallet/invalidate-money';

/** Bonus and promotion names come in `language` (the line's code otherwise stays the player's only clue). */
export function getStatement(
  page: number,
  language: string,
  limit: number = STATEMENT_PAGE_SIZE,
): Promise<StatementListResponse> {
  return api.post<StatementListResponse>(withLanguage('/api/statement', language), { page, limit });
}

/** One page of the statement; the previous page stays on screen while the next one loads. */
export function useStatement(page: number) {
  const language = useContentLanguage();
  return useQuery({
    queryKey: [...statementQueryKey(page), language],
    queryFn: () => getStatement(page, language),
    placeholderData: keepPreviousData,
  });
}
