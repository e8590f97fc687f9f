import { join } from 'node:path';
import type { WalletResponse } from '@wallet/contract/wallet';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  fundWallet,
  openTestDatabase,
  registerPlayer,
  type TestDatabase,
  testDialects,
} from '../../../test/helpers.ts';
import { post, startServerProcess } from '../../../test/server-process.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { seed } from '../../db/seed/seed.ts';
import { checkLedger } from '../../ledger/check.ts';
import { manualClock } from '../../lib/clock.ts';

/** Where the first server dies (test/crashing-server.ts): before or after the holding transaction commits. */
type CrashPoint = 'holding' | 'held';
type Route = 'withdraw' | 'withdrawAll';

/** A child server's start from source, the request and the retries: well past Vitest's default. */
const CRASH_TEST_TIMEOUT_MS = 120_000;
/** Past any claim's abandonment (http/idempotency.ts): the retry comes "after the recovery window". */
const LATER_MS = 10 * 60 * 1000;

/**
 * A withdrawal whose server process was killed (SIGKILL) in the middle of the request. The player's
 * app sends the same Idempotency-Key again; the retry goes to the server as it comes back up, on the
 * same database, and must get a definite answer at once: the recorded outcome when the withdrawal was
 * held, or the withdrawal run afresh when nothing of it was written. Never two withdrawals, never money
 * lost, and the books balance.
 */
describe.each(testDialects())('a withdrawal whose server was killed mid-request (%s)', (dialect) => {
  let database: TestDatabase;
  const clock = manualClock();
  /** The server before the crash: registers and funds the players. */
  let before: FastifyInstance;

  const configFor = (db: TestDatabase) =>
    loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: db.dataDir,
      DATABASE_URL: db.url,
      WEB_DIST_DIR: join(db.dataDir, 'no-web'),
      BACKOFFICE_DIST_DIR: join(db.dataDir, 'no-backoffice'),
      SANDBOX_PAYOUT_DELAY_MS: '0',
      RATE_LIMIT_PER_MINUTE: '100000',
    });

  beforeAll(async () => {
    database = await openTestDatabase(dialect, 'wcrash');
    const config = configFor(database);
    await seed(database.db.kysely, { demo: config.seedDemo, demoOperator: config.seedDemoOperator, now: clock.now() });
    before = await buildApp({ config, db: database.db, clock });
  });
  afterAll(async () => {
    await before.close();
    await database.drop();
  });

  async function player(funds: number) {
    const { phone, token } = await registerPlayer(before);
    await fundWallet(before, phone, funds);
    const { id: userId } = await database.db.kysely
      .selectFrom('users')
      .select('id')
      .where('username', '=', phone)
      .executeTakeFirstOrThrow();
    return { token, userId };
  }

  const withdrawalsOf = (userId: string) =>
    database.db.kysely.selectFrom('withdrawals').select(['id', 'status']).where('user_id', '=', userId).execute();

  /** Sends the request to a server that dies at `point`, and returns once that process is gone. */
  async function diesAt(point: CrashPoint, url: string, payload: object, headers: Record<string, string>) {
    const server = await startServerProcess(
      database,
      { CRASH_POINT: point, TEST_CLOCK_MS: String(clock.now()), SANDBOX_PAYOUT_DELAY_MS: '0' },
      'apps/server/test/crashing-server.ts',
    );
    const answer = await post(server.port, url, payload, headers);
    await server.exited;
    expect(server.child.signalCode).toBe('SIGKILL');
    // The player's app heard nothing back: the connection dropped.
    expect(answer).toHaveProperty('error');
  }

  /** `laterMs`: how long after the crash the player retries (by default, past any claim's abandonment). */
  async function crashAndRetry(route: Route, point: CrashPoint, funds: number, amount: number, laterMs = LATER_MS) {
    const { token, userId } = await player(funds);
    const url = `/api/wallet/${route}`;
    const headers = { ...bearer(token), 'idempotency-key': `crash-${route}-${point}-${laterMs}` };
    await diesAt(point, url, { amount }, headers);
    const written = await withdrawalsOf(userId);
    clock.advance(laterMs);
    // The restarted server, which knows nothing of the dead one but the database.
    const restarted = await buildApp({ config: configFor(database), db: database.db, clock });
    try {
      const started = Date.now();
      const answer = await restarted.inject({ method: 'POST', url, headers, payload: { amount } });
      expect(Date.now() - started).toBeLessThan(5_000);
      const again = await restarted.inject({ method: 'POST', url, headers, payload: { amount } });
      expect(again.statusCode).toBe(answer.statusCode);
      expect(again.headers['idempotent-replay']).toBe('true');
      expect(again.json()).toEqual(answer.json());
      const wallet = (
        await restarted.inject({ method: 'GET', url: '/api/wallet', headers: bearer(token) })
      ).json<WalletResponse>().wallet.amount;
      // Paid by the bank once the restarted server hands it over (a payout in flight at the crash too).
      await expect
        .poll(async () => (await withdrawalsOf(userId)).map((w) => w.status), { timeout: 10_000 })
        .toEqual(['PAID']);
      expect(await checkLedger(database.db.kysely)).toEqual([]);
      return { written, answer: { status: answer.statusCode, body: answer.json(), replay: answer.headers }, wallet };
    } finally {
      await restarted.close();
    }
  }

  /**
   * Each crash, the funds before it and the withdrawal asked; the wallet after it all. Killed while
   * holding, nothing was written and the retry runs the withdrawal; killed once held, the retry replays.
   */
  const crashes: {
    name: string;
    route: Route;
    point: CrashPoint;
    funds: number;
    amount: number;
    laterMs?: number;
    wallet: number;
  }[] = [
    {
      name: 'runs a withdrawal afresh when its server died before the hold committed',
      route: 'withdraw',
      point: 'holding',
      funds: 500,
      amount: 200,
      wallet: 300,
    },
    {
      name: 'answers a retry a moment after the crash as well, without waiting for any claim to be abandoned',
      route: 'withdraw',
      point: 'holding',
      funds: 500,
      amount: 200,
      laterMs: 1_000,
      wallet: 300,
    },
    {
      name: 'replays a withdrawal whose server died just after the hold committed',
      route: 'withdraw',
      point: 'held',
      funds: 500,
      amount: 200,
      wallet: 300,
    },
    {
      name: 'runs a withdrawal of everything afresh when its server died before the hold committed',
      route: 'withdrawAll',
      point: 'holding',
      funds: 300,
      amount: 300,
      wallet: 0,
    },
    {
      name: 'replays a withdrawal of everything whose server died just after the hold committed',
      route: 'withdrawAll',
      point: 'held',
      funds: 300,
      amount: 300,
      wallet: 0,
    },
  ];

  for (const { name, route, point, funds, amount, laterMs, wallet } of crashes) {
    it(
      name,
      async () => {
        const retried = await crashAndRetry(route, point, funds, amount, laterMs);
        expect(retried.written.map((w) => w.status)).toEqual(point === 'held' ? ['PENDING'] : []);
        expect(retried.answer.status).toBe(200);
        expect(retried.answer.body).toEqual({ message: 'WITHDRAW_PENDING', wallet: { amount: wallet } });
        // Held before the crash: the retry is the recorded answer; otherwise the retry itself ran it.
        expect(retried.answer.replay['idempotent-replay']).toBe(point === 'held' ? 'true' : undefined);
        expect(retried.wallet).toBe(wallet);
      },
      CRASH_TEST_TIMEOUT_MS,
    );
  }
});
