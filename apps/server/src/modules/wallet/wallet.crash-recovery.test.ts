import type { WalletResponse } from '@wallet/contract/wallet';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestContext,
  fundWallet,
  registerPlayer,
  type TestContext,
  testDialects,
} from '../../../test/helpers.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { GAME_CATALOGUE_CODES } from '../../db/seed/game-catalogue.ts';
import { checkLedger } from '../../ledger/check.ts';
import type { GameProvider, GameProviders } from '../../providers/games/game-provider.ts';
import { createSandboxGameProviders } from '../../providers/games/sandbox-games.ts';

/** Where the first server "dies": its provider call never returns, after or before the provider acted. */
type Crash = { call: 'deposit' | 'withdraw' | 'getBalance'; applied: boolean };

/**
 * The first request of each test runs on a server whose provider call hangs forever: as far as the
 * request is concerned, its process died there. The retry goes to a second server on the same
 * database (a restart, or another instance), with nothing of the first one's memory.
 */
describe.each(testDialects())('an Idempotency-Key whose first request died mid-way (%s)', (dialect) => {
  let ctx: TestContext;
  let restarted: FastifyInstance;
  let crash: Crash | undefined;
  /** Provider calls of the "dead" server: never settled, as nothing answers a dead process. */
  const hung: Promise<never>[] = [];

  beforeAll(async () => {
    let sandbox: GameProviders | undefined;
    const dying: GameProviders = {
      get(code) {
        const real = sandbox?.get(code);
        if (!real) return undefined;
        const die =
          <A extends unknown[], R>(name: Crash['call'], call: (...args: A) => Promise<R>) =>
          async (...args: A): Promise<R> => {
            const now = crash;
            if (now?.call !== name) return call(...args);
            crash = undefined;
            if (now.applied) await call(...args);
            const never = new Promise<never>(() => {});
            hung.push(never);
            return never;
          };
        return {
          ...real,
          deposit: die('deposit', real.deposit.bind(real)),
          withdraw: die('withdraw', real.withdraw.bind(real)),
          getBalance: die('getBalance', real.getBalance.bind(real)),
        } satisfies GameProvider;
      },
    };
    // The provider timeout at its longest, so nothing of the first request resumes during a test.
    ctx = await createTestContext(dialect, { GAME_PROVIDER_TIMEOUT_MS: '120000' }, { providers: { games: dying } });
    sandbox = createSandboxGameProviders({
      db: ctx.db.kysely,
      clock: ctx.clock,
      secret: 'crash-test',
      codes: GAME_CATALOGUE_CODES,
    });
    const config = loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: ctx.db.dialect === 'postgres' ? (process.env.TEST_DATABASE_URL as string) : 'sqlite::memory:',
      WEB_DIST_DIR: '/nonexistent',
    });
    restarted = await buildApp({ config, db: ctx.db, clock: ctx.clock });
  });
  afterAll(async () => {
    await restarted.close();
    await ctx.close();
  });

  async function player(funds: number, inGame = 0) {
    const { phone, token } = await registerPlayer(ctx.app);
    await fundWallet(ctx.app, phone, funds + inGame);
    await ctx.app.inject({ method: 'GET', url: '/api/wallet/activate/pg', headers: bearer(token) });
    if (inGame > 0) {
      const moved = await ctx.app.inject({
        method: 'POST',
        url: '/api/wallet/transfer',
        headers: bearer(token),
        payload: { from: 'WALLET', to: 'pg', amount: inGame },
      });
      expect(moved.statusCode).toBe(200);
    }
    const balances = async () => {
      await restarted.inject({ method: 'GET', url: '/api/wallet/refresh/slot', headers: bearer(token) });
      const wallet = (
        await restarted.inject({ method: 'GET', url: '/api/wallet', headers: bearer(token) })
      ).json<WalletResponse>();
      return { wallet: wallet.wallet.amount, pg: wallet.slots.find((s) => s.code === 'pg')?.amount };
    };
    return { token, balances };
  }

  /** Sends the first request to the dying server and waits until it is stuck in its provider call. */
  async function dieDuring(token: string, key: string, payload: object, at: Crash) {
    const before = hung.length;
    crash = at;
    void ctx.app.inject({
      method: 'POST',
      url: '/api/wallet/transfer',
      headers: { ...bearer(token), 'idempotency-key': key },
      payload,
    });
    const deadline = Date.now() + 5_000;
    while (hung.length === before) {
      if (Date.now() > deadline) throw new Error('the first request never reached its provider call');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    // Long enough that nothing of the first process can still be running (its leases are over too).
    ctx.clock.advance(10 * 60 * 1000);
  }

  const retry = (token: string, key: string, payload: object) =>
    restarted.inject({
      method: 'POST',
      url: '/api/wallet/transfer',
      headers: { ...bearer(token), 'idempotency-key': key },
      payload,
    });

  it('replays success when the money reached the game before the crash', async () => {
    const { token, balances } = await player(100);
    const payload = { from: 'WALLET', to: 'pg', amount: 30 };
    await dieDuring(token, 'crash-in-applied-1', payload, { call: 'deposit', applied: true });
    const answer = await retry(token, 'crash-in-applied-1', payload);
    // Answered by taking over the dead attempt's claim, not replayed from a stored answer; a retry that
    // waited on the claim instead would answer 409 REQUEST_LIMIT once its wait ran out, however fast the machine.
    expect(answer.headers['idempotent-replay']).toBeUndefined();
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ message: 'SUCCESS', wallet: { amount: 70 } });
    const again = await retry(token, 'crash-in-applied-1', payload);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replay']).toBe('true');
    expect(again.json()).toEqual(answer.json());
    expect(await balances()).toEqual({ wallet: 70, pg: 30 });
    expect(await checkLedger(ctx.db.kysely)).toEqual([]);
  }, 30_000);

  it('replays the failure (money back in the wallet) when the provider never got the money', async () => {
    const { token, balances } = await player(100);
    const payload = { from: 'WALLET', to: 'pg', amount: 40 };
    await dieDuring(token, 'crash-in-lost-1', payload, { call: 'deposit', applied: false });
    const answer = await retry(token, 'crash-in-lost-1', payload);
    expect(answer.statusCode).toBe(502);
    expect(answer.json()).toEqual({ message: 'TRANSFER_FAIL' });
    const again = await retry(token, 'crash-in-lost-1', payload);
    expect(again.statusCode).toBe(502);
    expect(await balances()).toEqual({ wallet: 100, pg: 0 });
    expect(await checkLedger(ctx.db.kysely)).toEqual([]);
  }, 30_000);

  it('replays success when the game had paid out before the crash', async () => {
    const { token, balances } = await player(10, 50);
    const payload = { from: 'pg', to: 'WALLET', amount: 20 };
    await dieDuring(token, 'crash-out-applied-1', payload, { call: 'withdraw', applied: true });
    const answer = await retry(token, 'crash-out-applied-1', payload);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ message: 'SUCCESS', wallet: { amount: 30 } });
    expect(await balances()).toEqual({ wallet: 30, pg: 30 });
    expect(await checkLedger(ctx.db.kysely)).toEqual([]);
  }, 30_000);

  it('runs the request afresh when it died before moving anything', async () => {
    const { token, balances } = await player(10, 50);
    const payload = { from: 'pg', to: 'WALLET', amount: 25 };
    await dieDuring(token, 'crash-out-early-1', payload, { call: 'getBalance', applied: false });
    const answer = await retry(token, 'crash-out-early-1', payload);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ message: 'SUCCESS', wallet: { amount: 35 } });
    expect(await balances()).toEqual({ wallet: 35, pg: 25 });
    expect(await checkLedger(ctx.db.kysely)).toEqual([]);
  }, 30_000);
});
