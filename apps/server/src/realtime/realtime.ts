import { createAdapter } from '@socket.io/redis-adapter';
import type { MoneyQueueCounts } from '@wallet/contract/backoffice/money-desk';
import { roleCan } from '@wallet/contract/backoffice/permissions';
import type { OperatorRole } from '@wallet/contract/backoffice/roles';
import { fromMinor } from '@wallet/contract/money';
import {
  MONEY_QUEUES_EVENT,
  SOCKET_PATH,
  socketAuth,
  WALLET_CHANGED_EVENT,
  type WalletChangedEvent,
} from '@wallet/contract/realtime';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import { Server, type Socket } from 'socket.io';
import type { Database } from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';
import { adapterRedisClients } from '../lib/fail-open-redis.ts';
import { sha256 } from '../lib/ids.ts';
import type { EndedSessions } from '../lib/sessions-ended.ts';
import { findLiveSession } from '../modules/account/account.repo.ts';
import type { ChatRealtime, SocketIdentity } from '../modules/chat/chat-push.ts';

export interface Realtime {
  /**
   * Tells every open app of the player (any tab, device or server instance) its new wallet balance and,
   * for a credited deposit, its amount (the app says "received").
   */
  walletChanged(userId: string, walletMinor: number, deposit?: { amountMinor: number; statementId: string }): void;
  /** Disconnects the sockets of a player's sessions that ended, on every instance (EndedSessions says which). */
  sessionsEnded(userId: string, which?: EndedSessions): void;
  /** The same for an operator's sessions (logout, disable, password reset or change). */
  operatorSessionsEnded(operatorId: string, which?: EndedSessions): void;
  /**
   * An operator's role changed: every socket of theirs is disconnected, on every instance, so none
   * keeps the rooms of the old role; the back office connects again and its handshake proves the new one.
   */
  operatorRoleChanged(operatorId: string): void;
  /** Sockets open on this instance (for /metrics). */
  connectedSockets(): number;
  /**
   * Lets back-office sockets in: `check` answers the operator behind a token hash when their session
   * is live and they may act (the operator audience's own session check), else null.
   */
  acceptOperators(check: (tokenHash: string) => Promise<SocketOperator | null>): void;
  /** Whether any operator who reads the money desk is connected (to this instance, or any with Redis). */
  moneyDeskListening(): boolean;
  /** Tells signed-in operators who read the money desk the open queue sizes. */
  moneyQueues(counts: MoneyQueueCounts): void;
  /** The support chat's rooms (modules/chat): who may join what is the chat's to decide. */
  chat: ChatRealtime;
}

/** What the socket layer needs to know of a signed-in operator. */
export interface SocketOperator {
  id: string;
  username: string;
  role: OperatorRole;
  /** The role reads a money-desk queue (money.read or slips.read): it gets the queue sizes. */
  readsMoneyDesk: boolean;
}

const playerRoom = (userId: string) => `player:${userId}`;
/** Every socket of one operator (any session); player sockets never join it. */
const operatorRoom = (operatorId: string) => `operator:${operatorId}`;
/** Operators who read the money desk; player sockets never join it. */
const MONEY_DESK_ROOM = 'operators:money-desk';
/** Every socket of one session, a player's or an operator's (token hashes never repeat). */
const sessionRoom = (tokenHash: string) => `session:${tokenHash}`;
/** Operators whose role reads chat: every conversation's events. */
const CHAT_AGENTS_ROOM = 'operators:chat';

/** The shared rooms an operator's role reads: the money desk's counts, every chat conversation. */
function roleRooms(operator: SocketOperator): string[] {
  return [
    ...(operator.readsMoneyDesk ? [MONEY_DESK_ROOM] : []),
    ...(roleCan(operator.role, 'chat.read') ? [CHAT_AGENTS_ROOM] : []),
  ];
}

/**
 * Socket.IO on the app's own HTTP server. A socket proves who it is with the player's bearer token
 * in the handshake and is put in that player's private room; nothing is ever sent to a socket that
 * did not prove it. With REDIS_URL the rooms span every server instance.
 */
export function attachRealtime(
  app: FastifyInstance,
  deps: { db: Kysely<Database>; clock: Clock; redisUrl?: string | undefined },
): Realtime {
  const io = new Server(app.server, { path: SOCKET_PATH, serveClient: false, transports: ['websocket', 'polling'] });
  let redis: Redis[] = [];
  if (deps.redisUrl) {
    const { pub, sub } = adapterRedisClients(deps.redisUrl, app.log);
    redis = [pub, sub];
    io.adapter(createAdapter(pub, sub));
  }

  let checkOperator: ((tokenHash: string) => Promise<SocketOperator | null>) | undefined;

  io.use(async (socket, next) => {
    const auth = socketAuth.safeParse(socket.handshake.auth);
    if (!auth.success) return next(new Error('invalid-token'));
    if ('guestId' in auth.data) {
      // A guest (chat only): the id is bound to the socket; it joins no room until the chat's `join`.
      socket.data.identity = { kind: 'guest', guestId: auth.data.guestId } satisfies SocketIdentity;
      return next();
    }
    try {
      const tokenHash = sha256(auth.data.token);
      // Operator tokens live in a namespace of their own: checked only as operator sessions, and
      // their sockets join only operator rooms.
      if (auth.data.audience === 'operator') {
        const check = async () => (checkOperator ? await checkOperator(tokenHash) : null);
        const operator = await check();
        if (!operator) return next(new Error('invalid-token'));
        await socket.join([operatorRoom(operator.id), sessionRoom(tokenHash), ...roleRooms(operator)]);
        // As for players below: a session ended, or a role changed, between the first look and the
        // join emptied the rooms before this socket was in them; asking again closes that gap.
        if ((await check())?.role !== operator.role) return next(new Error('invalid-token'));
        socket.data.identity = { kind: 'operator', operator } satisfies SocketIdentity;
        return next();
      }
      const liveSession = async () => {
        const session = await findLiveSession(deps.db, tokenHash, deps.clock.now());
        return session?.status === 'active' ? session : undefined;
      };
      const session = await liveSession();
      if (!session) return next(new Error('invalid-token'));
      await socket.join([playerRoom(session.user_id), sessionRoom(tokenHash)]);
      // A session that ended between the first look and the join had its rooms emptied before this
      // socket was in them; asking again once it is in closes that gap (a refused socket leaves them).
      if (!(await liveSession())) return next(new Error('invalid-token'));
      socket.data.identity = { kind: 'member', userId: session.user_id } satisfies SocketIdentity;
      next();
    } catch (error) {
      next(error instanceof Error ? error : new Error(String(error)));
    }
  });

  /** Ends the sockets of sessions of one holder (a player's or operator's room), on every instance. */
  function endSessions(holderRoom: string, which: EndedSessions): void {
    // disconnectSockets goes through the adapter, so with Redis it reaches every instance's sockets.
    if (which.tokenHash) {
      io.in(sessionRoom(which.tokenHash)).disconnectSockets(true);
      return;
    }
    const sockets = io.in(holderRoom);
    (which.keepTokenHash ? sockets.except(sessionRoom(which.keepTokenHash)) : sockets).disconnectSockets(true);
  }

  const chatHandlers: Array<(socket: Socket, identity: SocketIdentity) => void> = [];
  io.on('connection', (socket) => {
    const identity = socket.data.identity as SocketIdentity | undefined;
    if (!identity) return;
    for (const handler of chatHandlers) handler(socket, identity);
  });

  app.addHook('onClose', async () => {
    await new Promise<void>((resolve) => io.close(() => resolve()));
    await Promise.all(redis.map((client) => client.quit().catch(() => undefined)));
  });

  return {
    walletChanged(userId, walletMinor, deposit) {
      const room = playerRoom(userId);
      // On its own (no Redis adapter) this server knows every socket: a room nobody joined needs no event.
      if (redis.length === 0 && !io.sockets.adapter.rooms.has(room)) return;
      const event: WalletChangedEvent = {
        wallet: { amount: fromMinor(walletMinor) },
        updatedAt: new Date(deps.clock.now()).toISOString(),
        ...(deposit
          ? { movement: { kind: 'deposit', amount: fromMinor(deposit.amountMinor), statementId: deposit.statementId } }
          : {}),
      };
      io.to(room).emit(WALLET_CHANGED_EVENT, event);
    },
    sessionsEnded(userId, which = {}) {
      endSessions(playerRoom(userId), which);
    },
    operatorSessionsEnded(operatorId, which = {}) {
      endSessions(operatorRoom(operatorId), which);
    },
    operatorRoleChanged(operatorId) {
      io.in(operatorRoom(operatorId)).disconnectSockets(true);
    },
    connectedSockets() {
      return io.engine.clientsCount;
    },
    acceptOperators(check) {
      checkOperator = check;
    },
    moneyDeskListening() {
      return redis.length > 0 || io.sockets.adapter.rooms.has(MONEY_DESK_ROOM);
    },
    moneyQueues(counts) {
      io.to(MONEY_DESK_ROOM).emit(MONEY_QUEUES_EVENT, counts);
    },
    chat: {
      onConnection(handler) {
        chatHandlers.push(handler);
      },
      toRoom(room, event, payload) {
        if (redis.length === 0 && !io.sockets.adapter.rooms.has(room)) return;
        io.to(room).emit(event, payload);
      },
      toAgents(event, payload, exceptSocketId) {
        if (redis.length === 0 && !io.sockets.adapter.rooms.has(CHAT_AGENTS_ROOM)) return;
        (exceptSocketId ? io.to(CHAT_AGENTS_ROOM).except(exceptSocketId) : io.to(CHAT_AGENTS_ROOM)).emit(
          event,
          payload,
        );
      },
    },
  };
}
