import { useQuery } from '@tanstack/react-query';
import type { HomeBannersResponse } from '@wallet/contract/lookup';
import { api } from '@/lib/api-client';
import { useContentLanguage, withLanguage } from '@/lib/content-language';

export function getHomeBanners(language: string): Promise<HomeBannersResponse> {
  return api.get<HomeBannersResponse>(withLanguage('/api/lookup/banners', language));
}

/** The home slides and banners the operator switched on (alt text in the player's language). */
export function useHomeBanners() {
  const language = useContentLanguage();
  return useQuery({
    queryKey: ['lookup', 'banners', language],
    queryFn: () => getHomeBanners(language),
    staleTime: 60_000,
  });
}
