import { type InfiniteData, type QueryClient, useInfiniteQuery } from '@tanstack/react-query';
import type { ChatStaffMessage, ChatStaffMessagesResponse } from '@wallet/contract/backoffice/chat';
import { api } from '@/lib/api-client';
import { conversationUrl, messagesKey } from './keys';

export const MESSAGES_PAGE_SIZE = 30;

type Pages = InfiniteData<ChatStaffMessage[], unknown>;

/**
 * GET …/conversations/:id/messages?skip&limit: pages newest first, each page oldest first. skip counts
 * what is already here, live messages included, so "older" never repeats one.
 */
export function useMessages(id: string) {
  return useInfiniteQuery({
    queryKey: messagesKey(id),
    initialPageParam: 0,
    queryFn: ({ pageParam }) =>
      api
        .get<ChatStaffMessagesResponse>(conversationUrl(id, `/messages?skip=${pageParam}&limit=${MESSAGES_PAGE_SIZE}`))
        .then((r) => r.messages),
    getNextPageParam: (last, pages) =>
      last.length < MESSAGES_PAGE_SIZE ? undefined : pages.reduce((sum, page) => sum + page.length, 0),
  });
}

/** All loaded messages, oldest first. */
export function flattenMessages(data: Pages | undefined): ChatStaffMessage[] {
  if (!data) return [];
  return [...data.pages].reverse().flat();
}

/** A message that arrived live (or that this agent just sent) joins the newest page once. */
export function addMessage(queryClient: QueryClient, conversationId: string, message: ChatStaffMessage): void {
  queryClient.setQueryData<Pages>(messagesKey(conversationId), (data) => {
    if (!data) return data;
    if (data.pages.some((page) => page.some((m) => m.id === message.id))) return data;
    const [newest = [], ...older] = data.pages;
    return { ...data, pages: [[...newest, message], ...older] };
  });
}
