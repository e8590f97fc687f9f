import { useQuery } from '@tanstack/react-query';
import type { BannersResponse } from '@wallet/contract/banner';
import { api } from '@/lib/api-client';
import { useContentLanguage, withLanguage } from '@/lib/content-language';
import { refundQueryRoot } from './check-refund';

export function getRefundBanners(language: string): Promise<BannersResponse> {
  return api.get<BannersResponse>(withLanguage('/api/refund/banners', language));
}

/** GET /api/refund/banners: shown before the refund dialog; a failed load counts as none. */
export function useRefundBanners(): BannersResponse | undefined {
  const language = useContentLanguage();
  const query = useQuery({
    queryKey: [...refundQueryRoot, 'banners', language],
    queryFn: () => getRefundBanners(language),
    retry: false,
  });
  return query.isError ? [] : query.data;
}
