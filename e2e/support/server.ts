import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '..', '..');

async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolvePort(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface RunningServer {
  url: string;
  dataDir: string;
  env: Record<string, string>;
  /** Runs the service command (`npm run service -- <command>`) against this server's database, as an operator would. */
  service(command: 'terminate' | 'activate'): void;
  stop(): Promise<void>;
}

/** The server from its TypeScript sources (tests), or the bundle `npm run build` makes and `npm start` runs. */
const SERVER_ENTRIES = {
  source: ['--import', 'tsx', 'apps/server/src/main.ts'],
  built: ['apps/server/dist/main.js'],
} as const;

/** The operator commands, likewise: `npm run service` / `npm run ledger:check`, or their bundles. */
const COMMANDS = {
  source: {
    service: ['--import', 'tsx', 'apps/server/src/cli/service.ts'],
    ledgerCheck: ['--import', 'tsx', 'apps/server/src/cli/ledger-check.ts'],
  },
  built: { service: ['apps/server/dist/cli/service.js'], ledgerCheck: ['apps/server/dist/cli/ledger-check.js'] },
} as const;

/**
 * The end-to-end tests' global setup bundles the server from the sources once per run and sets this: each of
 * their files starts a server, and one from the bundle loads one file where tsx loads hundreds through its
 * hooks (about 3 s less CPU a start, twenty-odd starts a run). The benches and anything else start it from
 * source unless they ask.
 */
export const SERVER_BUNDLE_ENV = 'E2E_SERVER_BUNDLE';
const DEFAULT_ENTRY: keyof typeof SERVER_ENTRIES = process.env[SERVER_BUNDLE_ENV] === '1' ? 'built' : 'source';

/**
 * Starts the real server (migrations, seed, static app) on a free port with its own SQLite file, and
 * waits until it answers. Each test file gets its own, so files never share state.
 */
export async function startServer(
  env: Record<string, string> = {},
  entry: keyof typeof SERVER_ENTRIES = DEFAULT_ENTRY,
): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'wallet-e2e-'));
  const fullEnv = {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ...env,
  } as Record<string, string>;
  // The tests' own PostgreSQL URL must not leak into a server meant to run on its temp SQLite file.
  if (!env.DATABASE_URL) delete fullEnv.DATABASE_URL;
  const child: ChildProcess = spawn(process.execPath, [...SERVER_ENTRIES[entry]], {
    cwd: ROOT,
    env: fullEnv,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  // A deadline, not a wait: the loop returns as soon as the server answers. Two files' servers, browsers
  // and builds at once on a busy 2-CPU machine took up to 46 s to get one started; the hooks allow 180 s.
  const deadline = Date.now() + 150_000;
  for (;;) {
    try {
      const res = await fetch(`${url}/api/lookup/registerOTP`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('server did not start within 150 s');
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    dataDir,
    env: fullEnv,
    service(command) {
      const result = spawnSync(process.execPath, [...COMMANDS[DEFAULT_ENTRY].service, command], {
        cwd: ROOT,
        env: fullEnv,
        encoding: 'utf8',
      });
      if (result.status !== 0) throw new Error(`service ${command} failed: ${result.stderr}`);
    },
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Builds the player app with extra build settings into its own folder (e.g. a Lao-mode build). */
export function buildWeb(outDir: string, env: Record<string, string>): void {
  const result = spawnSync('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir'], {
    cwd: join(ROOT, 'apps/web'),
    env: { ...process.env, ...env },
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('web build failed');
}

/** Runs the ledger check (`npm run ledger:check`) on a server's database, as an operator would; returns its output and exit code. */
export function ledgerCheck(server: RunningServer): { output: string; status: number | null } {
  const result = spawnSync(process.execPath, [...COMMANDS[DEFAULT_ENTRY].ledgerCheck], {
    cwd: ROOT,
    env: server.env,
    encoding: 'utf8',
  });
  return { output: result.stdout + result.stderr, status: result.status };
}
