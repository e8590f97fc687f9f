import { useQueryClient } from '@tanstack/react-query';
import type { ChatJoinAck, ChatMessage, ChatTypingEvent, Conversation } from '@wallet/contract/chat';
import { CHAT_SOCKET_EVENTS } from '@wallet/contract/chat-events';
import {
  CHAT_HISTORY_PAGE_SIZE,
  CHAT_MESSAGE_MAX,
  READ_MARK_DEBOUNCE_MS,
  SOCKET_RECONNECT_CHECK_MS,
  STORAGE_KEYS,
} from '@wallet/contract/constants';
import { SOCKET_PATH } from '@wallet/contract/realtime-events';
import { getToken } from '@wallet/web-kit/lib/auth-token';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client';
import { config } from '@/lib/config';
import {
  type ChatIdentity,
  getChatConfig,
  getChatHistory,
  markChatRead,
  sendChatMessage,
  uploadChatFile,
} from '../api/chat-api';
import { type ChatItem, chatReducer, initialChatState, itemKey, storedCount } from '../lib/chat-state';
import { guestId as makeGuestId, newId, storedGuestId } from '../lib/guest-id';

/** Pages a catch-up may walk back before it stops (a long absence reloads at most this many). */
const CATCH_UP_PAGES = 5;
/** The player counts as typing until this long after their last key. */
const TYPING_IDLE_MS = 3000;
/** An agent's "typing" that never got its stop fades after this long. */
const AGENT_TYPING_MAX_MS = 15_000;

type Socket = import('socket.io-client').Socket;

/** Who is chatting: a member by their profile id (with the guest id they chatted under before), else a guest. */
async function resolveIdentity(
  fetchProfile: () => Promise<{ _id: string }>,
): Promise<ChatIdentity & { token: string | null; roomId: string }> {
  const token = getToken();
  if (!token) {
    const guestId = makeGuestId();
    return { token: null, userId: null, guestId, roomId: guestId };
  }
  const profile = await fetchProfile();
  return { token, userId: profile._id, guestId: storedGuestId(), roomId: profile._id };
}

/**
 * The chat socket's origin: VITE_CHAT_BACKEND_URL ('/' for the page's own origin). Without that setting
 * no socket connects (SPEC §4) and the 5 s check fetches new messages instead.
 */
export function chatSocketOrigin(): string | null {
  const setting = config.chatBackendUrl;
  if (!setting) return null;
  try {
    return new URL(setting, window.location.origin).origin;
  } catch {
    return null;
  }
}

function errorText(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

export interface UseChatOptions {
  /** Called once for each message that arrives after the first page (live or caught up). */
  onIncoming?: (conversation: Conversation) => void;
}

/**
 * The conversation of the player or guest on this device: history with paging, live messages (socket, with a
 * reconnect check every 5 s that catches up on what was missed), sending with delivery states, resend,
 * remove and debounced read marks.
 */
export function useChat({ onIncoming }: UseChatOptions = {}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(chatReducer, initialChatState);
  const [phase, setPhase] = useState<'loading' | 'ready' | 'error'>('loading');
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [online, setOnline] = useState(true);
  const [attempt, setAttempt] = useState(0);
  const [agentTyping, setAgentTyping] = useState(false);
  const socketRef = useRef<Socket | undefined>(undefined);
  const typingTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const agentTypingTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const stateRef = useRef(state);
  stateRef.current = state;
  const identityRef = useRef<ChatIdentity | null>(null);
  const onIncomingRef = useRef(onIncoming);
  onIncomingRef.current = onIncoming;
  const readTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const isHeld = useCallback((conversation: Conversation) => {
    const key = itemKey(conversation);
    return stateRef.current.items.some((item) => item.key === key || item.conversation.id === conversation.id);
  }, []);

  const receive = useCallback(
    (conversation: Conversation) => {
      const fresh = !isHeld(conversation);
      if (conversation.sender === 'other') setAgentTyping(false);
      dispatch({ type: 'received', conversation });
      if (fresh) onIncomingRef.current?.(conversation);
    },
    [isHeld],
  );

  /** Fetches the newest pages until one overlaps what is held: the messages missed while away. */
  const catchUp = useCallback(async () => {
    const identity = identityRef.current;
    if (!identity) return;
    for (let page = 0; page < CATCH_UP_PAGES; page += 1) {
      const { conversations } = await getChatHistory(identity, page * CHAT_HISTORY_PAGE_SIZE);
      const fresh = conversations.filter((conversation) => !isHeld(conversation));
      dispatch({ type: 'page', conversations, older: false, limit: CHAT_HISTORY_PAGE_SIZE });
      for (const conversation of fresh) onIncomingRef.current?.(conversation);
      if (fresh.length < conversations.length || conversations.length < CHAT_HISTORY_PAGE_SIZE) return;
    }
  }, [isHeld]);

  useEffect(() => {
    let closed = false;
    let socket: Socket | undefined;
    let timer: ReturnType<typeof setInterval> | undefined;
    // A retry (attempt > 0) starts over from the first page.
    if (attempt > 0) setPhase('loading');
    const start = async () => {
      const [identity, chatConfig] = await Promise.all([
        resolveIdentity(() =>
          queryClient.fetchQuery({
            queryKey: ['account', 'profile'],
            queryFn: () => api.get<{ _id: string }>('/api/account/profile'),
          }),
        ),
        getChatConfig(),
      ]);
      if (closed) return;
      identityRef.current = { userId: identity.userId, guestId: identity.guestId };
      const { conversations } = await getChatHistory(identityRef.current, 0);
      if (closed) return;
      if (identity.userId && identity.guestId) {
        // The server made the guest's conversation this member's (issue 17): the guest id is spent, and a
        // visitor on this device after sign-out starts a conversation of their own.
        localStorage.removeItem(STORAGE_KEYS.guestId);
        identityRef.current = { userId: identity.userId, guestId: null };
      }
      dispatch({ type: 'page', conversations, older: true, limit: CHAT_HISTORY_PAGE_SIZE });
      setPhase('ready');

      const origin = chatSocketOrigin();
      if (origin) {
        const { io } = await import('socket.io-client');
        if (closed) return;
        const auth = identity.token ? { token: identity.token } : { guestId: identity.roomId };
        socket = io(origin, { path: SOCKET_PATH, auth, forceNew: true });
        socketRef.current = socket;
        let connectedBefore = false;
        const room = `${chatConfig.PREFIX}${identity.roomId}`;
        socket.on('connect', () => {
          setOnline(true);
          socket?.emit(CHAT_SOCKET_EVENTS.join, room, (ack: ChatJoinAck | undefined) => {
            if (ack && !ack.ok) console.warn('chat room refused', ack.message);
          });
          // Messages sent while the connection was down never arrive by the socket: fetch them.
          if (connectedBefore) void catchUp().catch(() => undefined);
          connectedBefore = true;
        });
        socket.on('disconnect', () => setOnline(false));
        socket.on(CHAT_SOCKET_EVENTS.messaging, (conversation: Conversation) => receive(conversation));
        socket.on(CHAT_SOCKET_EVENTS.typing, (event: ChatTypingEvent | undefined) => {
          clearTimeout(agentTypingTimer.current);
          setAgentTyping(Boolean(event?.typing));
          if (event?.typing) agentTypingTimer.current = setTimeout(() => setAgentTyping(false), AGENT_TYPING_MAX_MS);
        });
      }
      // SPEC §4: a reconnect check every 5 s. Without a socket it is how new messages arrive.
      timer = setInterval(() => {
        if (!socket) void catchUp().catch(() => undefined);
        else if (!socket.connected) socket.connect();
      }, SOCKET_RECONNECT_CHECK_MS);
    };
    start().catch(() => {
      if (!closed) setPhase('error');
    });
    return () => {
      closed = true;
      clearInterval(timer);
      clearTimeout(readTimer.current);
      clearTimeout(typingTimer.current);
      clearTimeout(agentTypingTimer.current);
      socketRef.current = undefined;
      socket?.off();
      socket?.disconnect();
    };
  }, [queryClient, catchUp, receive, attempt]);

  const retry = useCallback(() => {
    setAttempt((value) => value + 1);
  }, []);

  /** The next older page, asked for when the player scrolls to the top. */
  const loadOlder = useCallback(async () => {
    const identity = identityRef.current;
    if (!identity || loadingOlder || !stateRef.current.hasMore) return;
    setLoadingOlder(true);
    try {
      const { conversations } = await getChatHistory(identity, storedCount(stateRef.current));
      dispatch({ type: 'page', conversations, older: true, limit: CHAT_HISTORY_PAGE_SIZE });
    } catch {
      // Scrolling up again tries again.
    } finally {
      setLoadingOlder(false);
    }
  }, [loadingOlder]);

  const update = useCallback((key: string, patch: Partial<Omit<ChatItem, 'key'>>) => {
    dispatch({ type: 'update', key, patch });
  }, []);

  /** Uploads the file if it is not uploaded yet, then sends; the same client message id on every try. */
  const deliver = useCallback(
    async (item: ChatItem) => {
      const identity = identityRef.current;
      if (!identity) return;
      let local = item.local;
      let message: ChatMessage = item.conversation.message;
      if (local && !local.uploadedPath) {
        update(item.key, { status: 'uploading_file', progress: 0, error: null });
        try {
          const fileType = local.fileType;
          const uploadGuest = identity.userId ? null : identity.guestId;
          const { path } = await uploadChatFile(local.file, fileType, uploadGuest, (fraction) =>
            update(item.key, { progress: fraction }),
          );
          local = { ...local, uploadedPath: path };
          update(item.key, { local });
        } catch (error) {
          update(item.key, { status: 'failed', progress: null, error: errorText(error, t('chat.failed')) });
          return;
        }
      }
      if (local?.uploadedPath) {
        message = {
          message_type: 'media',
          payload: { message: '', url: false, fileType: local.fileType, filePath: local.uploadedPath },
        };
      }
      update(item.key, { status: 'sending', progress: null, error: null });
      try {
        const sent = await sendChatMessage({
          clientMessageId: item.key,
          message: message as Parameters<typeof sendChatMessage>[0]['message'],
          userId: identity.userId,
          guestId: identity.guestId,
        });
        update(item.key, {
          status: 'succeed',
          conversation: {
            ...item.conversation,
            id: sent.id,
            message,
            createdAt: sent.createdAt,
            session_id: sent.session_id,
          },
        });
      } catch (error) {
        update(item.key, { status: 'failed', error: errorText(error, t('chat.failed')) });
      }
    },
    [t, update],
  );

  const localItem = useCallback((message: ChatMessage, local: ChatItem['local']): ChatItem => {
    const key = newId();
    const identity = identityRef.current;
    return {
      key,
      conversation: {
        id: key,
        clientMessageId: key,
        marker: null,
        sender: 'customer',
        message,
        createdAt: new Date().toISOString(),
        session_id: '',
        userId: identity?.userId ?? null,
        guestId: identity?.guestId ?? null,
        username: null,
        name: null,
        deviceToken: null,
      },
      status: local ? 'uploading_file' : 'sending',
      progress: local ? 0 : null,
      error: null,
      local,
    };
  }, []);

  /** Sends a text; answers the error text when it is empty or too long (SPEC §5), else null. */
  const sendText = useCallback(
    (raw: string): string | null => {
      const text = raw.trim();
      if (!text) return t('chat.required');
      if (text.length > CHAT_MESSAGE_MAX) return t('chat.tooLong', { max: CHAT_MESSAGE_MAX });
      const item = localItem({ message_type: 'text', payload: text }, null);
      dispatch({ type: 'local', item });
      void deliver(item);
      return null;
    },
    [deliver, localItem, t],
  );

  const sendFile = useCallback(
    (file: File, fileType: 'image' | 'video') => {
      const previewUrl = URL.createObjectURL(file);
      const item = localItem(
        { message_type: 'media', payload: { message: '', url: true, fileType, filePath: previewUrl } },
        { file, fileType, previewUrl, uploadedPath: null },
      );
      dispatch({ type: 'local', item });
      void deliver(item);
    },
    [deliver, localItem],
  );

  const resend = useCallback(
    (key: string) => {
      const item = stateRef.current.items.find((candidate) => candidate.key === key);
      if (item && item.status === 'failed') void deliver(item);
    },
    [deliver],
  );

  const remove = useCallback((key: string) => {
    const item = stateRef.current.items.find((candidate) => candidate.key === key);
    if (item?.status !== 'failed') return;
    if (item.local) URL.revokeObjectURL(item.local.previewUrl);
    dispatch({ type: 'remove', key });
  }, []);

  /** Read marks wait 1 s (SPEC §4, §9): scrolling through new messages sends one call. */
  const markRead = useCallback(() => {
    clearTimeout(readTimer.current);
    readTimer.current = setTimeout(() => {
      const identity = identityRef.current;
      if (identity) void markChatRead(identity).catch(() => undefined);
    }, READ_MARK_DEBOUNCE_MS);
  }, []);

  /** Tells the agents the player is typing: once at the first key, and stopped after 3 s without one. */
  const typing = useCallback((active: boolean) => {
    const socket = socketRef.current;
    if (!socket?.connected) return;
    const wasTyping = typingTimer.current !== undefined;
    clearTimeout(typingTimer.current);
    typingTimer.current = undefined;
    if (active) {
      if (!wasTyping) socket.emit(CHAT_SOCKET_EVENTS.typing, { typing: true });
      typingTimer.current = setTimeout(() => {
        typingTimer.current = undefined;
        socketRef.current?.emit(CHAT_SOCKET_EVENTS.typing, { typing: false });
      }, TYPING_IDLE_MS);
    } else if (wasTyping) socket.emit(CHAT_SOCKET_EVENTS.typing, { typing: false });
  }, []);

  return {
    state,
    phase,
    agentTyping,
    typing,
    loadingOlder,
    online,
    retry,
    loadOlder,
    sendText,
    sendFile,
    resend,
    remove,
    markRead,
  };
}

export type ChatController = ReturnType<typeof useChat>;
