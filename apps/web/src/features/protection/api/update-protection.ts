import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProtectionLimitsPayload, ProtectionResponse } from '@wallet/contract/protection';
import type { ExclusionMonths, LimitPeriod, RealityCheckMinutes, TimeoutDays } from '@wallet/contract/protection-rules';
import { api } from '@/lib/api-client';
import { protectionQueryKey } from './get-protection';

/*
 * The writes of the Play safe screen. Each answers the player's whole protection, which replaces the cached
 * one at once; a time-out or exclusion also changes what home shows (banners, the wallet's game buttons).
 */

export function saveLimits(payload: ProtectionLimitsPayload): Promise<ProtectionResponse> {
  return api.put<ProtectionResponse>('/api/account/protection/limits', payload);
}

export function confirmLimit(period: LimitPeriod): Promise<ProtectionResponse> {
  return api.post<ProtectionResponse>('/api/account/protection/limits/confirm', { period });
}

export function startTimeout(days: TimeoutDays): Promise<ProtectionResponse> {
  return api.post<ProtectionResponse>('/api/account/protection/timeout', { days });
}

export function startExclusion(months: ExclusionMonths): Promise<ProtectionResponse> {
  return api.post<ProtectionResponse>('/api/account/protection/exclusion', { months });
}

export function askToReturn(): Promise<ProtectionResponse> {
  return api.post<ProtectionResponse>('/api/account/protection/return', {});
}

export function setRealityCheck(minutes: RealityCheckMinutes): Promise<ProtectionResponse> {
  return api.put<ProtectionResponse>('/api/account/protection/reality-check', { minutes });
}

/**
 * A write whose answer replaces the cached protection. `restricts`: a time-out, exclusion or return
 * changes what the member screens show (banners, bonuses, game buttons), so they are all asked again.
 */
export function useProtectionWrite<T>(write: (input: T) => Promise<ProtectionResponse>, { restricts = false } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: async (answer) => {
      queryClient.setQueryData(protectionQueryKey, answer);
      if (restricts) {
        await queryClient.invalidateQueries({ predicate: (query) => query.queryKey[1] !== 'protection' });
      }
    },
  });
}
