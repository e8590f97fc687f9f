import { createServer } from 'node:net';
import { SOCKET_PATH, WALLET_CHANGED_EVENT, type WalletChangedEvent } from '@wallet/contract/realtime';
import { io } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestContext, fundWallet, registerPlayer, type TestContext } from '../../test/helpers.ts';

/** A port nothing listens on: bound, then released. */
async function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 1));
    });
  });
}

describe('realtime while the configured Redis is unreachable', () => {
  let ctx: TestContext | undefined;
  const unhandled: unknown[] = [];
  const collect = (reason: unknown) => unhandled.push(reason);
  afterEach(async () => {
    process.off('unhandledRejection', collect);
    await ctx?.close();
  });

  it('keeps serving and pushing to its own sockets, and never leaves a rejection unhandled', async () => {
    process.on('unhandledRejection', collect);
    ctx = await createTestContext('sqlite', { REDIS_URL: `redis://127.0.0.1:${await closedPort()}` });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const address = ctx.app.server.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const { phone, token } = await registerPlayer(ctx.app);
    const socket = io(url, { path: SOCKET_PATH, auth: { token }, transports: ['websocket'], reconnection: false });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      const event = new Promise<WalletChangedEvent>((resolve) => socket.once(WALLET_CHANGED_EVENT, resolve));
      await fundWallet(ctx.app, phone, 25);
      expect((await event).wallet).toEqual({ amount: 25 });
      // ioredis gives up on queued commands after its retries (a few hundred ms); wait past that.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(unhandled).toEqual([]);
    } finally {
      socket.close();
    }
  });
});
