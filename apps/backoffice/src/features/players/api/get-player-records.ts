import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PlayerRecordKind } from '@wallet/contract/backoffice/player-rules';
import { PLAYER_LIST_PAGE_SIZE } from '@wallet/contract/backoffice/player-rules';
import type { PlayerRecordsResponse } from '@wallet/contract/backoffice/players';
import { api } from '@/lib/api-client';

/** GET /api/backoffice/players/:id/records: statement, deposits, withdrawals or slips, paged on the server. */
export function getPlayerRecords(id: string, kind: PlayerRecordKind, page: number): Promise<PlayerRecordsResponse> {
  const query = new URLSearchParams({ kind, page: String(page), limit: String(PLAYER_LIST_PAGE_SIZE) });
  return api.get<PlayerRecordsResponse>(`/api/backoffice/players/${encodeURIComponent(id)}/records?${query}`);
}

export function usePlayerRecords(id: string, kind: PlayerRecordKind, page: number) {
  return useQuery({
    queryKey: ['backoffice', 'players', id, 'records', kind, page],
    queryFn: () => getPlayerRecords(id, kind, page),
    placeholderData: keepPreviousData,
  });
}
