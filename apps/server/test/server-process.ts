import { type ChildProcess, spawn } from 'node:child_process';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { buildApp } from '../src/app.ts';
import { seed } from '../src/db/seed/seed.ts';
import { fundWallet, registerPlayer, type TestDatabase, testConfig } from './helpers.ts';
import { serverEntryArgs } from './server-bundle.ts';

/** Real server processes for the tests that need them (signals, crashes, several instances). */

const ROOT = resolve(import.meta.dirname, '../../..');

export async function freePort(): Promise<number> {
  return new Promise((done) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export type Answer = { status: number; body: string } | { error: string };

/** One POST on a connection of its own (Connection: close), so a refused connection is told apart from a dropped request. */
export function post(port: number, path: string, body: object, headers: Record<string, string>): Promise<Answer> {
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

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  exited: Promise<number | null>;
}

/**
 * The real server (main.ts, or `entry`: a script that starts it another way) as its own process on the
 * test's database; `env` adds to or overrides its settings.
 */
export async function startServerProcess(
  database: TestDatabase,
  env: Record<string, string> = {},
  entry = 'apps/server/src/main.ts',
): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, await serverEntryArgs(entry), {
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
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  // A deadline, not a wait: the loop returns as soon as the server is ready (on a loaded 2-CPU machine a
  // start has taken over 60 s).
  const deadline = Date.now() + 120_000;
  for (;;) {
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) return { child, port, exited };
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (Date.now() > deadline) {
      // Not left running behind the failed test (it would hold the run open and load the machine).
      child.kill('SIGKILL');
      throw new Error('server did not start within 120 s');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * A player with `funds` baht and a pg game account, made in-process on the database before the servers
 * start (it also seeds the database).
 */
export async function preparedPlayer(
  database: TestDatabase,
  funds: number,
): Promise<{ token: string; userId: string; phone: string; password: string }> {
  const config = testConfig(database);
  await seed(database.db.kysely, { demo: config.seedDemo, demoOperator: config.seedDemoOperator });
  const app = await buildApp({ config, db: database.db });
  try {
    const { phone, token, payload } = await registerPlayer(app);
    await fundWallet(app, phone, funds);
    await app.inject({ method: 'GET', url: '/api/wallet/activate/pg', headers: { authorization: `Bearer ${token}` } });
    const user = await database.db.kysely
      .selectFrom('users')
      .select('id')
      .where('username', '=', phone)
      .executeTakeFirstOrThrow();
    return { token, userId: user.id, phone, password: payload.password as string };
  } finally {
    await app.close();
  }
}
