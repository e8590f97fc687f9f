import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PlayerRecordKind } from '@wallet/contract/backoffice/player-rules';
import { PLAYER_LIST_PAGE_SIZE } from '@wallet/contract/backoffice/player-rules';
import type { PlayerRecordsResponse } from '@wallet/contract/backoffice/players';
import { api } from '@/lib/api-client';
import { type ListRequest, listRequest, pageUrl } from '@/lib/list-request';

/** GET /api/backoffice/players/:id/records: statement, deposits, withdrawals or slips, paged on the server. */
export function playerRecordsRequest(id: string, kind: PlayerRecordKind): ListRequest {
  return listRequest(`/api/backoffice/players/${encodeURIComponent(id)}/records`, { kind });
}

export function getPlayerRecords(id: string, kind: PlayerRecordKind, page: number): Promise<PlayerRecordsResponse> {
  return api.get<PlayerRecordsResponse>(pageUrl(playerRecordsRequest(id, kind), page, PLAYER_LIST_PAGE_SIZE));
}

export function usePlayerRecords(id: string, kind: PlayerRecordKind, page: number) {
  return useQuery({
    queryKey: ['backoffice', 'players', id, 'records', kind, page],
    queryFn: () => getPlayerRecords(id, kind, page),
    placeholderData: keepPreviousData,
  });
}
