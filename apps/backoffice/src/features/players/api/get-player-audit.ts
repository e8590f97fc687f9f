import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditPage } from '@wallet/contract/backoffice/audit';
import { PLAYER_LIST_PAGE_SIZE } from '@wallet/contract/backoffice/player-rules';
import { api } from '@/lib/api-client';

/** GET /api/backoffice/players/:id/audit: what operators did to this player, newest first. */
export function getPlayerAudit(id: string, page: number): Promise<AuditPage> {
  const query = new URLSearchParams({ page: String(page), limit: String(PLAYER_LIST_PAGE_SIZE) });
  return api.get<AuditPage>(`/api/backoffice/players/${encodeURIComponent(id)}/audit?${query}`);
}

export function usePlayerAudit(id: string, page: number) {
  return useQuery({
    queryKey: ['backoffice', 'players', id, 'audit', page],
    queryFn: () => getPlayerAudit(id, page),
    placeholderData: keepPreviousData,
  });
}
