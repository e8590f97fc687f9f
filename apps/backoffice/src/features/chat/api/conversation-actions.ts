import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ChatAgentsResponse,
  ChatConversationChangedResponse,
  ChatInboxRow,
  ChatNote,
  ChatReplyPayload,
  ChatReplyResponse,
} from '@wallet/contract/backoffice/chat';
import type { ChatUploadResponse } from '@wallet/contract/chat';
import { CHAT_FILE_FIELD } from '@wallet/contract/chat-events';
import { newIdempotencyKey } from '@wallet/web-kit/api/client';
import { api } from '@/lib/api-client';
import { addMessage } from './get-messages';
import { agentsKey, conversationKey, conversationUrl, inboxKey, notesKey } from './keys';

/** A changed inbox row: the open conversation shows it at once, the inbox lists read again. */
export function applyRow(queryClient: ReturnType<typeof useQueryClient>, row: ChatInboxRow): void {
  queryClient.setQueryData(conversationKey(row.id), row);
  void queryClient.invalidateQueries({ queryKey: inboxKey });
}

export type ConversationAction =
  | { action: 'claim' }
  | { action: 'end' }
  | { action: 'read' }
  | {
      action: 'assign';
      operatorId: string;
    };

/** POST …/claim, …/assign, …/end and …/read: each answers the row as it now stands. */
export function useConversationAction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ConversationAction) =>
      api.post<ChatConversationChangedResponse>(
        conversationUrl(id, `/${input.action}`),
        input.action === 'assign' ? { operatorId: input.operatorId } : {},
      ),
    onSuccess: ({ conversation }) => applyRow(queryClient, conversation),
    // Refused (someone else was quicker): read the row again.
    onError: () => void queryClient.invalidateQueries({ queryKey: conversationKey(id) }),
  });
}

/** GET /api/backoffice/chat/agents: who a conversation can be handed to. */
export function useAgents(enabled: boolean) {
  return useQuery({
    queryKey: agentsKey,
    queryFn: () => api.get<ChatAgentsResponse>('/api/backoffice/chat/agents').then((r) => r.agents),
    enabled,
    staleTime: 60_000,
  });
}

/**
 * POST …/reply with a client-chosen message id, so a retry after a lost answer never doubles the
 * message; the stored message joins the conversation at once.
 */
export function useReply(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: ChatReplyPayload) => api.post<ChatReplyResponse>(conversationUrl(id, '/reply'), payload),
    onSuccess: ({ message }) => {
      addMessage(queryClient, id, message);
      void queryClient.invalidateQueries({ queryKey: conversationKey(id) });
      void queryClient.invalidateQueries({ queryKey: inboxKey });
    },
  });
}

/** A new client message id: kept by the composer until the message is stored, so a retry reuses it. */
export function newClientMessageId(): string {
  return newIdempotencyKey();
}

/** POST …/notes: a private note for the agents. */
export function useAddNote(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => api.post<{ note: ChatNote }>(conversationUrl(id, '/notes'), { text }),
    onSuccess: ({ note }) => addNote(queryClient, note),
  });
}

export function addNote(queryClient: ReturnType<typeof useQueryClient>, note: ChatNote): void {
  queryClient.setQueryData<ChatNote[]>(notesKey(note.conversationId), (notes) =>
    !notes || notes.some((n) => n.id === note.id) ? notes : [...notes, note],
  );
}

/** POST …/upload-image or …/upload-video with progress (0..1); answers the path for the media message. */
export function uploadMedia(
  id: string,
  kind: 'image' | 'video',
  file: File,
  onProgress: (fraction: number) => void,
): Promise<ChatUploadResponse> {
  const form = new FormData();
  form.append(CHAT_FILE_FIELD, file, file.name);
  return api.upload<ChatUploadResponse>(conversationUrl(id, `/upload-${kind}`), form, { onProgress });
}
