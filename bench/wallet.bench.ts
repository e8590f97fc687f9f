/**
 * npm run bench
 * Throughput and latency of the wallet's hottest calls under 100 concurrent connections, on the
 * server as `npm start` runs it (the esbuild bundle, built first), each shown next to a bare Fastify
 * route measured in the same run, before and after them (the ratio to the mean of the two is what to
 * compare across machines). Runs on SQLite, and on PostgreSQL too when BENCH_DATABASE_URL or
 * TEST_DATABASE_URL names a server (a throwaway database is created there and dropped afterwards).
 * The ledger check runs after each database's load and the bench fails if it does not pass. Each
 * endpoint's line also shows the server's event-loop delay during its load (p99 and the longest stall,
 * read from /metrics: no single request may hold the loop for long), and on PostgreSQL the round trips
 * one transfer and one wallet read take, counted by the server.
 *
 * Each measurement follows an unmeasured warm-up of the same load (BENCH_WARMUP_SECONDS, default 2).
 * BENCH_SECONDS=5 shortens each measurement; BENCH_CPU_PROFILE=<dir> makes the wallet server write a
 * V8 CPU profile of the whole run into <dir> (open it in Chrome DevTools) to see where the time goes.
 * BENCH_HISTORY=1 adds the large-history figures (bench/history.ts): the statement's first and last
 * pages and GET /api/wallet, alone and while two connections page a busy player's statement, on the
 * fresh database and again after loading 300,000 lines for one player and 1,000,000 in all, and the back
 * office's lists about that player (bench/backoffice-lists.ts).
 * BENCH_ONLY=sqlite or BENCH_ONLY=postgres measures one database only.
 *
 * On PostgreSQL the run also measures the floor (bench/floor-server.ts): a hand-written transfer of one
 * statement and of three, with no session, idempotency or provider, so the app's transfer can be read
 * against what this machine gives the money alone.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import pg from 'pg';
import { ROOT, startServer } from '../e2e/support/server.ts';
import { backofficeListFigures, signInBenchOperator } from './backoffice-lists.ts';
import { benchUserIds, HEAVY_ROWS, LEDGER_ROWS, loadHistory, PAGE_LIMIT, TOTAL_ROWS } from './history.ts';
import { type BenchPlayer, prepareBenchPlayers } from './players.ts';
import { benchSecrets } from './secrets.ts';
import { figureBook, TIMED } from './targets.ts';

const CONNECTIONS = 100;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_S = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const PLAYERS = CONNECTIONS;
const HISTORY = process.env.BENCH_HISTORY === '1';
/** BENCH_ONLY=sqlite or BENCH_ONLY=postgres runs one database's figures (both by default). */
const ONLY = process.env.BENCH_ONLY;
/** Lets the bench read the server's /metrics (its count of round trips to PostgreSQL). */
const METRICS_TOKEN = randomUUID();
/** Calls made one at a time, with nothing else running, to count round trips per call. */
const ROUND_TRIP_PROBES = 20;
/** The figures with a target (bench/targets.ts), printed beside it; over one never fails the run. */
const book = figureBook();

interface Figures {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** Share of the machine's CPU time the hypervisor gave to other machines during the measurement. */
  stolen: number | undefined;
  /** The wallet server's event-loop delay during the measurement (ms): how long any one piece of work held it. */
  loop?: { p99: number; max: number };
}

/** Linux's CPU time counters (all CPUs), or undefined elsewhere. */
function cpuTimes(): { steal: number; total: number } | undefined {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]?.trim().split(/\s+/).slice(1).map(Number) ?? [];
    return { steal: fields[7] ?? 0, total: fields.reduce((sum, n) => sum + n, 0) };
  } catch {
    return undefined;
  }
}

/**
 * The wallet server's event-loop delay since the last call (prom-client resets its histogram at every
 * scrape of /metrics), in ms.
 */
async function eventLoopDelay(url: string): Promise<{ p99: number; max: number }> {
  const res = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  const text = await res.text();
  const seconds = (name: string) =>
    Number(
      text
        .split('\n')
        .find((line) => line.startsWith(`${name} `))
        ?.split(' ')[1] ?? Number.NaN,
    );
  return {
    p99: seconds('nodejs_eventloop_lag_p99_seconds') * 1000,
    max: seconds('nodejs_eventloop_lag_max_seconds') * 1000,
  };
}

async function measure(name: string, options: autocannon.Options, server?: string): Promise<Figures> {
  // Unmeasured first: the first second of load runs on cold code (V8 still compiling the hot paths,
  // SQLite's page cache still filling), which is not what a long-running server looks like.
  if (WARMUP_S > 0) await autocannon({ connections: CONNECTIONS, duration: WARMUP_S, ...options });
  if (server) await eventLoopDelay(server);
  const before = cpuTimes();
  const result = await autocannon({ connections: CONNECTIONS, duration: DURATION_S, ...options });
  const after = cpuTimes();
  const loop = server ? await eventLoopDelay(server) : undefined;
  const non2xx = result.non2xx + result.errors + result.timeouts;
  const stolen = before && after ? (after.steal - before.steal) / Math.max(1, after.total - before.total) : undefined;
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: non2xx,
    stolen,
    ...(loop ? { loop } : {}),
  };
}

async function freePortServer(
  script: string,
  env: Record<string, string> = {},
): Promise<{ url: string; stop(): Promise<void> }> {
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: 'inherit',
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`${url}/bare`)).ok) break;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

async function json<T>(res: Response): Promise<T> {
  if (!res.ok) throw new Error(`${res.url} → ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** The bench's players, made over HTTP (bench/players.ts). */
function preparePlayers(url: string): Promise<BenchPlayer[]> {
  return prepareBenchPlayers(
    async (method, path, body, token) =>
      json(
        await fetch(`${url}${path}`, {
          method,
          headers: {
            ...(body ? { 'content-type': 'application/json' } : {}),
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
          ...(body ? { body: JSON.stringify(body) } : {}),
        }),
      ),
    PLAYERS,
  );
}

/** Gives each connection its own player, as real traffic would be. */
function perConnectionToken(tokens: string[]) {
  let next = 0;
  return (context: Record<string, unknown>): string => {
    context.token ??= tokens[next++ % tokens.length];
    return context.token as string;
  };
}

async function benchDatabase(label: string, env: Record<string, string>, bareUrl: string) {
  // The bundle `npm start` runs, not the TypeScript sources through tsx as the tests do.
  const server = await startServer(
    {
      NODE_ENV: 'production',
      ...benchSecrets(),
      SANDBOX_PROVIDERS: 'true',
      // The players' game accounts need the sandbox catalogue, which comes with the demo data.
      SEED_DEMO: 'true',
      LOG_LEVEL: 'silent',
      METRICS_TOKEN,
      RATE_LIMIT_PER_MINUTE: '100000000',
      // Every bench player is made from this one address.
      OTP_SENDS_PER_IP_PER_HOUR: '100000',
      ...(process.env.BENCH_CPU_PROFILE
        ? { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${ROOT}/bench/cpu-profile.mjs`.trim() }
        : {}),
      ...env,
    },
    'built',
  );
  try {
    const players = await preparePlayers(server.url);
    const tokens = players.map((player) => player.token);
    const tokenFor = perConnectionToken(tokens);
    const bareBefore = await measure('bare Fastify GET /bare', { url: `${bareUrl}/bare` });
    const transfer = await measure(
      'POST /api/wallet/transfer',
      {
        url: server.url,
        requests: [
          {
            method: 'POST',
            path: '/api/wallet/transfer',
            setupRequest: (request, context) => ({
              ...request,
              headers: {
                'content-type': 'application/json',
                authorization: `Bearer ${tokenFor(context as Record<string, unknown>)}`,
                'idempotency-key': randomUUID(),
              },
              body: JSON.stringify({ from: 'WALLET', to: 'pg', amount: 1 }),
            }),
          },
        ],
      },
      server.url,
    );
    const wallet = await measure(
      'GET /api/wallet',
      {
        url: server.url,
        requests: [
          {
            method: 'GET',
            path: '/api/wallet',
            setupRequest: (request, context) => ({
              ...request,
              headers: { authorization: `Bearer ${tokenFor(context as Record<string, unknown>)}` },
            }),
          },
        ],
      },
      server.url,
    );
    const floor = env.DATABASE_URL ? await floorFigures(env.DATABASE_URL) : [];
    // The bare route alone moves by a fifth from one measurement to the next on a shared machine: it is
    // measured again after the endpoints, and the ratios are taken against the mean of the two.
    const bareAfter = await measure('bare Fastify GET /bare', { url: `${bareUrl}/bare` });
    report(label, [bareBefore, bareAfter], [transfer, wallet, ...floor]);
    if (env.DATABASE_URL) await reportRoundTrips(server.url, players[0]?.token ?? '');
    if (HISTORY) {
      const databaseUrl = server.env.DATABASE_URL ?? `sqlite:${server.dataDir}/wallet.db`;
      await historyFigures(label, server, databaseUrl, players);
    }
    const checkStarted = performance.now();
    const check = spawnSync('npm', ['run', '--silent', 'ledger:check'], {
      cwd: ROOT,
      env: server.env,
      encoding: 'utf8',
    });
    process.stdout.write(check.stdout + check.stderr);
    console.info(`  ledger:check took ${((performance.now() - checkStarted) / 1000).toFixed(1)} s`);
    if (check.status !== 0) throw new Error(`ledger check failed after the ${label} run`);
    if (transfer.errors + wallet.errors > 0)
      throw new Error(`${label}: ${transfer.errors + wallet.errors} failed requests`);
  } finally {
    await server.stop();
  }
}

/**
 * The PostgreSQL floor on this machine (bench/floor-server.ts): a hand-written transfer of one statement,
 * and of three (the fewest a game transfer can take), with nothing else in the request.
 */
async function floorFigures(databaseUrl: string): Promise<Figures[]> {
  const floor = await freePortServer('bench/floor-server.ts', { DATABASE_URL: databaseUrl });
  try {
    const transferOf = (statements: number) =>
      measure(`floor: ${statements} statement${statements > 1 ? 's' : ''}`, {
        url: floor.url,
        requests: [{ method: 'POST', path: `/floor/${statements}` }],
      });
    return [await transferOf(1), await transferOf(3)];
  } finally {
    await floor.stop();
  }
}

/** The server's count of queries sent to PostgreSQL so far (http/metrics.ts). */
async function roundTripsSoFar(url: string): Promise<number> {
  const res = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  const line = (await res.text()).split('\n').find((l) => l.startsWith('wallet_db_round_trips_total '));
  if (!line) throw new Error('/metrics has no wallet_db_round_trips_total');
  return Number(line.split(' ')[1]);
}

/** Round trips to PostgreSQL per transfer and per wallet read, each call alone (nothing else in flight). */
async function reportRoundTrips(url: string, token: string) {
  // The count is the whole server's: its own timers (queues, pollers) and /metrics itself query too.
  // Their share is counted over as long a quiet spell right after, and taken off.
  const perCall = async (call: () => Promise<Response>) => {
    const started = performance.now();
    const before = await roundTripsSoFar(url);
    for (let i = 0; i < ROUND_TRIP_PROBES; i += 1) await json(await call());
    const during = (await roundTripsSoFar(url)) - before;
    const quietFrom = await roundTripsSoFar(url);
    await new Promise((resolve) => setTimeout(resolve, performance.now() - started));
    const background = (await roundTripsSoFar(url)) - quietFrom;
    return Math.max(0, during - background) / ROUND_TRIP_PROBES;
  };
  const auth = { authorization: `Bearer ${token}` };
  const transfer = await perCall(() =>
    fetch(`${url}/api/wallet/transfer`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: JSON.stringify({ from: 'WALLET', to: 'pg', amount: 1 }),
    }),
  );
  const wallet = await perCall(() => fetch(`${url}/api/wallet`, { headers: auth }));
  // The sandbox game provider keeps its wallets in the same database: one of the transfer's round trips
  // is the provider's, which a real provider makes over its own HTTP API instead.
  console.info(
    `  round trips to PostgreSQL per call: POST /api/wallet/transfer ${transfer.toFixed(1)} (1 of them the sandbox provider's), GET /api/wallet ${wallet.toFixed(1)}`,
  );
}

/** POST /api/statement for one player's page, as the statement screen asks for it. */
function statementPage(url: string, token: string, page: number, connections = CONNECTIONS): autocannon.Options {
  return {
    url,
    connections,
    requests: [
      {
        method: 'POST',
        path: '/api/statement',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ page, limit: PAGE_LIMIT }),
      },
    ],
  };
}

/** GET /api/wallet, each connection as its own player. */
function walletOf(url: string, tokens: string[], connections = CONNECTIONS): autocannon.Options {
  const tokenFor = perConnectionToken(tokens);
  return {
    url,
    connections,
    requests: [
      {
        method: 'GET',
        path: '/api/wallet',
        setupRequest: (request, context) => ({
          ...request,
          headers: { authorization: `Bearer ${tokenFor(context as Record<string, unknown>)}` },
        }),
      },
    ],
  };
}

/** The statement's total for one player, to find its last page. */
async function statementTotal(url: string, token: string): Promise<number> {
  const answer = await json<{ total: number }>(
    await fetch(`${url}/api/statement`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ page: 1, limit: PAGE_LIMIT }),
    }),
  );
  return answer.total;
}

/** The player-facing figures of a busy player and everyone else, as they stand now. */
async function playerFigures(url: string, players: BenchPlayer[]): Promise<Figures[]> {
  const [heavy, ...others] = players;
  if (!heavy) throw new Error('no bench players');
  const lastPage = Math.max(1, Math.ceil((await statementTotal(url, heavy.token)) / PAGE_LIMIT));
  const first = await measure('statement, page 1', statementPage(url, heavy.token, 1), url);
  const last = await measure(`statement, last page`, statementPage(url, heavy.token, lastPage), url);
  const wallet = await measure(
    'GET /api/wallet',
    walletOf(
      url,
      others.map((p) => p.token),
    ),
    url,
  );
  // Two connections page the busy player's statement while everyone else reads their wallet.
  const [mixed] = await Promise.all([
    measure(
      'GET /api/wallet, 2 paging',
      walletOf(
        url,
        others.map((p) => p.token),
        CONNECTIONS - 2,
      ),
      url,
    ),
    autocannon({ ...statementPage(url, heavy.token, lastPage, 2), duration: WARMUP_S + DURATION_S }),
  ]);
  return [first, last, wallet, mixed];
}

async function historyFigures(
  label: string,
  server: { url: string; env: NodeJS.ProcessEnv },
  databaseUrl: string,
  players: BenchPlayer[],
) {
  const { url } = server;
  const userIds = await benchUserIds(
    databaseUrl,
    players.map((player) => player.phone),
  );
  const operator = await signInBenchOperator(url, server.env);
  const figuresNow = async () => [
    ...(await playerFigures(url, players)),
    ...(await backofficeListFigures(measure, url, operator, userIds[0] as string)),
  ];
  const fresh = await figuresNow();
  const started = performance.now();
  await loadHistory(databaseUrl, userIds);
  const loadedIn = (performance.now() - started) / 1000;
  const loaded = await figuresNow();
  console.info(
    `\n${label}, large history: ${HEAVY_ROWS.toLocaleString('en')} statement lines for one player, ` +
      `${TOTAL_ROWS.toLocaleString('en')} in all, ${LEDGER_ROWS.toLocaleString('en')} more ledger transfers ` +
      `(loaded in ${loadedIn.toFixed(0)} s); target: at least ${TIMED.historyShareOfFresh * 100}% of fresh`,
  );
  fresh.forEach((before, i) => {
    const after = loaded[i] as Figures;
    const ratio = after.rps / Math.max(1, before.rps);
    console.info(
      `  ${before.name.padEnd(30)} fresh ${before.rps.toFixed(0).padStart(7)} req/s p99 ${String(before.p99).padStart(4)} ms` +
        `   history ${after.rps.toFixed(0).padStart(7)} req/s p50 ${String(after.p50).padStart(4)} ms p99 ${String(after.p99).padStart(5)} ms` +
        `   ${(ratio * 100).toFixed(0).padStart(3)}% ${ratio >= TIMED.historyShareOfFresh ? '✓' : '✗'}${loopText(after)}`,
    );
    book.add(
      `${label} ${before.name.trim()} with history`,
      `${(ratio * 100).toFixed(0)}% of fresh`,
      `≥ ${TIMED.historyShareOfFresh * 100}%`,
      ratio >= TIMED.historyShareOfFresh,
    );
  });
}

/** The server's event-loop delay during a measurement: its longest stall shows any request that held it. */
function loopText(f: Figures): string {
  return f.loop ? `   event loop p99 ${f.loop.p99.toFixed(0)} ms, max ${f.loop.max.toFixed(0)} ms` : '';
}

/**
 * On a shared virtual machine the hypervisor may hand part of this machine's CPU time to others; the
 * ratio is only fair if the bare route and the endpoint lost about as much, so the share is shown.
 */
function report(label: string, bares: Figures[], rows: Figures[]) {
  const stolen = (f: Figures) => (f.stolen === undefined ? '' : `   (CPU stolen ${(f.stolen * 100).toFixed(0)}%)`);
  const line = (f: Figures, ratio: string) =>
    `  ${f.name.padEnd(28)} ${f.rps.toFixed(0).padStart(8)} req/s   p50 ${String(f.p50).padStart(4)} ms   p99 ${String(f.p99).padStart(4)} ms   ${ratio}${stolen(f)}${loopText(f)}`;
  const bareRps = bares.reduce((sum, f) => sum + f.rps, 0) / bares.length;
  console.info(`\n${label} (${CONNECTIONS} connections, ${DURATION_S} s each)`);
  bares.forEach((bare, i) => {
    console.info(line(bare, i === 0 ? 'before the endpoints' : 'after the endpoints'));
  });
  console.info(`  ${'bare Fastify, mean'.padEnd(28)} ${bareRps.toFixed(0).padStart(8)} req/s   ratio 1.00`);
  for (const row of rows) console.info(line(row, `ratio ${(row.rps / bareRps).toFixed(3)} of bare`));
}

const built = spawnSync('npm', ['run', 'build', '-w', '@wallet/server'], { cwd: ROOT, stdio: 'inherit' });
if (built.status !== 0) throw new Error('the server build failed');
const bareServer = await freePortServer('bench/bare-server.ts');
try {
  if (ONLY !== 'postgres') await benchDatabase('SQLite', {}, bareServer.url);
  const pgBase = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (ONLY === 'sqlite') {
    console.info('\nPostgreSQL skipped (BENCH_ONLY=sqlite).');
  } else if (pgBase) {
    const name = `bench_${Date.now()}`;
    const admin = new pg.Client({ connectionString: pgBase });
    await admin.connect();
    await admin.query(`create database ${name}`);
    try {
      const url = new URL(pgBase);
      url.pathname = `/${name}`;
      await benchDatabase('PostgreSQL', { DATABASE_URL: url.toString() }, bareServer.url);
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  } else {
    console.info('\nPostgreSQL skipped: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to include it.');
  }
} finally {
  await bareServer.stop();
}
console.info(
  book.figures.length
    ? `\n${book.summary('bench figures')}`
    : '\nNo figure of this run has a target (BENCH_HISTORY=1 adds the large-history shares, bench/targets.ts).',
);
