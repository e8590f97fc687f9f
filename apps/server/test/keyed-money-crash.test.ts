import { constants, publicEncrypt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { giftLinkPlaintext } from '@wallet/contract/deposit';
import { SLIP_FILE_FIELD } from '@wallet/contract/slip';
import type { WalletResponse } from '@wallet/contract/wallet';
import type { FastifyInstance } from 'fastify';
import { CompiledQuery, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { Db } from '../src/db/database.ts';
import type { Database } from '../src/db/schema.ts';
import { checkLedger } from '../src/ledger/check.ts';
import {
  bearer,
  createTestContext,
  fundWallet,
  registerPlayer,
  type TestContext,
  testDialects,
  withDepositContent,
} from './helpers.ts';

/** The seeded gift-link wallet (deposit settings, mode LINK). */
const WALLET_NAME = '0899999999';

/**
 * The database as a server sees it whose process dies at the moment it would store a request's answer
 * on its own, after the request's work committed: that write never returns. An answer stored in the
 * same transaction as the work (a Transaction of its own, not this root) is not affected.
 */
function dyingBeforeItsAnswer(db: Db, hung: Promise<never>[]): Kysely<Database> {
  return new Proxy(db.kysely, {
    get(target, property) {
      if (property === 'executeQuery') {
        return (query: CompiledQuery) => {
          if (/^\s*update idempotency_keys set status_code/i.test(query.sql)) {
            const never = new Promise<never>(() => {});
            hung.push(never);
            return never;
          }
          if (db.dialect === 'postgres') return target.executeQuery(query);
          // This root is not the SQLite connection's own, so fixed texts (db/prepared.ts) reach it through
          // Kysely: SQLite binds by position.
          const order: number[] = [];
          const sql = query.sql.replace(/\$(\d+)/g, (_, n: string) => {
            order.push(Number(n) - 1);
            return '?';
          });
          return target.executeQuery(
            CompiledQuery.raw(
              sql,
              order.map((i) => query.parameters[i]),
            ),
          );
        };
      }
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * Issue 12, item 8, for every keyed money POST besides the game transfers (wallet.crash-recovery.test.ts):
 * the first request runs on a server that dies between its work and the stored answer; the retry goes
 * to a second server on the same database. It must replay the first answer at once, moving nothing
 * more, instead of waiting 15 s and answering 409 REQUEST_LIMIT for a day.
 */
describe.each(testDialects())('a keyed money POST whose server died before storing the answer (%s)', (dialect) => {
  let ctx: TestContext;
  let dying: FastifyInstance;
  let dataDir: string;
  const hung: Promise<never>[] = [];
  const env = { RATE_LIMIT_PER_MINUTE: '100000', SLIP_UPLOADS_PER_IP_PER_MINUTE: '100000' };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'keyed-crash-'));
    ctx = await createTestContext(dialect, { ...env, DATA_DIR: dataDir });
    const config = loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: ctx.db.dialect === 'postgres' ? (process.env.TEST_DATABASE_URL as string) : 'sqlite::memory:',
      WEB_DIST_DIR: '/nonexistent',
      BACKOFFICE_DIST_DIR: '/nonexistent',
      DATA_DIR: dataDir,
      ...env,
    });
    dying = await buildApp({
      config,
      db: { ...ctx.db, kysely: dyingBeforeItsAnswer(ctx.db, hung) },
      clock: ctx.clock,
    });
  });
  afterAll(async () => {
    await dying.close();
    await ctx.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function player(funds = 0) {
    const registered = await registerPlayer(ctx.app);
    if (funds > 0) await fundWallet(ctx.app, registered.phone, funds);
    const headers = bearer(registered.token);
    return {
      ...registered,
      headers,
      wallet: async () =>
        (await ctx.app.inject({ method: 'GET', url: '/api/wallet', headers })).json<WalletResponse>().wallet.amount,
    };
  }

  type Request = { method: 'POST'; url: string; headers: Record<string, string>; payload?: unknown };

  /**
   * Sends `request` to the dying server and waits until its work is done: it either hangs storing its
   * answer (the process died there) or, when the answer went with the work, completes.
   */
  async function firstAttemptDies(request: Request) {
    const before = hung.length;
    let finished = false;
    void dying.inject(request as never).then(() => {
      finished = true;
    });
    const deadline = Date.now() + 10_000;
    while (hung.length === before && !finished) {
      if (Date.now() > deadline) throw new Error('the first request neither finished nor reached its answer');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    // Long past the point where any claim counts as abandoned.
    ctx.clock.advance(10 * 60 * 1000);
  }

  /** The retry on the surviving server: answered at once, then a repeat replays that answer. */
  async function retried(request: Request) {
    const answer = await ctx.app.inject(request as never);
    // A 200 is the "at once": a retry left waiting on the dead attempt's claim answers 409 REQUEST_LIMIT when
    // its wait runs out, on any machine; how many seconds that took is the machine's, not the code's.
    expect(answer.statusCode, answer.body).toBe(200);
    const again = await ctx.app.inject(request as never);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replay']).toBe('true');
    expect(again.json()).toEqual(answer.json());
    return answer.json<Record<string, unknown>>();
  }

  it('POST /api/wallet/withdraw replays its answer and withdraws once', async () => {
    const p = await player(500);
    const request: Request = {
      method: 'POST',
      url: '/api/wallet/withdraw',
      headers: { ...p.headers, 'idempotency-key': 'crash-withdraw-1' },
      payload: { amount: 200 },
    };
    await firstAttemptDies(request);
    expect(await p.wallet()).toBe(300);
    expect(await retried(request)).toEqual({ message: 'WITHDRAW_PENDING', wallet: { amount: 300 } });
    expect(await p.wallet()).toBe(300);
    expect(await checkLedger(ctx.db.kysely)).toEqual([]);
  }, 60_000);

  it('POST /api/wallet/withdrawAll replays its answer and withdraws once', async () => {
    const p = await player(300);
    const request: Request = {
      method: 'POST',
      url: '/api/wallet/withdrawAll',
      headers: { ...p.headers, 'idempotency-key': 'crash-withdraw-all-1' },
      payload: { amount: 300 },
    };
    await firstAttemptDies(request);
    expect(await p.wallet()).toBe(0);
    expect(await retried(request)).toEqual({ message: 'WITHDRAW_PENDING', wallet: { amount: 0 } });
    expect(await p.wallet()).toBe(0);
    expect(await checkLedger(ctx.db.kysely)).toEqual([]);
  }, 60_000);

  it('POST /api/wallet/add replays its answer and records one notice', async () => {
    await withDepositContent(
      ctx.db.kysely,
      (content) => ({ ...content, isManual: true }),
      async () => {
        const p = await player(50);
        const request: Request = {
          method: 'POST',
          url: '/api/wallet/add',
          headers: { ...p.headers, 'idempotency-key': 'crash-add-1' },
          payload: { amount: 100 },
        };
        await firstAttemptDies(request);
        expect(await retried(request)).toEqual({ message: 'DEPOSIT_PENDING', wallet: { amount: 50 } });
        const notices = await ctx.db.kysely
          .selectFrom('manual_deposits')
          .innerJoin('users', 'users.id', 'manual_deposits.user_id')
          .where('users.username', '=', p.phone)
          .select('manual_deposits.id')
          .execute();
        expect(notices).toHaveLength(1);
      },
    );
  }, 60_000);

  it('POST /api/qrcode/:bankCode replays the QR it created and creates one', async () => {
    const p = await player();
    const request: Request = {
      method: 'POST',
      url: '/api/qrcode/KBANK',
      headers: { ...p.headers, 'idempotency-key': 'crash-qr-1' },
      payload: { amount: 500 },
    };
    await firstAttemptDies(request);
    const record = await retried(request);
    expect(record).toMatchObject({ amount: 500 });
    const rows = await ctx.db.kysely
      .selectFrom('qrcodes')
      .innerJoin('users', 'users.id', 'qrcodes.user_id')
      .where('users.username', '=', p.phone)
      .select(['qrcodes.id'])
      .execute();
    expect(rows.map((row) => row.id)).toEqual([record.qrcodeId]);
  }, 60_000);

  it('POST /api/wallet/truelink replays its answer and credits the link once', async () => {
    const p = await player();
    const issued = await dying.inject({ method: 'POST', url: '/sandbox/giftlinks', payload: { amount: 100 } });
    const key = (await ctx.app.inject({ method: 'GET', url: '/api/wallet/truelink/key', headers: p.headers })).json<{
      publicKey: string;
    }>().publicKey;
    const link = publicEncrypt(
      { key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(giftLinkPlaintext(issued.json<{ link: string }>().link, WALLET_NAME), 'utf8'),
    ).toString('base64');
    const request: Request = {
      method: 'POST',
      url: '/api/wallet/truelink',
      headers: { ...p.headers, 'idempotency-key': 'crash-truelink-1' },
      payload: { link },
    };
    await firstAttemptDies(request);
    expect(await p.wallet()).toBe(100);
    await retried(request);
    expect(await p.wallet()).toBe(100);
    expect(await checkLedger(ctx.db.kysely)).toEqual([]);
  }, 60_000);

  it('POST /api/wallet/slip replays its answer and credits the slip once', async () => {
    const p = await player();
    const made = await dying.inject({
      method: 'POST',
      url: '/sandbox/slips',
      payload: { username: p.phone, amount: 100 },
    });
    expect(made.statusCode, made.body).toBe(200);
    const form = () => {
      const data = new FormData();
      data.append(SLIP_FILE_FIELD, new Blob([new Uint8Array(made.rawPayload)], { type: 'image/png' }), 'slip.png');
      return data;
    };
    const request = (): Request => ({
      method: 'POST',
      url: '/api/wallet/slip',
      headers: { ...p.headers, 'idempotency-key': 'crash-slip-1' },
      payload: form(),
    });
    await firstAttemptDies(request());
    expect(await p.wallet()).toBe(100);
    const answer = await ctx.app.inject(request() as never);
    // A 200 is the "at once": a retry left waiting on the dead attempt's claim answers 409 REQUEST_LIMIT when
    // its wait runs out, on any machine; how many seconds that took is the machine's, not the code's.
    expect(answer.statusCode, answer.body).toBe(200);
    const again = await ctx.app.inject(request() as never);
    expect(again.headers['idempotent-replay']).toBe('true');
    expect(again.json()).toEqual(answer.json());
    expect(await p.wallet()).toBe(100);
    expect(await checkLedger(ctx.db.kysely)).toEqual([]);
  }, 60_000);
});
