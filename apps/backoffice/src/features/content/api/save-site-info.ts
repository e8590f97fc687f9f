import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SiteInfo, SiteInfoPayload } from '@wallet/contract/backoffice/content';
import { api } from '@/lib/api-client';
import { siteDetailsQueryKey } from './get-site-details';

/** PUT /api/backoffice/content/info: the name and website players' lookup info answers. */
export function saveSiteInfo(payload: SiteInfoPayload): Promise<SiteInfo> {
  return api.put<SiteInfo>('/api/backoffice/content/info', payload);
}

export function useSaveSiteInfo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSiteInfo,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: siteDetailsQueryKey }),
  });
}
