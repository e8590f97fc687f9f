import { useQuery } from '@tanstack/react-query';
import type { BannersResponse } from '@wallet/contract/banner';
import { api } from '@/lib/api-client';
import { useContentLanguage, withLanguage } from '@/lib/content-language';

export function getInviteBanners(language: string): Promise<BannersResponse> {
  return api.get<BannersResponse>(withLanguage('/api/invite/banners', language));
}

/** GET /api/invite/banners: shown before the invite dialog; a failed load counts as none. */
export function useInviteBanners(): BannersResponse | undefined {
  const language = useContentLanguage();
  const query = useQuery({
    queryKey: ['invite', 'banners', language],
    queryFn: () => getInviteBanners(language),
    retry: false,
  });
  return query.isError ? [] : query.data;
}
