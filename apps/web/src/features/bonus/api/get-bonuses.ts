import { useQuery } from '@tanstack/react-query';
import type { BonusListResponse } from '@wallet/contract/bonus';
import { api } from '@/lib/api-client';
import { useContentLanguage, withLanguage } from '@/lib/content-language';
import { bonusQueryRoot } from '@/lib/wallet/invalidate-money';

// The root lives in lib (invite and refund claims start a bonus too); the bonus feature keeps naming it.
export { bonusQueryRoot };
export const bonusesQueryKey = (language: string) => [...bonusQueryRoot, 'list', language] as const;

export function getBonuses(language: string): Promise<BonusListResponse> {
  return api.get<BonusListResponse>(withLanguage('/api/bonus', language));
}

/** GET /api/bonus: the bonus cards, in the app's language. */
export function useBonuses() {
  const language = useContentLanguage();
  return useQuery({ queryKey: bonusesQueryKey(language), queryFn: () => getBonuses(language) });
}
