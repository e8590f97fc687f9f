import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PLAYER_LIST_PAGE_SIZE } from '@wallet/contract/backoffice/player-rules';
import type { PlayerSearchResponse } from '@wallet/contract/backoffice/players';
import { api } from '@/lib/api-client';
import { type ListRequest, listRequest, pageUrl } from '@/lib/list-request';

/** GET /api/backoffice/players: phone, name, bank account number or id; the server pages. */
export function playersRequest(q: string): ListRequest {
  return listRequest('/api/backoffice/players', { q });
}

export function searchPlayers(q: string, page: number): Promise<PlayerSearchResponse> {
  return api.get<PlayerSearchResponse>(pageUrl(playersRequest(q), page, PLAYER_LIST_PAGE_SIZE));
}

export function useSearchPlayers(q: string, page: number) {
  return useQuery({
    queryKey: ['backoffice', 'players', 'search', q, page],
    queryFn: () => searchPlayers(q, page),
    placeholderData: keepPreviousData,
  });
}
