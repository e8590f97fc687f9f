import { useQuery } from '@tanstack/react-query';
import type { NoticeResponse } from '@wallet/contract/lookup';
import { api } from '@/lib/api-client';
import { useContentLanguage, withLanguage } from '@/lib/content-language';

export function getNotice(language: string): Promise<NoticeResponse> {
  return api.get<NoticeResponse>(withLanguage('/api/lookup/notice', language));
}

/** The operator's notice (GET /api/lookup/notice, SPEC §7) in the player's language. */
export function useNotice() {
  const language = useContentLanguage();
  return useQuery({
    queryKey: ['lookup', 'notice', language],
    queryFn: () => getNotice(language),
    staleTime: 60_000,
  });
}
