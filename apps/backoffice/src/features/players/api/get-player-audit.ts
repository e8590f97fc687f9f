import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditPage } from '@wallet/contract/backoffice/audit';
import { PLAYER_LIST_PAGE_SIZE } from '@wallet/contract/backoffice/player-rules';
import { api } from '@/lib/api-client';
import { type ListRequest, listRequest, pageUrl } from '@/lib/list-request';

/** GET /api/backoffice/players/:id/audit: what operators did to this player, newest first. */
export function playerAuditRequest(id: string): ListRequest {
  return listRequest(`/api/backoffice/players/${encodeURIComponent(id)}/audit`);
}

export function getPlayerAudit(id: string, page: number): Promise<AuditPage> {
  return api.get<AuditPage>(pageUrl(playerAuditRequest(id), page, PLAYER_LIST_PAGE_SIZE));
}

export function usePlayerAudit(id: string, page: number) {
  return useQuery({
    queryKey: ['backoffice', 'players', id, 'audit', page],
    queryFn: () => getPlayerAudit(id, page),
    placeholderData: keepPreviousData,
  });
}
