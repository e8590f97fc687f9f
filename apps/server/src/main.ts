import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDb } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import { DEMO_PLAYER, seed } from './db/seed/seed.ts';
import { loggerOptions } from './http/logging.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  const db = openDb(config.databaseUrl, { sqliteSynchronous: config.sqliteSynchronous });
  await migrate(db);
  const seeded = await seed(db.kysely, { demo: config.seedDemo, demoOperator: config.seedDemoOperator });
  const app = await buildApp({
    config,
    db,
    logger: loggerOptions(config.logLevel),
  });
  await app.listen({ port: config.port, host: config.host });
  if (seeded && config.seedDemo) {
    app.log.info(`demo player: phone ${DEMO_PLAYER.username}, password ${DEMO_PLAYER.password}`);
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('server failed to start:', error);
  }
  process.exit(1);
});
