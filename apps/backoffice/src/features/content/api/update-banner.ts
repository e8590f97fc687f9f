import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BannerResponse, BannerUpdatePayload } from '@wallet/contract/backoffice/content';
import { api } from '@/lib/api-client';
import { bannersQueryKey } from './get-banners';

/** PUT /api/backoffice/content/banners/:id: order, link, on/off, alt texts. */
export function updateBanner({ id, ...changes }: BannerUpdatePayload & { id: string }): Promise<BannerResponse> {
  return api.put<BannerResponse>(`/api/backoffice/content/banners/${encodeURIComponent(id)}`, changes);
}

export function useUpdateBanner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBanner,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bannersQueryKey }),
  });
}
