import { useQuery } from '@tanstack/react-query';
import type { ConditionsResponse } from '@wallet/contract/lookup';
import { api } from '@/lib/api-client';
import { useContentLanguage, withLanguage } from '@/lib/content-language';

export function getConditions(language: string): Promise<ConditionsResponse> {
  return api.get<ConditionsResponse>(withLanguage('/api/lookup/conditions', language));
}

export function useConditions(enabled: boolean) {
  const language = useContentLanguage();
  return useQuery({ queryKey: ['lookup', 'conditions', language], queryFn: () => getConditions(language), enabled });
}
