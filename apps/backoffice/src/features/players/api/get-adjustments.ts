import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdjustmentStatus } from '@wallet/contract/backoffice/player-rules';
import { PLAYER_LIST_PAGE_SIZE } from '@wallet/contract/backoffice/player-rules';
import type { AdjustmentListResponse } from '@wallet/contract/backoffice/players';
import { api } from '@/lib/api-client';

/**
 * GET /api/backoffice/adjustments (the four-eyes queue) or, with a player id,
 * GET /api/backoffice/players/:id/adjustments (the player page's tab).
 */
export function getAdjustments(
  filter: { status?: AdjustmentStatus; playerId?: string },
  page: number,
): Promise<AdjustmentListResponse> {
  const query = new URLSearchParams({ page: String(page), limit: String(PLAYER_LIST_PAGE_SIZE) });
  if (filter.status) query.set('status', filter.status);
  const base = filter.playerId
    ? `/api/backoffice/players/${encodeURIComponent(filter.playerId)}/adjustments`
    : '/api/backoffice/adjustments';
  return api.get<AdjustmentListResponse>(`${base}?${query}`);
}

export function useAdjustments(filter: { status?: AdjustmentStatus; playerId?: string }, page: number) {
  return useQuery({
    queryKey: ['backoffice', 'adjustments', filter, page],
    queryFn: () => getAdjustments(filter, page),
    placeholderData: keepPreviousData,
  });
}
