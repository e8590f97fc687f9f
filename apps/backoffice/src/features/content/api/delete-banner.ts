import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { bannersQueryKey } from './get-banners';

/** DELETE /api/backoffice/content/banners/:id (the reason travels in the query: a DELETE has no body). */
export function deleteBanner({ id, reason }: { id: string; reason?: string }): Promise<{ message: string }> {
  const query = reason ? `?reason=${encodeURIComponent(reason)}` : '';
  return api.delete<{ message: string }>(`/api/backoffice/content/banners/${encodeURIComponent(id)}${query}`);
}

export function useDeleteBanner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBanner,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bannersQueryKey }),
  });
}
