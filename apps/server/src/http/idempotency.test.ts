import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase, testDialects } from '../../test/helpers.ts';
import type { Db } from '../db/database.ts';
import { prepared } from '../db/prepared.ts';
import { manualClock } from '../lib/clock.ts';
import { refused } from '../lib/domain-error.ts';
import { registerErrorHandler } from './error-handler.ts';
import { createIdempotency, type Recovery, RUN_AGAIN } from './idempotency.ts';

/** Each run of a request's work leaves one row: the count of rows is the count of runs that stuck. */
const recordRun = prepared('insert into settings (key, value, updated_at) values ($1, $2, 0)');
const countRuns = prepared<{ n: number }>("select count(*) as n from settings where key like $1 || '%'");

interface MovePayload {
  tag: string;
  mode: 'ok' | 'refuse-before' | 'refuse-inside' | 'crash-after' | 'wait';
}

/** What a process that died mid-request still does: nothing, ever. */
const dead = () => new Promise<never>(() => {});
/** Past the point where a claim without an answer counts as abandoned (ABANDONED_AFTER_MS). */
const LATER_MS = 10 * 60 * 1000;

describe.each(testDialects())('idempotency on %s', (dialect) => {
  let testDb: TestDatabase;
  let db: Db;
  let app: FastifyInstance;
  /** The 'wait' mode holds between its first change and its answer until the test lets it go. */
  let release = () => {};
  let released = Promise.resolve();
  const clock = manualClock();
  /** While set, a request on /rerun or /settle dies where its process would (the retry's body is the same). */
  let dying = false;

  beforeAll(async () => {
    testDb = await openTestDatabase(dialect, 'i');
    db = testDb.db;
    const kysely = db.kysely;
    const idempotency = createIdempotency(kysely, clock);

    app = Fastify();
    app.decorateRequest('player', null);
    app.addHook('onRequest', async (request) => {
      request.player = { id: String(request.headers['x-player'] ?? 'player-1'), username: 'p', tokenHash: 'h' };
    });
    registerErrorHandler(app);
    const run = (tag: string) => ({ key: `${tag}:${randomUUID()}`, value: 'ran' });
    app.post<{ Body: MovePayload }>('/move', async (request, reply) =>
      idempotency.onceClaimingInWork(request, reply, async (ticket) => {
        const { tag, mode } = request.body;
        if (mode === 'refuse-before') throw refused('MONEY_NOT_ENOUGH', 'amount');
        await ticket.transaction(kysely, async (trx) => {
          const { key, value } = run(tag);
          await recordRun.run(trx, [key, value]);
          if (mode === 'refuse-inside') throw refused('MONEY_NOT_ENOUGH', 'amount');
        });
        if (mode === 'crash-after') throw new Error('lost the provider');
        if (mode === 'wait') await released;
        return ticket.finish(kysely, async () => ({ status: 200, body: { tag, at: randomUUID() } }));
      }),
    );
    app.post<{ Body: MovePayload }>('/classic', async (request, reply) =>
      idempotency.once(request, reply, async () => {
        await recordRun.run(kysely, [run(request.body.tag).key, 'ran']);
        return { status: 201, body: { tag: request.body.tag, at: randomUUID() } };
      }),
    );
    // Dying, an attempt claims the key and its process dies before anything moved.
    app.post<{ Body: MovePayload }>('/rerun', async (request, reply) =>
      idempotency.once(
        request,
        reply,
        async () => {
          if (dying) return dead();
          await recordRun.run(kysely, [run(request.body.tag).key, 'ran']);
          return { status: 201, body: { tag: request.body.tag } };
        },
        RUN_AGAIN,
      ),
    );
    // Dying, an attempt commits its operation (a run), and its process dies before the answer.
    const settle: Recovery<{ settled: string }> = {
      settle: async (operation) => ({ status: 200, body: { settled: operation } }),
    };
    app.post<{ Body: MovePayload }>('/settle', async (request, reply) =>
      idempotency.onceClaimingInWork(
        request,
        reply,
        async (ticket) => {
          // Read before the commit: the test stops dying as soon as it sees the run committed, which on a
          // loaded machine came before this attempt went on to die, and it then answered instead.
          const dies = dying;
          await ticket.transaction(kysely, (trx) => recordRun.run(trx, [run(request.body.tag).key, 'ran']), 'op-1');
          if (dies) return dead();
          return { status: 200, body: { settled: 'never' } };
        },
        settle,
      ),
    );
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    await testDb.drop();
  });

  const call = (payload: MovePayload, key?: string, url = '/move', player = 'player-1') =>
    app.inject({
      method: 'POST',
      url,
      payload,
      headers: { 'x-player': player, ...(key ? { 'idempotency-key': key } : {}) },
    });
  const runs = async (tag: string) => Number((await countRuns.first(db.kysely, [tag]))?.n ?? 0);

  it('runs once per key and answers a repeat with the first answer, marked as a replay', async () => {
    const first = await call({ tag: 'once', mode: 'ok' }, 'key-once-0001');
    const again = await call({ tag: 'once', mode: 'ok' }, 'key-once-0001');
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replay']).toBe('true');
    expect(await runs('once')).toBe(1);
  });

  it('runs every time without a key, and keeps keys per player', async () => {
    await call({ tag: 'nokey', mode: 'ok' });
    await call({ tag: 'nokey', mode: 'ok' });
    expect(await runs('nokey')).toBe(2);
    await call({ tag: 'players', mode: 'ok' }, 'key-shared-0001', '/move', 'player-a');
    await call({ tag: 'players', mode: 'ok' }, 'key-shared-0001', '/move', 'player-b');
    expect(await runs('players')).toBe(2);
  });

  it('remembers a refusal made before any change, and replays it', async () => {
    const refused = await call({ tag: 'refuse-before', mode: 'refuse-before' }, 'key-refuse-before');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: 'MONEY_NOT_ENOUGH', field: 'amount' });
    const again = await call({ tag: 'refuse-before', mode: 'refuse-before' }, 'key-refuse-before');
    expect(again.json()).toEqual(refused.json());
    expect(again.headers['idempotent-replay']).toBe('true');
  });

  it('remembers a refusal from inside the first transaction, whose changes roll back with the claim', async () => {
    const refused = await call({ tag: 'refuse-inside', mode: 'refuse-inside' }, 'key-refuse-inside');
    expect(refused.json()).toEqual({ message: 'MONEY_NOT_ENOUGH', field: 'amount' });
    expect(await runs('refuse-inside')).toBe(0);
    const again = await call({ tag: 'refuse-inside', mode: 'refuse-inside' }, 'key-refuse-inside');
    expect(again.headers['idempotent-replay']).toBe('true');
    expect(await runs('refuse-inside')).toBe(0);
  });

  it('refuses the same key with another body', async () => {
    await call({ tag: 'body-a', mode: 'ok' }, 'key-other-body');
    const other = await call({ tag: 'body-b', mode: 'ok' }, 'key-other-body');
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual({ message: 'KEY_INVALID', field: 'Idempotency-Key' });
    expect(await runs('body-b')).toBe(0);
  });

  it('releases the key after an unexpected failure, so a retry runs', async () => {
    const crashed = await call({ tag: 'crash', mode: 'crash-after' }, 'key-crash-0001');
    expect(crashed.statusCode).toBe(500);
    expect(await runs('crash')).toBe(1);
    const retried = await call({ tag: 'crash', mode: 'crash-after' }, 'key-crash-0001');
    expect(retried.statusCode).toBe(500);
    expect(retried.headers['idempotent-replay']).toBeUndefined();
    expect(await runs('crash')).toBe(2);
  });

  it('runs a burst of concurrent repeats once, and gives all of them the one answer', async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => call({ tag: 'burst', mode: 'ok' }, 'key-burst-0001')),
    );
    expect(new Set(answers.map((a) => a.statusCode))).toEqual(new Set([200]));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(await runs('burst')).toBe(1);
  });

  it('makes a repeat that arrives after the first change wait for the first answer', async () => {
    released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const first = call({ tag: 'wait', mode: 'wait' }, 'key-wait-00001');
    await expect.poll(() => runs('wait'), { timeout: 5_000, interval: 10 }).toBe(1);
    let repeatDone = false;
    const repeat = call({ tag: 'wait', mode: 'wait' }, 'key-wait-00001').then((res) => {
      repeatDone = true;
      return res;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(repeatDone).toBe(false);
    release();
    const [a, b] = await Promise.all([first, repeat]);
    expect(b.json()).toEqual(a.json());
    expect(b.headers['idempotent-replay']).toBe('true');
    expect(await runs('wait')).toBe(1);
  });

  it('still claims up front in once(): replays, and refuses another body', async () => {
    const first = await call({ tag: 'classic', mode: 'ok' }, 'key-classic-01', '/classic');
    const again = await call({ tag: 'classic', mode: 'ok' }, 'key-classic-01', '/classic');
    expect(first.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect((await call({ tag: 'other', mode: 'ok' }, 'key-classic-01', '/classic')).statusCode).toBe(409);
    expect(await runs('classic')).toBe(1);
  });

  const claimed = async (key: string) =>
    (await db.kysely.selectFrom('idempotency_keys').select('key').where('key', '=', key).executeTakeFirst()) !==
    undefined;

  /** Sends the first attempt, which dies at `where`, and moves the clock past its claim's abandonment. */
  async function firstAttemptDies(url: string, tag: string, key: string, where: () => Promise<boolean>) {
    dying = true;
    void call({ tag, mode: 'ok' }, key, url);
    try {
      await expect.poll(where, { timeout: 5_000, interval: 10 }).toBe(true);
    } finally {
      dying = false;
    }
    clock.advance(LATER_MS);
  }

  it('runs the work again for a retry once a claim that moved nothing is abandoned (RUN_AGAIN)', async () => {
    await firstAttemptDies('/rerun', 'rerun', 'key-rerun-0001', () => claimed('key-rerun-0001'));
    expect(await runs('rerun')).toBe(0);
    const retried = await call({ tag: 'rerun', mode: 'ok' }, 'key-rerun-0001', '/rerun');
    expect(retried.statusCode).toBe(201);
    expect(retried.json()).toEqual({ tag: 'rerun' });
    const again = await call({ tag: 'rerun', mode: 'ok' }, 'key-rerun-0001', '/rerun');
    expect(again.headers['idempotent-replay']).toBe('true');
    expect(await runs('rerun')).toBe(1);
  });

  it('settles the operation an abandoned claim recorded through the route, and runs nothing again', async () => {
    await firstAttemptDies('/settle', 'settle', 'key-settle-0001', async () => (await runs('settle')) === 1);
    const retried = await call({ tag: 'settle', mode: 'ok' }, 'key-settle-0001', '/settle');
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toEqual({ settled: 'op-1' });
    expect(await runs('settle')).toBe(1);
  });
});
