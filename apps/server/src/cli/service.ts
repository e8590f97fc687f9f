/**
 * npm run service -- terminate|activate|status
 * Switches the whole service on the configured database; every server instance follows within a second.
 */
import { loadConfig } from '../config.ts';
import { openDb } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { readServiceState, writeServiceState } from '../db/service-state.ts';

const command = process.argv[2];
if (!['terminate', 'activate', 'status'].includes(command ?? '')) {
  console.error('usage: npm run service -- terminate|activate|status');
  process.exit(2);
}
const config = loadConfig();
const db = openDb(config.databaseUrl, { sqliteSynchronous: config.sqliteSynchronous });
try {
  await migrate(db);
  if (command === 'terminate') await writeServiceState(db.kysely, 'terminated');
  if (command === 'activate') await writeServiceState(db.kysely, 'active');
  console.info(`service is ${await readServiceState(db.kysely)}`);
} finally {
  await db.close();
}
