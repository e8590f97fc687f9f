import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ChatInboxFilter, ChatInboxResponse } from '@wallet/contract/backoffice/chat';
import { api } from '@/lib/api-client';
import { inboxKey } from './keys';

/** The inbox's tabs (CHAT_INBOX_FILTERS; that module pulls Zod, so the list is restated and checked here). */
export const INBOX_FILTERS = [
  'open',
  'mine',
  'unassigned',
  'ended',
  'all',
] as const satisfies readonly ChatInboxFilter[];
export const INBOX_PAGE_SIZE = 50;

/** GET /api/backoffice/chat/conversations?filter&page&limit. */
export function getInbox(filter: ChatInboxFilter, page: number, limit = INBOX_PAGE_SIZE): Promise<ChatInboxResponse> {
  const query = new URLSearchParams({ filter, page: String(page), limit: String(limit) });
  return api.get<ChatInboxResponse>(`/api/backoffice/chat/conversations?${query}`);
}

export function useInbox(filter: ChatInboxFilter, page: number, enabled = true) {
  return useQuery({
    queryKey: [...inboxKey, filter, page],
    queryFn: () => getInbox(filter, page),
    placeholderData: keepPreviousData,
    enabled,
  });
}
