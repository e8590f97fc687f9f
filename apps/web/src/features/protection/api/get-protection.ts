import { useQuery } from '@tanstack/react-query';
import type { ProtectionResponse, ProtectionView } from '@wallet/contract/protection';
import { api } from '@/lib/api-client';

/** GET /api/account/protection: limits, time-out, self-exclusion and the reality-check interval. */
export function getProtection(): Promise<ProtectionResponse> {
  return api.get<ProtectionResponse>('/api/account/protection');
}

export const protectionQueryKey = ['account', 'protection'] as const;

export function useProtection({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: protectionQueryKey, queryFn: getProtection, enabled, select: (data) => data.protection });
}

/** True while play is paused (time-out, self-exclusion, closed after it, cooling-off). */
export function isRestricted(protection: ProtectionView | undefined): boolean {
  return protection !== undefined && protection.state !== 'open';
}
