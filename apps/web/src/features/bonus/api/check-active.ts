import { useQuery } from '@tanstack/react-query';
import type { BonusCheckActiveResponse } from '@wallet/contract/bonus';
import { api } from '@/lib/api-client';
import { useContentLanguage, withLanguage } from '@/lib/content-language';
import { bonusQueryRoot } from './get-bonuses';

export const activeBonusQueryKey = (language: string) => [...bonusQueryRoot, 'active', language] as const;

export function checkActiveBonus(language: string): Promise<BonusCheckActiveResponse> {
  return api.get<BonusCheckActiveResponse>(withLanguage('/api/bonus/check/active', language));
}

/** GET /api/bonus/check/active: whether a bonus runs, and which one. */
export function useActiveBonus({ enabled = true }: { enabled?: boolean } = {}) {
  const language = useContentLanguage();
  return useQuery({ queryKey: activeBonusQueryKey(language), queryFn: () => checkActiveBonus(language), enabled });
}
