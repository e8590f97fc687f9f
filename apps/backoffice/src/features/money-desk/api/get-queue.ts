import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { MoneyQueuePage } from '@wallet/contract/backoffice/money-desk';
import { MONEY_QUEUE_PAGE_SIZE, type MoneyQueue } from '@wallet/contract/backoffice/money-desk-rules';
import { api } from '@/lib/api-client';

export interface QueueParams {
  page: number;
  sort: 'createdAt' | 'amount';
  order: 'asc' | 'desc';
  q: string;
}

export const moneyQueueKey = ['backoffice', 'money', 'queue'] as const;

/** GET /api/backoffice/money/<queue>: paged, sorted and filtered by the server. */
export function getQueue(queue: MoneyQueue, params: QueueParams): Promise<MoneyQueuePage> {
  const query = new URLSearchParams({
    page: String(params.page),
    limit: String(MONEY_QUEUE_PAGE_SIZE),
    sort: params.sort,
    order: params.order,
  });
  if (params.q.trim()) query.set('q', params.q.trim());
  return api.get<MoneyQueuePage>(`/api/backoffice/money/${queue}?${query}`);
}

export function useQueue(queue: MoneyQueue, params: QueueParams) {
  return useQuery({
    ...queryOptions({ queryKey: [...moneyQueueKey, queue, params], queryFn: () => getQueue(queue, params) }),
    placeholderData: keepPreviousData,
  });
}
