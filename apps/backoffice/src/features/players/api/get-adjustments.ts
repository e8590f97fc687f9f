import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdjustmentStatus } from '@wallet/contract/backoffice/player-rules';
import { PLAYER_LIST_PAGE_SIZE } from '@wallet/contract/backoffice/player-rules';
import type { AdjustmentListResponse } from '@wallet/contract/backoffice/players';
import { api } from '@/lib/api-client';
import { type ListRequest, listRequest, pageUrl } from '@/lib/list-request';

export interface AdjustmentFilter {
  status?: AdjustmentStatus;
  playerId?: string;
}

/**
 * GET /api/backoffice/adjustments (the four-eyes queue) or, with a player id,
 * GET /api/backoffice/players/:id/adjustments (the player page's tab).
 */
export function adjustmentsRequest(filter: AdjustmentFilter): ListRequest {
  const path = filter.playerId
    ? `/api/backoffice/players/${encodeURIComponent(filter.playerId)}/adjustments`
    : '/api/backoffice/adjustments';
  return listRequest(path, { status: filter.status });
}

export function getAdjustments(filter: AdjustmentFilter, page: number): Promise<AdjustmentListResponse> {
  return api.get<AdjustmentListResponse>(pageUrl(adjustmentsRequest(filter), page, PLAYER_LIST_PAGE_SIZE));
}

export function useAdjustments(filter: AdjustmentFilter, page: number) {
  return useQuery({
    queryKey: ['backoffice', 'adjustments', filter, page],
    queryFn: () => getAdjustments(filter, page),
    placeholderData: keepPreviousData,
  });
}
