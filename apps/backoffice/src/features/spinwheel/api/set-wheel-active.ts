import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SpinWheelActivePayload, SpinWheelResponse } from '@wallet/contract/backoffice/spinwheel';
import { api } from '@/lib/api-client';
import { wheelsQueryKey } from './get-wheels';

/** POST /api/backoffice/spinwheel/wheels/:id/active: switching one on switches the others off. */
export function setWheelActive({
  id,
  ...payload
}: SpinWheelActivePayload & { id: string }): Promise<SpinWheelResponse> {
  return api.post<SpinWheelResponse>(`/api/backoffice/spinwheel/wheels/${encodeURIComponent(id)}/active`, payload);
}

export function useSetWheelActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setWheelActive,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: wheelsQueryKey }),
  });
}
