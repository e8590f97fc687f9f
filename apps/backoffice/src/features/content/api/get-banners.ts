import { useQuery } from '@tanstack/react-query';
import type { BannerListResponse } from '@wallet/contract/backoffice/content';
import { api } from '@/lib/api-client';

export const bannersQueryKey = ['backoffice', 'content', 'banners'] as const;

export function getBanners(): Promise<BannerListResponse> {
  return api.get<BannerListResponse>('/api/backoffice/content/banners');
}

export function useBanners() {
  return useQuery({ queryKey: bannersQueryKey, queryFn: getBanners });
}
