import { chatStaffTypingInput } from '@wallet/contract/backoffice/chat';
import { roleCan } from '@wallet/contract/backoffice/permissions';
import { CHAT_SOCKET_EVENTS, CHAT_STAFF_EVENTS, type ChatJoinAck, chatTypingInput } from '@wallet/contract/chat';
import type { FastifyBaseLogger } from 'fastify';
import type { Socket } from 'socket.io';
import { DomainError } from '../../lib/domain-error.ts';
import type { ChatCaller, ChatService } from './chat.service.ts';
import type { SocketIdentity } from './chat-push.ts';

/**
 * The chat's socket protocol. A player's or guest's socket may `join` its own room only (the room name
 * is checked against the identity proven at the handshake; any other is refused and joins nothing),
 * then sends `typing`. An agent's socket sends `chat:typing` for a conversation.
 */
export function chatSocketHandler(chat: ChatService, log: FastifyBaseLogger) {
  return (socket: Socket, identity: SocketIdentity): void => {
    if (identity.kind === 'operator') {
      const { operator } = identity;
      if (!roleCan(operator.role, 'chat.answer')) return;
      socket.on(CHAT_STAFF_EVENTS.typing, (input: unknown) => {
        const parsed = chatStaffTypingInput.safeParse(input);
        if (!parsed.success) return;
        chat
          .agentTyping(operator, parsed.data.conversationId, parsed.data.typing, socket.id)
          .catch((error) => log.warn({ err: error }, 'chat typing failed'));
      });
      return;
    }
    const caller: ChatCaller =
      identity.kind === 'member'
        ? { kind: 'member', userId: identity.userId }
        : { kind: 'guest', guestId: identity.guestId };
    let joined = false;
    socket.on(CHAT_SOCKET_EVENTS.join, (roomName: unknown, ack?: unknown) => {
      const answer = (value: ChatJoinAck) => {
        if (typeof ack === 'function') ack(value);
      };
      chat
        .joinRoom(caller, roomName)
        .then(async (room) => {
          await socket.join(room);
          joined = true;
          answer({ ok: true });
        })
        .catch((error) => {
          if (!(error instanceof DomainError)) log.warn({ err: error }, 'chat join failed');
          answer({ ok: false, message: error instanceof DomainError ? error.code : 'INTERNAL_SERVER_ERROR' });
        });
    });
    socket.on(CHAT_SOCKET_EVENTS.typing, (input: unknown) => {
      const parsed = chatTypingInput.safeParse(input);
      if (!joined || !parsed.success) return;
      chat.customerTyping(caller, parsed.data.typing).catch((error) => log.warn({ err: error }, 'chat typing failed'));
    });
  };
}
