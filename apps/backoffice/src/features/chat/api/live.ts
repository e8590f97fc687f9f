import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ChatInboxRow,
  ChatNote,
  ChatStaffMessageEvent,
  ChatStaffTypingEvent,
} from '@wallet/contract/backoffice/chat';
import { CHAT_STAFF_EVENTS } from '@wallet/contract/chat-events';
import { useEffect, useRef } from 'react';
import { holdStaffSocket } from '../lib/staff-socket';
import { addNote } from './conversation-actions';
import { addMessage } from './get-messages';
import { chatKey, conversationKey, inboxKey, typingKey } from './keys';

/** Who is typing in one conversation right now: the player, and other agents by username. */
export interface TypingState {
  customer: boolean;
  agents: string[];
}
const NOBODY: TypingState = { customer: false, agents: [] };
/** A typing signal whose "stopped" never came (a closed tab) fades after this long. */
export const TYPING_TIMEOUT_MS = 6_000;

const typingTimers = new Map<string, ReturnType<typeof setTimeout>>();

export function applyTyping(queryClient: QueryClient, event: ChatStaffTypingEvent, selfId?: string): void {
  if (event.sender === 'other' && event.operator?.id === selfId) return;
  const who = event.sender === 'customer' ? 'customer' : (event.operator?.username ?? '');
  const timerKey = `${event.conversationId}\u0000${who}`;
  const set = (typing: boolean) =>
    queryClient.setQueryData<TypingState>(typingKey(event.conversationId), (state = NOBODY) => {
      if (who === 'customer') return { ...state, customer: typing };
      const agents = state.agents.filter((name) => name !== who);
      return { ...state, agents: typing ? [...agents, who] : agents };
    });
  clearTimeout(typingTimers.get(timerKey));
  typingTimers.delete(timerKey);
  set(event.typing);
  if (event.typing)
    typingTimers.set(
      timerKey,
      setTimeout(() => set(false), TYPING_TIMEOUT_MS),
    );
}

export function useTyping(conversationId: string): TypingState {
  const query = useQuery({
    queryKey: typingKey(conversationId),
    queryFn: () => NOBODY,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return query.data ?? NOBODY;
}

/** Tells the other side this agent is typing (or stopped): the player's widget and the other agents. */
export function useTypingSignal(conversationId: string) {
  const held = useRef<ReturnType<typeof holdStaffSocket> | null>(null);
  const lastSent = useRef<{ typing: boolean; at: number }>({ typing: false, at: 0 });
  const stopTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    held.current = holdStaffSocket();
    return () => {
      const current = held.current;
      if (lastSent.current.typing)
        void current?.socket.then((s) => s.emit(CHAT_STAFF_EVENTS.typing, { conversationId, typing: false }));
      clearTimeout(stopTimer.current);
      current?.release();
      held.current = null;
    };
  }, [conversationId]);

  const send = (typing: boolean) => {
    lastSent.current = { typing, at: Date.now() };
    void held.current?.socket.then((s) => s.emit(CHAT_STAFF_EVENTS.typing, { conversationId, typing }));
  };
  return {
    /** On every keystroke: "typing" at most every 2 s, "stopped" 3 s after the last key. */
    typed() {
      const now = Date.now();
      if (!lastSent.current.typing || now - lastSent.current.at > 2_000) send(true);
      clearTimeout(stopTimer.current);
      stopTimer.current = setTimeout(() => send(false), 3_000);
    },
    /** On send, or when the agent switches to a private note. */
    stopped() {
      clearTimeout(stopTimer.current);
      if (lastSent.current.typing) send(false);
    },
  };
}

/** Sessions (conversation id + session id) the agent has already been told about. */
const known = new Set<string>();
let seeded = false;
const sessionKey = (row: Pick<ChatInboxRow, 'id' | 'session_id'>) => `${row.id}\u0000${row.session_id}`;

/** The conversations the agent already sees count as known: only what opens after that alerts. */
export function rememberRows(rows: readonly ChatInboxRow[]): void {
  for (const row of rows) known.add(sessionKey(row));
  seeded = true;
}

/** True once for a conversation (or a new session of one) nobody has taken: the moment to alert. */
export function isNewConversation(row: ChatInboxRow): boolean {
  const key = sessionKey(row);
  const fresh = seeded && row.status === 'open' && !row.assignedTo && !known.has(key);
  known.add(key);
  return fresh;
}

/** For tests: forget what was seen. */
export function forgetRows(): void {
  known.clear();
  seeded = false;
}

/**
 * Keeps every chat screen live while the operator is signed in with a role that reads chat: new
 * messages, notes, inbox rows and typing arrive over the back-office socket and land in the query
 * cache. After a reconnect everything chat is read again (what was pushed meanwhile is lost).
 */
export function useChatLive(
  enabled: boolean,
  selfId: string | undefined,
  onNewConversation: (row: ChatInboxRow) => void,
) {
  const queryClient = useQueryClient();
  const onNew = useRef(onNewConversation);
  onNew.current = onNewConversation;
  useEffect(() => {
    if (!enabled) return;
    const held = holdStaffSocket();
    let detach: (() => void) | undefined;
    let closed = false;
    void held.socket.then((socket) => {
      if (closed) return;
      const onMessage = ({ conversationId, message }: ChatStaffMessageEvent) => {
        addMessage(queryClient, conversationId, message);
        if (message.sender === 'customer')
          applyTyping(queryClient, { conversationId, sender: 'customer', operator: null, typing: false });
      };
      const onConversation = (row: ChatInboxRow) => {
        queryClient.setQueryData(conversationKey(row.id), row);
        void queryClient.invalidateQueries({ queryKey: inboxKey });
        if (isNewConversation(row)) onNew.current(row);
      };
      const onNote = (note: ChatNote) => addNote(queryClient, note);
      const onTyping = (event: ChatStaffTypingEvent) => applyTyping(queryClient, event, selfId);
      const onConnect = () => void queryClient.invalidateQueries({ queryKey: chatKey });
      socket.on(CHAT_STAFF_EVENTS.message, onMessage);
      socket.on(CHAT_STAFF_EVENTS.conversation, onConversation);
      socket.on(CHAT_STAFF_EVENTS.note, onNote);
      socket.on(CHAT_STAFF_EVENTS.typing, onTyping);
      socket.io.on('reconnect', onConnect);
      detach = () => {
        socket.off(CHAT_STAFF_EVENTS.message, onMessage);
        socket.off(CHAT_STAFF_EVENTS.conversation, onConversation);
        socket.off(CHAT_STAFF_EVENTS.note, onNote);
        socket.off(CHAT_STAFF_EVENTS.typing, onTyping);
        socket.io.off('reconnect', onConnect);
      };
    });
    return () => {
      closed = true;
      detach?.();
      held.release();
    };
  }, [enabled, selfId, queryClient]);
}
