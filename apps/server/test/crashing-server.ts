import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDb } from '../src/db/database.ts';
import { createDomainEvents } from '../src/events/domain-events.ts';
import { manualClock } from '../src/lib/clock.ts';

/**
 * The server as a process that dies by SIGKILL (its own, so at an exact moment) in the middle of a
 * withdrawal, for the crash tests (server-process.ts starts it; the database is migrated and seeded).
 *
 * CRASH_POINT=holding: inside the transaction that holds the money, once the wallet is debited and the
 * withdrawal written, before that transaction commits.
 * CRASH_POINT=held: as soon as that transaction has committed, before the payout is handed to the bank
 * and before the answer leaves.
 * TEST_CLOCK_MS: the time it lives at (the test's manual clock), so the test decides when its claims
 * count as abandoned.
 */
const CRASH_POINTS = ['holding', 'held'] as const;

function die(): Promise<never> {
  process.kill(process.pid, 'SIGKILL');
  return new Promise<never>(() => {});
}

async function start(): Promise<void> {
  const point = process.env.CRASH_POINT;
  if (!CRASH_POINTS.includes(point as (typeof CRASH_POINTS)[number])) {
    throw new Error(`CRASH_POINT must be one of ${CRASH_POINTS.join(', ')}`);
  }
  const config = loadConfig();
  const db = openDb(config.databaseUrl);
  const events = createDomainEvents((error) => console.error(error));
  if (point === 'holding') events.inTransaction('withdraw.requested', die);
  else events.afterCommit('wallet.changed', () => void die());
  const app = await buildApp({ config, db, events, clock: manualClock(Number(process.env.TEST_CLOCK_MS)) });
  await app.listen({ port: config.port, host: config.host });
}

start().catch((error: unknown) => {
  console.error('crashing server failed to start:', error);
  process.exit(1);
});
