import { CHAT_SOCKET_EVENTS, type ChatJoinAck, type Conversation } from '@wallet/contract/chat';
import { SOCKET_PATH } from '@wallet/contract/realtime';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from './helpers.ts';
import { post, preparedPlayer, type ServerProcess, startServerProcess } from './server-process.ts';

/** Two server starts from source: well past Vitest's default. */
const SETUP_TIMEOUT_MS = 120_000;

/**
 * Issue 17: with REDIS_URL, a chat message sent through one instance reaches the player's (and the
 * guest's) socket held by another, through the Socket.IO Redis adapter.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL || !process.env.TEST_REDIS_URL)(
  'chat across two server instances on one PostgreSQL and one Redis',
  () => {
    let database: TestDatabase;
    let a: ServerProcess;
    let b: ServerProcess;
    let player: Awaited<ReturnType<typeof preparedPlayer>>;
    const sockets: Socket[] = [];

    beforeAll(async () => {
      database = await openTestDatabase('postgres', 'chat2');
      player = await preparedPlayer(database, 100);
      const env = { REDIS_URL: process.env.TEST_REDIS_URL as string, ENABLE_CHAT_WIDGET: 'true' };
      [a, b] = await Promise.all([startServerProcess(database, env), startServerProcess(database, env)]);
    }, SETUP_TIMEOUT_MS);
    afterAll(async () => {
      for (const socket of sockets) socket.disconnect();
      for (const server of [a, b]) {
        if (server && server.child.exitCode === null) server.child.kill('SIGTERM');
        await server?.exited;
      }
      await database?.drop();
    });

    async function joined(port: number, auth: object, room: string): Promise<Socket> {
      const socket = io(`http://127.0.0.1:${port}`, {
        path: SOCKET_PATH,
        auth,
        transports: ['websocket'],
        reconnection: false,
      });
      sockets.push(socket);
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      const ack = await new Promise<ChatJoinAck>((resolve) => socket.emit(CHAT_SOCKET_EVENTS.join, room, resolve));
      expect(ack).toEqual({ ok: true });
      return socket;
    }

    it("a member's message sent on instance A reaches the member's socket on instance B", async () => {
      const socket = await joined(b.port, { token: player.token }, `chat-${player.userId}`);
      const pushed = new Promise<Conversation>((resolve) => socket.once(CHAT_SOCKET_EVENTS.messaging, resolve));
      const sent = await post(
        a.port,
        '/api/chat/send-message',
        {
          clientMessageId: 'two-instances-1',
          userId: player.userId,
          message: { message_type: 'text', payload: 'via A' },
        },
        { authorization: `Bearer ${player.token}` },
      );
      expect('status' in sent && sent.status).toBe(200);
      expect(await pushed).toMatchObject({ userId: player.userId, message: { payload: 'via A' } });
    });

    it("a guest's message sent on instance B reaches the guest's socket on instance A", async () => {
      const guestId = `two-instance-guest-${Date.now()}`;
      const socket = await joined(a.port, { guestId }, `chat-${guestId}`);
      const pushed = new Promise<Conversation>((resolve) => socket.once(CHAT_SOCKET_EVENTS.messaging, resolve));
      const sent = await post(
        b.port,
        '/api/chat/send-message',
        { clientMessageId: 'two-instances-2', guestId, message: { message_type: 'text', payload: 'via B' } },
        {},
      );
      expect('status' in sent && sent.status).toBe(200);
      expect(await pushed).toMatchObject({ guestId, message: { payload: 'via B' } });
    });
  },
);
