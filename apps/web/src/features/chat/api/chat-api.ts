import type {
  ChatConfigResponse,
  ChatHistoryResponse,
  ChatReadPayload,
  ChatSendPayload,
  ChatSendResponse,
  ChatUploadResponse,
} from '@wallet/contract/chat';
import { CHAT_FILE_FIELD } from '@wallet/contract/chat-events';
import { CHAT_HISTORY_PAGE_SIZE } from '@wallet/contract/constants';
import { api } from '@/lib/api-client';

/** Who the conversation belongs to: a member (userId, and the guest id they chatted under before) or a guest. */
export interface ChatIdentity {
  userId: string | null;
  guestId: string | null;
}

export function getChatConfig(): Promise<ChatConfigResponse> {
  return api.get<ChatConfigResponse>('/api/chat/config');
}

export function getChatHistory(identity: ChatIdentity, skip: number): Promise<ChatHistoryResponse> {
  return api.post<ChatHistoryResponse>('/api/chat/history', { ...identity, limit: CHAT_HISTORY_PAGE_SIZE, skip });
}

export function sendChatMessage(payload: ChatSendPayload): Promise<ChatSendResponse> {
  return api.post<ChatSendResponse>('/api/chat/send-message', payload);
}

/** Multipart with progress and the 300 s upload timeout (SPEC §7, §9); a guest names their conversation. */
export function uploadChatFile(
  file: File,
  fileType: 'image' | 'video',
  guestId: string | null,
  onProgress: (fraction: number) => void,
): Promise<ChatUploadResponse> {
  const form = new FormData();
  form.append(CHAT_FILE_FIELD, file, file.name);
  const query = guestId ? `?guestId=${encodeURIComponent(guestId)}` : '';
  return api.upload<ChatUploadResponse>(`/api/chat/upload-${fileType}${query}`, form, { onProgress });
}

export function markChatRead(payload: ChatReadPayload): Promise<unknown> {
  return api.put('/api/chat/read-customer/', payload);
}
