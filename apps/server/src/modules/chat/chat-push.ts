import type { OperatorRole } from '@wallet/contract/backoffice/roles';
import type { Socket } from 'socket.io';

/** A signed-in operator's socket as the chat sees it. */
export interface ChatSocketOperator {
  id: string;
  username: string;
  role: OperatorRole;
}

/** Who a socket is, proven at its handshake (realtime.ts). */
export type SocketIdentity =
  | { kind: 'member'; userId: string }
  | { kind: 'guest'; guestId: string }
  | { kind: 'operator'; operator: ChatSocketOperator };

/**
 * The chat's hold on the sockets, handed over by app.ts from realtime.ts. Operators whose role reads
 * chat are in the agents' room from their handshake; players and guests join a chat room only through
 * the chat's own `join` handler.
 */
export interface ChatRealtime {
  /** Called for every socket that passed its handshake; the chat adds its event handlers. */
  onConnection(handler: (socket: Socket, identity: SocketIdentity) => void): void;
  /** Sends to one chat room (every instance with Redis). */
  toRoom(room: string, event: string, payload: unknown): void;
  /** Sends to every operator whose role reads chat, except the socket `exceptSocketId` if given. */
  toAgents(event: string, payload: unknown, exceptSocketId?: string): void;
}
