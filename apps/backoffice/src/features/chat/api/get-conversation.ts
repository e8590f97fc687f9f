import { useQuery } from '@tanstack/react-query';
import type {
  ChatConversationResponse,
  ChatNotesResponse,
  ChatSidebarResponse,
} from '@wallet/contract/backoffice/chat';
import { api } from '@/lib/api-client';
import { conversationKey, conversationUrl, notesKey, sidebarKey } from './keys';

/** GET …/conversations/:id: the conversation's inbox row (who, assigned to, waiting, status). */
export function useConversation(id: string) {
  return useQuery({
    queryKey: conversationKey(id),
    queryFn: () => api.get<ChatConversationResponse>(conversationUrl(id)).then((r) => r.conversation),
  });
}

/** GET …/conversations/:id/notes: the agents' private notes, never shown to the player. */
export function useNotes(id: string) {
  return useQuery({
    queryKey: notesKey(id),
    queryFn: () => api.get<ChatNotesResponse>(conversationUrl(id, '/notes')).then((r) => r.notes),
  });
}

/** GET …/conversations/:id/sidebar: the member's wallet and last deposits and withdrawals (null for a guest). */
export function useSidebar(id: string) {
  return useQuery({
    queryKey: sidebarKey(id),
    queryFn: () => api.get<ChatSidebarResponse>(conversationUrl(id, '/sidebar')),
  });
}
