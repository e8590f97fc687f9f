import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SpinWheelPayload, SpinWheelResponse } from '@wallet/contract/backoffice/spinwheel';
import { api } from '@/lib/api-client';
import { wheelsQueryKey } from './get-wheels';

/**
 * POST /api/backoffice/spinwheel/wheels for a new wheel, PUT …/wheels/:id for an edit (the whole form;
 * the server makes a new version when players have spun the current one).
 */
export function saveWheel({ id, ...payload }: SpinWheelPayload & { id: string | null }): Promise<SpinWheelResponse> {
  if (id === null) return api.post<SpinWheelResponse>('/api/backoffice/spinwheel/wheels', payload);
  return api.put<SpinWheelResponse>(`/api/backoffice/spinwheel/wheels/${encodeURIComponent(id)}`, payload);
}

export function useSaveWheel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveWheel,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: wheelsQueryKey }),
  });
}
