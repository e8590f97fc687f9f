import { SOCKET_PATH, WALLET_CHANGED_EVENT, type WalletChangedEvent } from '@wallet/contract/realtime';
import type { FastifyInstance } from 'fastify';
import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestContext,
  fundWallet,
  registerPlayer,
  type TestContext,
  testDialects,
} from '../../test/helpers.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { checkLedger } from '../ledger/check.ts';

const sockets: Socket[] = [];

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}

function connect(url: string, token: string): Socket {
  const socket = io(url, { path: SOCKET_PATH, auth: { token }, transports: ['websocket'], reconnection: false });
  sockets.push(socket);
  return socket;
}

function connected(socket: Socket): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
}

function nextWalletEvent(socket: Socket): Promise<WalletChangedEvent> {
  return new Promise((resolve) => socket.once(WALLET_CHANGED_EVENT, resolve));
}

afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});

describe.each(testDialects())('realtime balance (%s)', (dialect) => {
  let ctx: TestContext;
  let url: string;
  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    url = await listen(ctx.app);
  });
  afterAll(() => ctx.close());

  it('refuses a socket without a valid token', async () => {
    for (const token of ['', 'forged-token']) {
      const error = await connected(connect(url, token)).catch((e: Error) => e);
      expect(error).toBeInstanceOf(Error);
      expect((error as Error).message).toBe('invalid-token');
    }
  });

  it('tells every open app of the player, and only that player, the new balance after a movement', async () => {
    const { phone, token } = await registerPlayer(ctx.app);
    const stranger = await registerPlayer(ctx.app);
    const tab = connect(url, token);
    const phoneApp = connect(url, token);
    const strangerApp = connect(url, stranger.token);
    await Promise.all([connected(tab), connected(phoneApp), connected(strangerApp)]);
    let strangerHeard = false;
    strangerApp.on(WALLET_CHANGED_EVENT, () => {
      strangerHeard = true;
    });

    const [first, second] = [nextWalletEvent(tab), nextWalletEvent(phoneApp)];
    await fundWallet(ctx.app, phone, 120.5);
    expect((await first).wallet).toEqual({ amount: 120.5 });
    expect((await second).wallet).toEqual({ amount: 120.5 });

    await ctx.app.inject({ method: 'GET', url: '/api/wallet/activate/pg', headers: bearer(token) });
    const afterTransfer = nextWalletEvent(tab);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/wallet/transfer',
      headers: bearer(token),
      payload: { from: 'WALLET', to: 'pg', amount: 20 },
    });
    expect((await afterTransfer).wallet).toEqual({ amount: 100.5 });
    expect(strangerHeard).toBe(false);
  });
});

// Several server instances behind a load balancer: a movement on one reaches a socket held by another.
describe.runIf(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL)('realtime across instances', () => {
  let ctx: TestContext;
  let second: FastifyInstance;
  beforeAll(async () => {
    ctx = await createTestContext('postgres', { REDIS_URL: process.env.TEST_REDIS_URL as string });
    const config = loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: process.env.TEST_DATABASE_URL,
      REDIS_URL: process.env.TEST_REDIS_URL,
      WEB_DIST_DIR: '/nonexistent',
    });
    second = await buildApp({ config, db: ctx.db, clock: ctx.clock });
  });
  afterAll(async () => {
    await second.close();
    await ctx.close();
  });

  it('delivers the balance event through Redis to a socket on the other instance', async () => {
    const secondUrl = await listen(second);
    const { phone, token } = await registerPlayer(ctx.app);
    const socket = connect(secondUrl, token);
    await connected(socket);
    // The Redis adapter subscribes asynchronously after the join; give it a moment to settle.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const event = nextWalletEvent(socket);
    await fundWallet(ctx.app, phone, 42);
    expect((await event).wallet).toEqual({ amount: 42 });
  });

  it("keeps the books right when two instances move the same player's money at once", async () => {
    const { phone, token } = await registerPlayer(ctx.app);
    await fundWallet(ctx.app, phone, 500);
    await ctx.app.inject({ method: 'GET', url: '/api/wallet/activate/pg', headers: bearer(token) });
    const apps = [ctx.app, second];
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        (apps[i % 2] as FastifyInstance).inject({
          method: i % 5 === 4 ? 'GET' : 'POST',
          url: i % 5 === 4 ? '/api/wallet/refresh/slot' : '/api/wallet/transfer',
          headers: { ...bearer(token), 'idempotency-key': `two-instances-${i}` },
          ...(i % 5 === 4
            ? {}
            : {
                payload:
                  i % 3 === 0 ? { from: 'pg', to: 'WALLET', amount: 15 } : { from: 'WALLET', to: 'pg', amount: 25 },
              }),
        }),
      ),
    );
    expect(answers.every((a) => a.statusCode === 200 || a.json().message === 'MONEY_NOT_ENOUGH')).toBe(true);
    await ctx.app.inject({ method: 'GET', url: '/api/wallet/refresh/slot', headers: bearer(token) });
    const wallet = (await second.inject({ method: 'GET', url: '/api/wallet', headers: bearer(token) })).json<{
      wallet: { amount: number };
      slots: { code: string; amount: number }[];
    }>();
    const total = wallet.wallet.amount + wallet.slots.reduce((sum, s) => sum + s.amount, 0);
    expect(total).toBe(500);
    expect(await checkLedger(ctx.db.kysely)).toEqual([]);
  });
});
