import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { wheelsQueryKey } from './get-wheels';

/** DELETE /api/backoffice/spinwheel/wheels/:id: only a wheel nobody has spun (WHEEL_HAS_SPINS otherwise). */
export function deleteWheel(id: string): Promise<{ message: string }> {
  return api.delete<{ message: string }>(`/api/backoffice/spinwheel/wheels/${encodeURIComponent(id)}`);
}

export function useDeleteWheel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWheel,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: wheelsQueryKey }),
  });
}
