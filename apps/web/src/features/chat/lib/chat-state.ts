import type { ChatDeliveryStatus, Conversation } from '@wallet/contract/chat';

/** What a failed media message needs to be sent again without choosing the file again. */
export interface LocalMedia {
  file: File;
  fileType: 'image' | 'video';
  previewUrl: string;
  /** The uploaded file's path, once the upload succeeded: a resend then only sends the message. */
  uploadedPath: string | null;
}

/** One line of the conversation: a stored message, or one of the player's own on its way. */
export interface ChatItem {
  /** The client message id of the player's messages, else the server's id. */
  key: string;
  conversation: Conversation;
  status: ChatDeliveryStatus;
  /** Upload progress 0..1 while uploading_file. */
  progress: number | null;
  /** Why the last try failed (a translated text). */
  error: string | null;
  local: LocalMedia | null;
}

export interface ChatState {
  items: ChatItem[];
  /** Whether older history may exist (the last page asked for was full). */
  hasMore: boolean;
}

export const initialChatState: ChatState = { items: [], hasMore: true };

export type ChatAction =
  | { type: 'page'; conversations: Conversation[]; older: boolean; limit: number }
  | { type: 'received'; conversation: Conversation }
  | { type: 'local'; item: ChatItem }
  | { type: 'update'; key: string; patch: Partial<Omit<ChatItem, 'key'>> }
  | { type: 'remove'; key: string };

export function itemKey(conversation: Pick<Conversation, 'id' | 'clientMessageId'>): string {
  return conversation.clientMessageId || conversation.id;
}

const time = (item: ChatItem) => Date.parse(item.conversation.createdAt) || 0;

/** Oldest first; messages still on their way stay after every stored one. */
function sorted(items: ChatItem[]): ChatItem[] {
  return [...items].sort((a, b) => {
    const pendingA = a.status !== 'succeed';
    const pendingB = b.status !== 'succeed';
    if (pendingA !== pendingB) return pendingA ? 1 : -1;
    return time(a) - time(b);
  });
}

/** Adds stored messages, replacing a copy already held (the player's own message coming back, a page overlap). */
function merge(items: ChatItem[], conversations: Conversation[]): ChatItem[] {
  const byKey = new Map(items.map((item) => [item.key, item]));
  const keyOfId = new Map(items.map((item) => [item.conversation.id, item.key]));
  for (const conversation of conversations) {
    const key = keyOfId.get(conversation.id) ?? itemKey(conversation);
    const held = byKey.get(key);
    byKey.set(key, {
      key,
      conversation,
      status: 'succeed',
      progress: null,
      error: null,
      local: held?.local ?? null,
    });
  }
  return sorted([...byKey.values()]);
}

export function chatReducer(state: ChatState, action: ChatAction): ChatState {
  switch (action.type) {
    case 'page': {
      const items = merge(state.items, action.conversations);
      // Catching up (the newest page) says nothing about older history.
      const hasMore = action.older ? action.conversations.length >= action.limit : state.hasMore;
      return { items, hasMore };
    }
    case 'received':
      return { ...state, items: merge(state.items, [action.conversation]) };
    case 'local':
      return { ...state, items: sorted([...state.items.filter((item) => item.key !== action.item.key), action.item]) };
    case 'update':
      return {
        ...state,
        items: sorted(state.items.map((item) => (item.key === action.key ? { ...item, ...action.patch } : item))),
      };
    case 'remove':
      return { ...state, items: state.items.filter((item) => item.key !== action.key) };
  }
}

/** How many stored messages are held: the skip of the next older page (the server counts from the newest). */
export function storedCount(state: ChatState): number {
  return state.items.filter((item) => item.status === 'succeed').length;
}
