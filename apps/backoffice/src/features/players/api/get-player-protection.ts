import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PlayerProtectionResponse } from '@wallet/contract/backoffice/protection';
import { PROTECTION_REPORT_PAGE_SIZE } from '@wallet/contract/protection-rules';
import { api } from '@/lib/api-client';

/** GET /api/backoffice/players/:id/protection: the protection now and a page of its history. */
export function getPlayerProtection(id: string, page: number): Promise<PlayerProtectionResponse> {
  const query = new URLSearchParams({ page: String(page), limit: String(PROTECTION_REPORT_PAGE_SIZE) });
  return api.get<PlayerProtectionResponse>(`/api/backoffice/players/${encodeURIComponent(id)}/protection?${query}`);
}

/** The history as a list (items, total, limit) for the paged table, with the protection beside it. */
export function usePlayerProtection(id: string, page: number) {
  return useQuery({
    queryKey: ['backoffice', 'players', id, 'protection', page],
    queryFn: () => getPlayerProtection(id, page),
    placeholderData: keepPreviousData,
    select: (data) => ({ ...data.history, protection: data.protection }),
  });
}
