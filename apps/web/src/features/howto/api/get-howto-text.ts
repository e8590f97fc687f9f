import { useQuery } from '@tanstack/react-query';
import type { HowtoTextResponse } from '@wallet/contract/lookup';
import { api } from '@/lib/api-client';
import { useContentLanguage, withLanguage } from '@/lib/content-language';

export function getHowtoText(language: string): Promise<HowtoTextResponse> {
  return api.get<HowtoTextResponse>(withLanguage('/api/lookup/howto', language));
}

/** The operator's introduction above the how-to videos, in the visitor's language. */
export function useHowtoText() {
  const language = useContentLanguage();
  return useQuery({
    queryKey: ['lookup', 'howto', language],
    queryFn: () => getHowtoText(language),
    staleTime: 10 * 60_000,
  });
}
