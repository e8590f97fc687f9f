import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestContext,
  fundWallet,
  playerCaller,
  registerPlayer,
  type TestContext,
} from '../../../test/helpers.ts';
import { postgresRoundTrips } from '../../db/postgres.ts';

/**
 * On PostgreSQL every query is a round trip, the main cost of a money movement there (issue 19). These
 * are today's counts for the hot calls, so a change that adds one shows up here; lower them when a
 * change saves one. Counted, not timed: nothing here depends on the machine's speed.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('round trips to PostgreSQL per call', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext('postgres');
  });
  afterAll(() => ctx.close());

  /** Round trips of `call` alone, as the median of a few runs (the first runs warm caches). */
  async function roundTripsOf(call: () => Promise<number>): Promise<number> {
    const counts: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const before = postgresRoundTrips();
      expect(await call()).toBe(200);
      counts.push(postgresRoundTrips() - before);
    }
    return counts.sort((a, b) => a - b)[2] as number;
  }

  it('counts a wallet → game transfer with an Idempotency-Key, and GET /api/wallet', async () => {
    const { phone, token } = await registerPlayer(ctx.app);
    await fundWallet(ctx.app, phone, 100);
    const call = playerCaller(ctx.app, token);
    expect((await call('GET', '/api/wallet/activate/pg')).statusCode).toBe(200);
    // One transfer first: the game account's ledger ids are then known, as on a running server.
    await call(
      'POST',
      '/api/wallet/transfer',
      { from: 'WALLET', to: 'pg', amount: 1 },
      { 'idempotency-key': randomUUID() },
    );

    const transfer = await roundTripsOf(
      async () =>
        (
          await call(
            'POST',
            '/api/wallet/transfer',
            { from: 'WALLET', to: 'pg', amount: 1 },
            { 'idempotency-key': randomUUID() },
          )
        ).statusCode,
    );
    const wallet = await roundTripsOf(async () => (await call('GET', '/api/wallet')).statusCode);
    console.info(`PostgreSQL round trips: transfer ${transfer}, GET /api/wallet ${wallet}`);
    expect(transfer).toBeLessThanOrEqual(TRANSFER_ROUND_TRIPS);
    expect(wallet).toBeLessThanOrEqual(WALLET_ROUND_TRIPS);
  });
});

const TRANSFER_ROUND_TRIPS = 9;
// One more than before: the wallet asks player protection whether to hand out launch links (a timed-out
// or excluded player gets none), side by side with the slot list, so it adds no waiting, only a query.
const WALLET_ROUND_TRIPS = 10;
