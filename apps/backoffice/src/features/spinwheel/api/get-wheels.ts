import { useQuery } from '@tanstack/react-query';
import type { SpinWheelListResponse } from '@wallet/contract/backoffice/spinwheel';
import { api } from '@/lib/api-client';

export const wheelsQueryKey = ['backoffice', 'spinwheel', 'wheels'] as const;

/** GET /api/backoffice/spinwheel/wheels: every wheel with its current version's slices and expected cost. */
export function getWheels(): Promise<SpinWheelListResponse> {
  return api.get<SpinWheelListResponse>('/api/backoffice/spinwheel/wheels');
}

export function useWheels({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: wheelsQueryKey, queryFn: getWheels, enabled });
}
