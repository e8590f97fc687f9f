import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MoneyClaimResponse, MoneyDecisionResponse } from '@wallet/contract/backoffice/money-desk';
import type { MoneyQueue } from '@wallet/contract/backoffice/money-desk-rules';
import { api } from '@/lib/api-client';
import { moneyCountsKey } from './get-counts';
import { moneyQueueKey } from './get-queue';

/** What an operator can do to an item: the last path segment of its route. */
export type MoneyAction =
  | 'claim'
  | 'release'
  | 'credit'
  | 'return'
  | 'confirm'
  | 'reject'
  | 'approve'
  | 'paid'
  | 'failed';

export interface MoneyActionInput {
  queue: MoneyQueue;
  id: string;
  action: MoneyAction;
  body?: Record<string, string | undefined>;
}

/** POST /api/backoffice/money/<queue>/:id/<action>: a claim, a release or a decision. */
export function runMoneyAction({
  queue,
  id,
  action,
  body,
}: MoneyActionInput): Promise<MoneyClaimResponse | MoneyDecisionResponse> {
  const payload = Object.fromEntries(
    Object.entries(body ?? {}).filter(([, value]) => value !== undefined && value !== ''),
  );
  return api.post(`/api/backoffice/money/${queue}/${encodeURIComponent(id)}/${action}`, payload);
}

export function useMoneyAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runMoneyAction,
    // Refused or not, the item may have changed under us: the lists and badges read again.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: moneyQueueKey });
      void queryClient.invalidateQueries({ queryKey: moneyCountsKey });
    },
  });
}
