import { useQuery } from '@tanstack/react-query';
import type { Source } from '@wallet/contract/lookup';
import { api } from '@/lib/api-client';
import { useContentLanguage, withLanguage } from '@/lib/content-language';

export function getSources(language: string): Promise<Source[]> {
  return api.get<Source[]>(withLanguage('/api/lookup/sources', language));
}

export function useSources() {
  const language = useContentLanguage();
  return useQuery({
    queryKey: ['lookup', 'sources', language],
    queryFn: () => getSources(language),
    staleTime: 300_000,
  });
}
