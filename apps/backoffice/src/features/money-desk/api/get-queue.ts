import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { MoneyQueuePage } from '@wallet/contract/backoffice/money-desk';
import { MONEY_QUEUE_PAGE_SIZE, type MoneyQueue } from '@wallet/contract/backoffice/money-desk-rules';
import { api } from '@/lib/api-client';
import { type ListRequest, listRequest, pageUrl } from '@/lib/list-request';

export interface QueueParams {
  page: number;
  sort: 'createdAt' | 'amount';
  order: 'asc' | 'desc';
  q: string;
}

export const moneyQueueKey = ['backoffice', 'money', 'queue'] as const;

/** GET /api/backoffice/money/<queue>: paged, sorted and filtered by the server. */
export function queueRequest(queue: MoneyQueue, params: QueueParams): ListRequest {
  return listRequest(`/api/backoffice/money/${queue}`, { sort: params.sort, order: params.order, q: params.q });
}

export function getQueue(queue: MoneyQueue, params: QueueParams): Promise<MoneyQueuePage> {
  return api.get<MoneyQueuePage>(pageUrl(queueRequest(queue, params), params.page, MONEY_QUEUE_PAGE_SIZE));
}

export function useQueue(queue: MoneyQueue, params: QueueParams) {
  return useQuery({
    ...queryOptions({ queryKey: [...moneyQueueKey, queue, params], queryFn: () => getQueue(queue, params) }),
    placeholderData: keepPreviousData,
  });
}
