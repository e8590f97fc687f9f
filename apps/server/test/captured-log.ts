import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { seed } from '../src/db/seed/seed.ts';
import { loggerOptions } from '../src/http/logging.ts';
import { openTestDatabase, type TestDialect, testConfig } from './helpers.ts';

export interface LoggedApp {
  app: FastifyInstance;
  /** Every line the server's logger wrote, parsed. */
  lines: Array<Record<string, unknown>>;
  /** The whole log as written, to search for what must not be in it. */
  text(): string;
  close(): Promise<void>;
}

/** The app on a fresh database with the server's own logger (main.ts options) writing to memory. */
export async function appWithCapturedLog(dialect: TestDialect): Promise<LoggedApp> {
  const database = await openTestDatabase(dialect);
  const config = testConfig(database);
  await seed(database.db.kysely, { demo: config.seedDemo, demoOperator: config.seedDemoOperator });
  const chunks: string[] = [];
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      chunks.push(String(chunk));
      for (const line of String(chunk).split('\n')) if (line) lines.push(JSON.parse(line));
      done();
    },
  });
  const app = await buildApp({ config, db: database.db, logger: { ...loggerOptions('info'), stream } });
  return {
    app,
    lines,
    text: () => chunks.join(''),
    async close() {
      await app.close();
      await database.drop();
    },
  };
}
