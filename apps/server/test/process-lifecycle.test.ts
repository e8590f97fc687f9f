import { type ChildProcess, spawn } from 'node:child_process';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { seed } from '../src/db/seed/seed.ts';
import { checkLedger } from '../src/ledger/check.ts';
import { fundWallet, openTestDatabase, registerPlayer, type TestDatabase, testDialects } from './helpers.ts';

const ROOT = resolve(import.meta.dirname, '../../..');
const TRANSFERS = 80;
/** Two server starts from source and a few hundred requests: well past Vitest's default. */
const PROCESS_TEST_TIMEOUT_MS = 120_000;
const IN_FLIGHT = 12;

async function freePort(): Promise<number> {
  return new Promise((done) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

type Answer = { status: number; body: string } | { error: string };

/** One POST on a connection of its own (Connection: close), so a refused connection is told apart from a dropped request. */
function post(port: number, path: string, body: object, headers: Record<string, string>): Promise<Answer> {
  return new Promise((done) => {
    const payload = JSON.stringify(body);
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        agent: false,
        headers: { 'content-type': 'application/json', connection: 'close', ...headers },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () => done({ status: res.statusCode ?? 0, body: text }));
        res.on('error', (error: NodeJS.ErrnoException) => done({ error: error.code ?? error.message }));
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => done({ error: error.code ?? error.message }));
    req.end(payload);
  });
}

interface Server {
  child: ChildProcess;
  port: number;
  exited: Promise<number | null>;
}

/** The real server (main.ts) as its own process on the test's database. */
async function startServer(database: TestDatabase): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: database.dataDir,
      DATABASE_URL: database.url,
      WEB_DIST_DIR: join(database.dataDir, 'no-web'),
      BACKOFFICE_DIST_DIR: join(database.dataDir, 'no-backoffice'),
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '100000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const deadline = Date.now() + 60_000;
  for (;;) {
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) return { child, port, exited };
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('server did not start within 60 s');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A funded player with a game account, made in-process on the database before the server starts. */
async function preparedPlayer(database: TestDatabase): Promise<{ token: string; userId: string }> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: database.dataDir,
    DATABASE_URL: database.url,
    WEB_DIST_DIR: join(database.dataDir, 'no-web'),
    BACKOFFICE_DIST_DIR: join(database.dataDir, 'no-backoffice'),
  });
  await seed(database.db.kysely, { demo: config.seedDemo, demoOperator: config.seedDemoOperator });
  const app = await buildApp({ config, db: database.db });
  try {
    const { phone, token } = await registerPlayer(app);
    await fundWallet(app, phone, TRANSFERS * 2);
    await app.inject({ method: 'GET', url: '/api/wallet/activate/pg', headers: { authorization: `Bearer ${token}` } });
    const user = await database.db.kysely
      .selectFrom('users')
      .select('id')
      .where('username', '=', phone)
      .executeTakeFirstOrThrow();
    return { token, userId: user.id };
  } finally {
    await app.close();
  }
}

/** Sends every transfer, IN_FLIGHT at a time; `onAnswer` sees the count of answers so far. */
async function transferLoad(port: number, token: string, keys: string[], onAnswer: (answered: number) => void) {
  const answers = new Map<string, Answer>();
  let next = 0;
  const worker = async () => {
    while (next < keys.length) {
      const key = keys[next++] as string;
      const answer = await post(
        port,
        '/api/wallet/transfer',
        { from: 'WALLET', to: 'pg', amount: 1 },
        { authorization: `Bearer ${token}`, 'idempotency-key': key },
      );
      answers.set(key, answer);
      onAnswer(answers.size);
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  return answers;
}

async function gameTransfersOf(database: TestDatabase, userId: string): Promise<number> {
  const row = await sql<{ n: number | string }>`
    select count(*) as n from statements
    where user_id = ${userId} and status = 'SUCCESS' and to_code = 'pg'`.execute(database.db.kysely);
  return Number(row.rows[0]?.n ?? 0);
}

describe.each(testDialects())('the server process under load (%s)', (dialect) => {
  let database: TestDatabase | undefined;
  let server: Server | undefined;
  afterEach(async () => {
    if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
    await server?.exited;
    await database?.drop();
  });

  it(
    'on SIGTERM stops taking requests, answers every one it took, and leaves the books whole',
    async () => {
      database = await openTestDatabase(dialect, 'term');
      const { token, userId } = await preparedPlayer(database);
      server = await startServer(database);
      const running = server;
      const keys = Array.from({ length: TRANSFERS }, (_, i) => `lifecycle-term-${i}`);
      const answers = await transferLoad(running.port, token, keys, (answered) => {
        if (answered === TRANSFERS / 4) running.child.kill('SIGTERM');
      });
      expect(await running.exited).toBe(0);

      const outcomes = [...answers.values()];
      const ok = outcomes.filter((a) => 'status' in a && a.status === 200).length;
      // Every request either had its answer or was never taken: refused once the server stopped
      // listening, or reset while it still sat unread in the kernel's queue (a client retries either
      // with its key). The count below shows none of those was applied.
      for (const answer of outcomes) {
        if ('error' in answer) expect(['ECONNREFUSED', 'ECONNRESET']).toContain(answer.error);
        else expect([200, 503], answer.body).toContain(answer.status);
      }
      expect(ok).toBeGreaterThanOrEqual(TRANSFERS / 4);
      expect(await gameTransfersOf(database, userId)).toBe(ok);
      expect(await checkLedger(database.db.kysely)).toEqual([]);
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'after SIGKILL and a restart, has every acknowledged transfer once, and a retried key replays it',
    async () => {
      database = await openTestDatabase(dialect, 'kill');
      const { token, userId } = await preparedPlayer(database);
      server = await startServer(database);
      const running = server;
      const keys = Array.from({ length: TRANSFERS }, (_, i) => `lifecycle-kill-${i}`);
      const first = await transferLoad(running.port, token, keys, (answered) => {
        if (answered === TRANSFERS / 4) running.child.kill('SIGKILL');
      });
      await running.exited;
      const acknowledged = keys.filter((key) => {
        const answer = first.get(key);
        return answer && 'status' in answer && answer.status === 200;
      });
      expect(acknowledged.length).toBeGreaterThanOrEqual(TRANSFERS / 4);
      const applied = await gameTransfersOf(database, userId);
      // Acknowledged means committed; at most the requests in flight at the kill committed unanswered.
      expect(applied).toBeGreaterThanOrEqual(acknowledged.length);
      expect(applied).toBeLessThanOrEqual(acknowledged.length + IN_FLIGHT);
      expect(await checkLedger(database.db.kysely)).toEqual([]);

      // The clients retry with the same keys once the server is back: each gets its first answer again,
      // and nothing moves twice. (A transfer cut off mid-way waits for the recovery of its key and its
      // game account's lease, minutes later; wallet.crash-recovery.test.ts covers that.)
      server = await startServer(database);
      const again = await transferLoad(server.port, token, acknowledged, () => {});
      for (const key of acknowledged) expect(again.get(key)).toEqual(first.get(key));
      expect(await gameTransfersOf(database, userId)).toBe(applied);
      expect(await checkLedger(database.db.kysely)).toEqual([]);
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});
