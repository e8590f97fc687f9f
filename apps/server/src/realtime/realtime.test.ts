import { SOCKET_PATH, WALLET_CHANGED_EVENT, type WalletChangedEvent } from '@wallet/contract/realtime';
import type { FastifyInstance } from 'fastify';
import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestContext,
  fundWallet,
  login,
  registerPlayer,
  type TestContext,
  testDialects,
} from '../../test/helpers.ts';
import { disconnection } from '../../test/socket-helpers.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { checkLedger } from '../ledger/check.ts';

const sockets: Socket[] = [];

/** The app's URL, listening first if it is not yet. */
async function urlOf(app: FastifyInstance): Promise<string> {
  const address = app.server.address();
  return address && typeof address !== 'string' ? `http://127.0.0.1:${address.port}` : listen(app);
}

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

/** A registered player logged in on two devices, each with a connected socket. */
async function playerOnTwoDevices(app: FastifyInstance, url: string, secondUrl = url) {
  const { phone, token, payload } = await registerPlayer(app);
  const otherToken = await login(app, phone, payload.password as string);
  const here = connect(url, token);
  const there = connect(secondUrl, otherToken);
  await Promise.all([connected(here), connected(there)]);
  return { phone, token, otherToken, password: payload.password as string, here, there };
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
    // A bank transfer seen by the bank feed says it was a deposit and how much, so the app can say "received".
    expect((await first).movement).toMatchObject({ kind: 'deposit', amount: 120.5 });

    await ctx.app.inject({ method: 'GET', url: '/api/wallet/activate/pg', headers: bearer(token) });
    const afterTransfer = nextWalletEvent(tab);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/wallet/transfer',
      headers: bearer(token),
      payload: { from: 'WALLET', to: 'pg', amount: 20 },
    });
    expect((await afterTransfer).wallet).toEqual({ amount: 100.5 });
    expect((await afterTransfer).movement).toBeUndefined();
    expect(strangerHeard).toBe(false);
  });

  it("logout disconnects that session's sockets, and only those: the player's other device keeps hearing", async () => {
    const { phone, token, here, there } = await playerOnTwoDevices(ctx.app, url);
    const hereGone = disconnection(here);
    const thereGone = disconnection(there);
    const logout = await ctx.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) });
    expect(logout.statusCode).toBe(200);
    expect(await hereGone).toBe('io server disconnect');
    expect(await thereGone).toBe('still connected');

    let loggedOutHeard = false;
    here.on(WALLET_CHANGED_EVENT, () => {
      loggedOutHeard = true;
    });
    const event = nextWalletEvent(there);
    await fundWallet(ctx.app, phone, 30);
    expect((await event).wallet).toEqual({ amount: 30 });
    expect(loggedOutHeard).toBe(false);
    // The ended session cannot come back over a socket either.
    const again = await connected(connect(url, token)).catch((e: Error) => e);
    expect((again as Error).message).toBe('invalid-token');
  });

  it("a password change disconnects the sockets of every other session, not the changing device's", async () => {
    const { token, password, here, there } = await playerOnTwoDevices(ctx.app, url);
    const hereGone = disconnection(here);
    const thereGone = disconnection(there);
    const changed = await ctx.app.inject({
      method: 'PUT',
      url: '/api/account/changepwd',
      headers: bearer(token),
      payload: { oldPassword: password, newPassword: 'Another-Secret-2026' },
    });
    expect(changed.statusCode).toBe(200);
    expect(await thereGone).toBe('io server disconnect');
    expect(await hereGone).toBe('still connected');
  });

  it('a forgotten-password reset disconnects the sockets of every session', async () => {
    const { phone, here, there } = await playerOnTwoDevices(ctx.app, url);
    const hereGone = disconnection(here);
    const thereGone = disconnection(there);
    ctx.clock.advance(31_000);
    const sent = await ctx.app.inject({ method: 'POST', url: '/api/otp/send-reset', payload: { phoneNumber: phone } });
    const { otpToken } = sent.json<{ otpToken: string }>();
    const outbox = await ctx.app.inject({ method: 'GET', url: `/sandbox/sms/outbox?phone=${phone}` });
    const otpCode = outbox.json<{ messages: { code: string }[] }>().messages[0]?.code;
    await ctx.app.inject({ method: 'POST', url: '/api/otp/verify', payload: { otpToken, otpCode } });
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/reset-password',
      payload: { otpToken, newPassword: 'Fresh-Start-2026' },
    });
    expect(reset.statusCode).toBe(200);
    expect(await hereGone).toBe('io server disconnect');
    expect(await thereGone).toBe('io server disconnect');
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

  it('ending a session on one instance disconnects its sockets held by the other', async () => {
    const [firstUrl, secondUrl] = [await urlOf(ctx.app), await urlOf(second)];
    // `here` (this device's session) talks to the second instance, `there` (the other device) to the first.
    const { phone, token, otherToken, password, here, there } = await playerOnTwoDevices(ctx.app, secondUrl, firstUrl);
    // The Redis adapter subscribes asynchronously after the join; give it a moment to settle.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const hereGone = disconnection(here);
    const thereGone = disconnection(there);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) })).statusCode).toBe(200);
    expect(await hereGone).toBe('io server disconnect');
    expect(await thereGone).toBe('still connected');

    // A password change served by the second instance ends a session whose socket is on the first.
    const third = connect(firstUrl, await login(ctx.app, phone, password));
    await connected(third);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const thirdGone = disconnection(third);
    const changed = await second.inject({
      method: 'PUT',
      url: '/api/account/changepwd',
      headers: bearer(otherToken),
      payload: { oldPassword: password, newPassword: 'Another-Secret-2026' },
    });
    expect(changed.statusCode).toBe(200);
    expect(await thirdGone).toBe('io server disconnect');
    expect(await disconnection(there, 300)).toBe('still connected');
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
