import { type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MoneyQueueCounts } from '@wallet/contract/backoffice/money-desk';
import { MONEY_QUEUES_EVENT } from '@wallet/contract/realtime-events';
import { useEffect } from 'react';
import { api } from '@/lib/api-client';
import { openOperatorSocket } from '@/lib/operator-socket';
import { getOperatorToken } from '@/lib/operator-token';
import { moneyQueueKey } from './get-queue';

export const moneyCountsKey = ['backoffice', 'money', 'counts'] as const;

export function getCounts(): Promise<MoneyQueueCounts> {
  return api.get<MoneyQueueCounts>('/api/backoffice/money/counts');
}

export function useMoneyCounts(enabled: boolean) {
  return useQuery({ ...queryOptions({ queryKey: moneyCountsKey, queryFn: getCounts }), enabled });
}

/** New counts from the server: the badges change at once, and open queue lists fetch their rows again. */
export function applyCounts(queryClient: QueryClient, counts: MoneyQueueCounts): void {
  queryClient.setQueryData(moneyCountsKey, counts);
  void queryClient.invalidateQueries({ queryKey: moneyQueueKey });
}

/**
 * Keeps the queue sizes live while the operator is signed in: the server pushes them over the socket
 * (operator token, operator audience) whenever they change.
 */
export function useMoneyCountsLive(enabled: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const token = getOperatorToken();
    if (!enabled || !token) return;
    let closed = false;
    let disconnect: (() => void) | undefined;
    // Loaded only here, so screens without the money desk never download it.
    void openOperatorSocket(token).then((socket) => {
      if (closed) {
        socket.disconnect();
        return;
      }
      socket.on(MONEY_QUEUES_EVENT, (counts: MoneyQueueCounts) => applyCounts(queryClient, counts));
      // After a reconnect the pushes in between are lost: ask once.
      socket.on('connect', () => void queryClient.invalidateQueries({ queryKey: moneyCountsKey }));
      disconnect = () => socket.disconnect();
    });
    return () => {
      closed = true;
      disconnect?.();
    };
  }, [enabled, queryClient]);
}
