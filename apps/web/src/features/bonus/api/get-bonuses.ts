import { useQuery } from '@tanstack/react-query';
import type { BonusListResponse } from '@wallet/contract/bonus';
import { api } from '@/lib/api-client';
import { useContentLanguage, withLanguage } from '@/lib/content-language';

export const bonusQueryRoot = ['bonus'] as const;
export const bonusesQueryKey = (language: string) => [...bonusQueryRoot, 'list', language] as const;

export function getBonuses(language: string): Promise<BonusListResponse> {
  return api.get<BonusListResponse>(withLanguage('/api/bonus', language));
}

/** GET /api/bonus: the bonus cards, in the app's language. */
export function useBonuses() {
  const language = useContentLanguage();
  return useQuery({ queryKey: bonusesQueryKey(language), queryFn: () => getBonuses(language) });
}
