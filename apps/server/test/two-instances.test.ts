import { SOCKET_PATH, WALLET_CHANGED_EVENT, type WalletChangedEvent } from '@wallet/contract/realtime';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../src/ledger/check.ts';
import { openTestDatabase, type TestDatabase } from './helpers.ts';
import { type Answer, post, preparedPlayer, type ServerProcess, startServerProcess } from './server-process.ts';

/** Two server starts from source: well past Vitest's default. */
const SETUP_TIMEOUT_MS = 120_000;
const FUNDS = 1_000;
const WITHDRAWALS = 20;
const WITHDRAWAL = 100;

const bodyOf = (answer: Answer) => ('body' in answer ? JSON.parse(answer.body) : answer);
const statusOf = (answer: Answer) => ('status' in answer ? answer.status : 0);

/**
 * Issue 19: the production set-up, several instances of the real server on one PostgreSQL database and one
 * Redis, as behind a load balancer that sends each request wherever it likes.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL || !process.env.TEST_REDIS_URL)(
  'two server instances on one PostgreSQL and one Redis',
  () => {
    let database: TestDatabase;
    let a: ServerProcess;
    let b: ServerProcess;
    let player: Awaited<ReturnType<typeof preparedPlayer>>;
    const sockets: Socket[] = [];

    beforeAll(async () => {
      database = await openTestDatabase('postgres', 'two');
      player = await preparedPlayer(database, FUNDS);
      const env = { REDIS_URL: process.env.TEST_REDIS_URL as string, SANDBOX_PAYOUT_DELAY_MS: '600000' };
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

    const asPlayer = (server: ServerProcess, path: string, body: object, key?: string) =>
      post(server.port, path, body, {
        authorization: `Bearer ${player.token}`,
        ...(key ? { 'idempotency-key': key } : {}),
      });

    it('pushes a balance changed on instance A to the player socket open on instance B', async () => {
      const socket = io(`http://127.0.0.1:${b.port}`, {
        path: SOCKET_PATH,
        auth: { token: player.token },
        transports: ['websocket'],
        reconnection: false,
      });
      sockets.push(socket);
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      const pushed = new Promise<WalletChangedEvent>((resolve) => socket.once(WALLET_CHANGED_EVENT, resolve));
      const moved = await asPlayer(a, '/api/wallet/transfer', { from: 'WALLET', to: 'pg', amount: 10 }, 'two-push');
      expect(statusOf(moved)).toBe(200);
      expect(await pushed).toMatchObject({ wallet: { amount: FUNDS - 10 } });
    });

    it('replays, on instance B, a transfer first sent with the same Idempotency-Key to instance A', async () => {
      const body = { from: 'WALLET', to: 'pg', amount: 5 };
      const first = await asPlayer(a, '/api/wallet/transfer', body, 'two-replay');
      const again = await asPlayer(b, '/api/wallet/transfer', body, 'two-replay');
      expect(statusOf(first)).toBe(200);
      expect(again).toEqual(first);
      const rows = await database.db.kysely
        .selectFrom('statements')
        .select('id')
        .where('user_id', '=', player.userId)
        .where('to_code', '=', 'pg')
        .execute();
      // The push test's transfer and this one, once.
      expect(rows).toHaveLength(2);
    });

    it('never overdraws under withdrawals split across both instances at once', async () => {
      const answers = await Promise.all(
        Array.from({ length: WITHDRAWALS }, (_, i) =>
          asPlayer(i % 2 ? a : b, '/api/wallet/withdraw', { amount: WITHDRAWAL }, `two-withdraw-${i}`),
        ),
      );
      const accepted = answers.filter((answer) => statusOf(answer) === 200);
      const refused = answers.filter((answer) => statusOf(answer) !== 200);
      // 985 baht left after the two transfers above: nine withdrawals of 100 fit, the rest are refused.
      expect(accepted).toHaveLength(9);
      for (const answer of refused) expect(bodyOf(answer)).toEqual({ message: 'MONEY_NOT_ENOUGH', field: 'amount' });
      expect(await checkLedger(database.db.kysely)).toEqual([]);
    });

    it('counts failed logins across both instances', async () => {
      // LOGIN_MAX_FAILURES (5) wrong passwords for one phone from one address, alternating instances.
      const wrong = { username: player.phone, password: 'not-the-password' };
      const statuses: number[] = [];
      for (let i = 0; i < 5; i += 1)
        statuses.push(statusOf(await post(i % 2 ? b.port : a.port, '/api/login', wrong, {})));
      expect(statuses.every((status) => status >= 400 && status < 429)).toBe(true);
      const locked = await post(b.port, '/api/login', wrong, {});
      expect(bodyOf(locked)).toEqual({ message: 'REQUEST_LIMIT' });
      expect(statusOf(await post(a.port, '/api/login', { ...wrong, password: player.password }, {}))).toBe(429);
    });

    it('leaves the books whole', async () => {
      expect(await checkLedger(database.db.kysely)).toEqual([]);
    });
  },
);
