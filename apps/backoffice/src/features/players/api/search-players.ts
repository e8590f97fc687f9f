import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PLAYER_LIST_PAGE_SIZE } from '@wallet/contract/backoffice/player-rules';
import type { PlayerSearchResponse } from '@wallet/contract/backoffice/players';
import { api } from '@/lib/api-client';

/** GET /api/backoffice/players: phone, name, bank account number or id; the server pages. */
export function searchPlayers(q: string, page: number): Promise<PlayerSearchResponse> {
  const query = new URLSearchParams({ page: String(page), limit: String(PLAYER_LIST_PAGE_SIZE) });
  if (q.trim()) query.set('q', q.trim());
  return api.get<PlayerSearchResponse>(`/api/backoffice/players?${query}`);
}

export function useSearchPlayers(q: string, page: number) {
  return useQuery({
    queryKey: ['backoffice', 'players', 'search', q, page],
    queryFn: () => searchPlayers(q, page),
    placeholderData: keepPreviousData,
  });
}
