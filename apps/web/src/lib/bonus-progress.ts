import { useQuery } from '@tanstack/react-query';
import type { BonusProgressResponse } from '@wallet/contract/bonus';
import { api } from '@/lib/api-client';
import { bonusQueryRoot } from '@/lib/wallet/invalidate-money';

/*
 * GET /api/bonus/progress: where the running bonus stands. Here, below the features, because the withdraw
 * dialog asks it as well as the bonus screen; under the bonus root, so taking, clearing or a money movement
 * that invalidates the bonus reloads it.
 */
export const bonusProgressQueryKey = [...bonusQueryRoot, 'progress'] as const;

export function getBonusProgress(): Promise<BonusProgressResponse> {
  return api.get<BonusProgressResponse>('/api/bonus/progress');
}

/** Read afresh on each opening: play since the last look moves the credit and the turnover. */
export function useBonusProgress({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: bonusProgressQueryKey, queryFn: getBonusProgress, enabled, staleTime: 0, retry: false });
}
