/**
 * npx tsx bench/in-process.ts [sqlite|postgres]
 * The wallet's hot calls without the network, for deciding what to change: app.inject() with 100 calls
 * in flight, reported as the process's CPU time per call (other work on this shared machine moves
 * wall-clock figures far more than CPU time), calls per second and latency. `npm run bench` then
 * confirms a change over real HTTP.
 *
 * ONLY=<part of a name> runs only the matching cases; ROUNDS=<n> calls per case (default 3000);
 * PROFILE=<file prefix> writes a V8 CPU profile of each case (open it in Chrome DevTools);
 * STATEMENT_TIMES=1 (SQLite) lists the slowest SQL statements with their mean and median times.
 * PostgreSQL runs in a throwaway schema of TEST_DATABASE_URL.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDb } from '../apps/server/src/db/database.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { seed } from '../apps/server/src/db/seed/seed.ts';
import { checkLedger } from '../apps/server/src/ledger/check.ts';
import { prepareBenchPlayers } from './players.ts';
import { benchSecrets } from './secrets.ts';

const dialect = process.argv[2] === 'postgres' ? 'postgres' : 'sqlite';
const ROUNDS = Number(process.env.ROUNDS ?? 3000);
const IN_FLIGHT = 100;
const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function onPostgres(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  await client.query(statement);
  await client.end();
}

/** Times every better-sqlite3 call by its SQL text. */
function timeStatements(): Map<string, number[]> {
  const times = new Map<string, number[]>();
  const proto = Object.getPrototypeOf(new SQLite(':memory:').prepare('select 1')) as Record<string, unknown>;
  for (const method of ['run', 'all', 'get']) {
    const original = proto[method] as (...args: unknown[]) => unknown;
    proto[method] = function (this: { source: string }, ...args: unknown[]) {
      const start = performance.now();
      try {
        return original.apply(this, args);
      } finally {
        const samples = times.get(this.source) ?? [];
        samples.push((performance.now() - start) * 1000);
        times.set(this.source, samples);
      }
    };
  }
  return times;
}

function printStatementTimes(times: Map<string, number[]>, calls: number) {
  const total = (samples: number[]) => samples.reduce((sum, t) => sum + t, 0);
  const rows = [...times].sort((a, b) => total(b[1]) - total(a[1])).slice(0, 20);
  for (const [text, samples] of rows) {
    samples.sort((a, b) => a - b);
    const mean = total(samples) / samples.length;
    const median = samples[samples.length >> 1] ?? 0;
    const sql = text.replace(/\s+/g, ' ').slice(0, 100);
    console.info(
      `  ${(samples.length / calls).toFixed(2)}/call  mean ${mean.toFixed(1).padStart(6)} µs  median ${median.toFixed(1).padStart(6)} µs  ${sql}`,
    );
  }
  times.clear();
}

const dataDir = mkdtempSync(join(tmpdir(), 'wallet-inproc-'));
const schema = dialect === 'postgres' ? `bench_${Date.now().toString(36)}` : undefined;
if (schema) await onPostgres(`create schema ${schema}`);
const config = loadConfig({
  NODE_ENV: 'production',
  ...benchSecrets(),
  SANDBOX_PROVIDERS: 'true',
  DATA_DIR: dataDir,
  DATABASE_URL: schema ? PG_URL : `sqlite:${join(dataDir, 'bench.db')}`,
  RATE_LIMIT_PER_MINUTE: '100000000',
  // Every bench player is made from this one address.
  OTP_SENDS_PER_IP_PER_HOUR: '100000',
  WEB_DIST_DIR: join(dataDir, 'no-web'),
});
const statementTimes = process.env.STATEMENT_TIMES && dialect === 'sqlite' ? timeStatements() : undefined;
const db = openDb(config.databaseUrl, schema ? { schema } : {});
await migrate(db);
await seed(db.kysely, { demo: true });
const app = await buildApp({ config, db });
// Yardsticks: a bare Fastify, and the app's whole plugin stack with nothing behind it.
app.get('/api/bench/empty', async () => ({ ok: true }));
const bare = Fastify();
bare.get('/bare', async () => ({ ok: true }));

async function call(method: 'GET' | 'POST', url: string, token?: string, body?: object, key?: string) {
  const res = await app.inject({
    method,
    url,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(key ? { 'idempotency-key': key } : {}) },
    ...(body ? { payload: body } : {}),
  });
  if (res.statusCode >= 300) throw new Error(`${method} ${url} → ${res.statusCode} ${res.body}`);
  return res;
}

const tokens = (
  await prepareBenchPlayers(
    async (method, path, body, token) => (await call(method, path, token, body)).json(),
    IN_FLIGHT,
  )
).map((player) => player.token);

const cases: Record<string, (worker: number) => Promise<unknown>> = {
  'bare Fastify (inject)': () => bare.inject({ method: 'GET', url: '/bare' }),
  'GET /api/bench/empty (plugin stack)': () => call('GET', '/api/bench/empty'),
  'GET /api/account/profile': (w) => call('GET', '/api/account/profile', tokens[w]),
  'GET /api/wallet': (w) => call('GET', '/api/wallet', tokens[w]),
  'POST /api/wallet/transfer': (w) =>
    call('POST', '/api/wallet/transfer', tokens[w], { from: 'WALLET', to: 'pg', amount: 1 }, randomUUID()),
};

/** Runs `rounds` calls with IN_FLIGHT of them in flight, each worker as its own player. */
async function load(run: (worker: number) => Promise<unknown>, rounds: number): Promise<number[]> {
  let started = 0;
  const latencies: number[] = [];
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async (_, worker) => {
      while (started < rounds) {
        started++;
        const began = performance.now();
        await run(worker);
        latencies.push(performance.now() - began);
      }
    }),
  );
  return latencies.sort((a, b) => a - b);
}

for (const [name, run] of Object.entries(cases)) {
  if (process.env.ONLY && !name.includes(process.env.ONLY)) continue;
  await load(run, 1000); // warm-up: let the JIT settle first
  statementTimes?.clear();
  const profiler = process.env.PROFILE ? new Session() : undefined;
  if (profiler) {
    profiler.connect();
    await profiler.post('Profiler.enable');
    await profiler.post('Profiler.start');
  }
  const cpuBefore = process.cpuUsage();
  const began = performance.now();
  const latencies = await load(run, ROUNDS);
  const seconds = (performance.now() - began) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  if (profiler) {
    const { profile } = await profiler.post('Profiler.stop');
    writeFileSync(`${process.env.PROFILE}-${name.replace(/\W+/g, '_')}.cpuprofile`, JSON.stringify(profile));
    profiler.disconnect();
  }
  if (statementTimes) printStatementTimes(statementTimes, ROUNDS);
  const at = (q: number) => (latencies[Math.floor(q * (latencies.length - 1))] ?? 0).toFixed(1);
  console.info(
    `${name.padEnd(36)} ${((cpu.user + cpu.system) / ROUNDS).toFixed(0).padStart(5)} µs CPU/call  ` +
      `${(ROUNDS / seconds).toFixed(0).padStart(6)} calls/s  p50 ${at(0.5)} ms  p99 ${at(0.99)} ms`,
  );
}

const problems = await checkLedger(db.kysely);
console.info(problems.length === 0 ? 'ledger check: ok' : `ledger check FAILED: ${JSON.stringify(problems)}`);
await app.close();
await bare.close();
await db.close();
if (schema) await onPostgres(`drop schema ${schema} cascade`);
rmSync(dataDir, { recursive: true, force: true });
if (problems.length > 0) process.exitCode = 1;
