/**
 * npm run ledger:check
 * Verifies the ledger invariants on the configured database (DATABASE_URL, else ./data) and exits 1
 * with one line per broken rule, so it can gate a deploy or run after a load test.
 */
import { loadConfig } from '../config.ts';
import { openDb } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { checkLedger } from '../ledger/check.ts';

const config = loadConfig();
const db = openDb(config.databaseUrl);
try {
  await migrate(db);
  const [problems, counts] = await Promise.all([
    checkLedger(db.kysely),
    db.kysely
      .selectFrom('ledger_transfers')
      .select((eb) => eb.fn.countAll<number>().as('transfers'))
      .executeTakeFirstOrThrow(),
  ]);
  if (problems.length > 0) {
    console.error(`ledger check FAILED: ${problems.length} problem(s)`);
    for (const problem of problems) console.error(`  [${problem.rule}] ${problem.detail}`);
    process.exitCode = 1;
  } else {
    console.info(`ledger check passed: ${Number(counts.transfers)} transfers, every invariant holds`);
  }
} finally {
  await db.close();
}
