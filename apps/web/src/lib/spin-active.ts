import { useQuery } from '@tanstack/react-query';
import type { SpinActiveResponse } from '@wallet/contract/spinwheel';
import { api } from '@/lib/api-client';

/*
 * GET /api/spinwheel/active: Home shows the spin widget only while a wheel is active (SPEC §2, §4). Here,
 * below the features, because Home asks it without loading the Spin screen's code; under the spin root so
 * a spin or a claim refreshes it too.
 */
export const spinActiveQueryKey = ['spinwheel', 'active'] as const;

export function getSpinActive(): Promise<SpinActiveResponse> {
  return api.get<SpinActiveResponse>('/api/spinwheel/active');
}

export function useSpinActive({ enabled = true }: { enabled?: boolean } = {}) {
  // A failed check shows the refresh-all widget, as an inactive wheel does.
  return useQuery({ queryKey: spinActiveQueryKey, queryFn: getSpinActive, enabled, retry: false });
}
