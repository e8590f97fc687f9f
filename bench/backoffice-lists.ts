/**
 * The back office's lists in the large-history mode of `npm run bench` (BENCH_HISTORY=1, issue 19):
 * what an operator reads about a busy player (the statement tab's first and last pages, the deposits
 * tab, which filters that statement), the player search and the audit log, on the fresh database and
 * again with the history loaded.
 *
 * The bench server runs as production does, so there is no demo operator: one is made with the
 * operator's own command (`npm run backoffice -- create-operator`) and signs in as a real one must
 * there, with an authenticator code (production requires TOTP enrolment).
 */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import type autocannon from 'autocannon';
import { generate } from 'otplib';
import { ROOT } from '../e2e/support/server.ts';

/** A few operators at their desks: the back office is not a thousand-user screen. */
const OPERATOR_CONNECTIONS = 10;
/** Rows per page on the player page's tabs (the back office's default page size). */
const RECORDS_LIMIT = 20;
const TOTP_PERIOD_MS = 30_000;

async function answer<T>(res: Response): Promise<T> {
  if (!res.ok) throw new Error(`${res.url} → ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

function post<T>(url: string, path: string, body: unknown, token?: string): Promise<T> {
  return fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body ?? {}),
  }).then((res) => answer<T>(res));
}

/**
 * An owner made on the bench's database and signed in with TOTP; its session token. `serverEnv` is the
 * bench server's environment (it names the database the command writes to).
 */
export async function signInBenchOperator(url: string, serverEnv: NodeJS.ProcessEnv): Promise<string> {
  const username = 'bench-owner';
  const password = `Bench-${randomUUID()}`;
  const made = spawnSync(
    'npx',
    [
      'tsx',
      'apps/server/src/cli/backoffice.ts',
      'create-operator',
      ...['--username', username, '--role', 'owner', '--password', password],
    ],
    { cwd: ROOT, env: serverEnv, encoding: 'utf8' },
  );
  if (made.status !== 0) throw new Error(`create-operator failed: ${made.stdout}${made.stderr}`);
  const first = await post<{ token: string }>(url, '/api/backoffice/login', { username, password });
  const { secret } = await post<{ secret: string }>(url, '/api/backoffice/me/totp/setup', {}, first.token);
  const now = Date.now();
  await post(url, '/api/backoffice/me/totp/enable', { otp: await codeAt(secret, now) }, first.token);
  // The code just used never signs in again: the next step's code (accepted within the tolerance) does.
  const signedIn = await post<{ token: string }>(url, '/api/backoffice/login', {
    username,
    password,
    otp: await codeAt(secret, now + TOTP_PERIOD_MS),
  });
  return signedIn.token;
}

function codeAt(secret: string, ms: number): Promise<string> {
  return generate({ secret, epoch: Math.floor(ms / 1000) });
}

function operatorGet(url: string, token: string, path: string): autocannon.Options {
  return {
    url,
    connections: OPERATOR_CONNECTIONS,
    requests: [{ method: 'GET', path, headers: { authorization: `Bearer ${token}` } }],
  };
}

/** The statement tab's total for a player, to find its last page. */
async function recordsTotal(url: string, token: string, playerId: string): Promise<number> {
  const res = await fetch(
    `${url}/api/backoffice/players/${encodeURIComponent(playerId)}/records?kind=statement&page=1&limit=${RECORDS_LIMIT}`,
    { headers: { authorization: `Bearer ${token}` } },
  );
  return (await answer<{ total: number }>(res)).total;
}

/** One measurement as `npm run bench` takes it (wallet.bench.ts `measure`). */
export type Measure<F> = (name: string, options: autocannon.Options, server: string) => Promise<F>;

/** The operator's lists about the busy player `heavyId` and everyone, as they stand now. */
export async function backofficeListFigures<F>(
  measure: Measure<F>,
  url: string,
  token: string,
  heavyId: string,
): Promise<F[]> {
  const records = (kind: string, page: number) =>
    `/api/backoffice/players/${encodeURIComponent(heavyId)}/records?kind=${kind}&page=${page}&limit=${RECORDS_LIMIT}`;
  const lastPage = Math.max(1, Math.ceil((await recordsTotal(url, token, heavyId)) / RECORDS_LIMIT));
  const figures: F[] = [];
  const cases: [string, string][] = [
    ['back office: statement tab p.1', records('statement', 1)],
    ['back office: statement, last', records('statement', lastPage)],
    ['back office: deposits tab p.1', records('deposits', 1)],
    ['back office: player search', '/api/backoffice/players?page=1'],
    ['back office: audit log p.1', '/api/backoffice/audit?page=1'],
  ];
  for (const [name, path] of cases) figures.push(await measure(name, operatorGet(url, token, path), url));
  return figures;
}
