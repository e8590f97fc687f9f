import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { MoneyPlayerList } from '@wallet/contract/backoffice/money-desk';
import { api } from '@/lib/api-client';

/** GET /api/backoffice/money/players?q=: by phone, name or bank account number. */
export function searchPlayers(q: string): Promise<MoneyPlayerList> {
  return api.get<MoneyPlayerList>(`/api/backoffice/money/players?${new URLSearchParams({ q })}`);
}

export function usePlayerSearch(q: string) {
  const query = q.trim();
  return useQuery({
    ...queryOptions({ queryKey: ['backoffice', 'money', 'players', query], queryFn: () => searchPlayers(query) }),
    enabled: query.length >= 2,
    placeholderData: keepPreviousData,
  });
}
