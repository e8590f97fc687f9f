import { useQuery } from '@tanstack/react-query';
import type { SiteDetailsResponse } from '@wallet/contract/backoffice/content';
import { api } from '@/lib/api-client';

export const siteDetailsQueryKey = ['backoffice', 'content', 'details'] as const;

export function getSiteDetails(): Promise<SiteDetailsResponse> {
  return api.get<SiteDetailsResponse>('/api/backoffice/content/details');
}

export function useSiteDetails() {
  return useQuery({ queryKey: siteDetailsQueryKey, queryFn: getSiteDetails });
}
