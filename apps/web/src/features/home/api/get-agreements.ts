import { useQuery } from '@tanstack/react-query';
import type { AgreementsResponse } from '@wallet/contract/lookup';
import { api } from '@/lib/api-client';
import { useContentLanguage, withLanguage } from '@/lib/content-language';

export function getAgreements(language: string): Promise<AgreementsResponse> {
  return api.get<AgreementsResponse>(withLanguage('/api/lookup/agreements', language));
}

export const agreementsQueryKey = ['lookup', 'agreements'] as const;

export function useAgreements(enabled: boolean) {
  const language = useContentLanguage();
  return useQuery({
    queryKey: [...agreementsQueryKey, language],
    queryFn: () => getAgreements(language),
    enabled,
    staleTime: 10 * 60_000,
  });
}
