import { useQuery } from '@tanstack/react-query';
import type { PlayerDetail } from '@wallet/contract/backoffice/players';
import { api } from '@/lib/api-client';

export const playerQueryKey = (id: string) => ['backoffice', 'players', id] as const;

/** GET /api/backoffice/players/:id: the player page's header, balances, accounts and sessions. */
export function getPlayer(id: string): Promise<PlayerDetail> {
  return api.get<PlayerDetail>(`/api/backoffice/players/${encodeURIComponent(id)}`);
}

export function usePlayer(id: string) {
  return useQuery({ queryKey: playerQueryKey(id), queryFn: () => getPlayer(id) });
}
