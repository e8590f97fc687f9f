import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { QrcodeRecord } from '@wallet/contract/qrcode';
import { SLIP_FILE_FIELD } from '@wallet/contract/slip';
import type { StatementEntry, StatementListResponse } from '@wallet/contract/statement';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestContext,
  fundWallet,
  registerPlayer,
  type TestContext,
  testDialects,
  withDepositContent,
} from '../../../test/helpers.ts';

describe.each(testDialects())('statement: the channel of each deposit (%s)', (dialect) => {
  let ctx: TestContext;
  const dataDir = mkdtempSync(join(tmpdir(), 'wallet-statement-'));
  beforeAll(async () => {
    ctx = await createTestContext(dialect, {
      DATA_DIR: dataDir,
      RATE_LIMIT_PER_MINUTE: '100000',
      SLIP_UPLOADS_PER_IP_PER_MINUTE: '100000',
    });
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('names the channel of a bank transfer, a paid QR, a slip and a manual notice; other rows have none', async () => {
    const { phone, token, payload } = await registerPlayer(ctx.app);
    const headers = bearer(token);
    const call = (method: 'GET' | 'POST', url: string, body?: object) =>
      ctx.app.inject({ method, url, headers, ...(body ? { payload: body } : {}) });

    // A bank transfer, by the sandbox bank.
    await fundWallet(ctx.app, phone, 100);

    // A QR of KBANK, paid at the sandbox gateway.
    const qr = (await call('POST', '/api/qrcode/KBANK', { amount: 50 })).json<QrcodeRecord>();
    if (!qr.hasQrcode) throw new Error('no QR');
    const paid = await ctx.app.inject({ method: 'POST', url: `/sandbox/qr/${qr.qrcodeId}/pay` });
    expect(paid.json()).toMatchObject({ outcome: 'CREDITED' });

    // A slip from the player's own KBANK account.
    const made = await ctx.app.inject({
      method: 'POST',
      url: '/sandbox/slips',
      payload: { username: phone, amount: 30 },
    });
    expect(made.statusCode, made.body).toBe(200);
    const form = new FormData();
    form.append(SLIP_FILE_FIELD, new Blob([new Uint8Array(made.rawPayload)], { type: 'image/png' }), 'slip.png');
    const uploaded = await ctx.app.inject({ method: 'POST', url: '/api/wallet/slip', headers, payload: form });
    expect(uploaded.statusCode, uploaded.body).toBe(200);

    // A manual notice, still pending (manual notices are off in the seeded settings).
    await withDepositContent(
      ctx.db.kysely,
      (content) => ({ ...content, isManual: true }),
      async () => expect((await call('POST', '/api/wallet/add', { amount: 20 })).statusCode).toBe(200),
    );

    // And a withdrawal, which has no channel.
    expect((await call('POST', '/api/wallet/withdraw', { amount: 100 })).statusCode).toBe(200);

    const statements = (await call('POST', '/api/statement', { page: 1, limit: 50 })).json<StatementListResponse>()
      .statements;
    const seen = statements.map((entry: StatementEntry) => [entry.statementType, entry.amount, entry.channel]);
    expect(seen).toEqual([
      ['withdraw', 100, undefined],
      ['deposit', 20, 'manual'],
      ['deposit', 30, 'slip'],
      ['deposit', 50, 'qr'],
      ['deposit', 100, 'bank'],
    ]);
    // The slip and the transfer both come from the player's bank: the source alone could not tell them apart.
    expect(statements.find((entry) => entry.channel === 'slip')?.from).toBe(payload.bankCode);
  });
});

describe.each(testDialects())('statement: pages at a cost independent of its length (%s)', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect, { RATE_LIMIT_PER_MINUTE: '100000' });
  });
  afterAll(async () => ctx.close());

  it('keeps every player a count and gapless positions, however many lines are booked at once', async () => {
    const { phone, token } = await registerPlayer(ctx.app);
    await fundWallet(ctx.app, phone, 100);
    await ctx.app.inject({ method: 'GET', url: '/api/wallet/activate/pg', headers: bearer(token) });
    const moves = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/wallet/transfer',
          headers: { ...bearer(token), 'idempotency-key': `positions-${i}` },
          payload: { from: 'WALLET', to: 'pg', amount: 1 },
        }),
      ),
    );
    expect(moves.map((res) => res.statusCode)).toEqual(Array.from({ length: 12 }, () => 200));
    const user = await ctx.db.kysely
      .selectFrom('users')
      .select('id')
      .where('username', '=', phone)
      .executeTakeFirstOrThrow();
    const lines = await ctx.db.kysely
      .selectFrom('statements')
      .select(['user_seq'])
      .where('user_id', '=', user.id)
      .orderBy('user_seq')
      .execute();
    const count = await ctx.db.kysely
      .selectFrom('statement_counts')
      .select('total')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    // The deposit and the twelve transfers.
    expect(Number(count.total)).toBe(13);
    expect(lines.map((line) => Number(line.user_seq))).toEqual(Array.from({ length: 13 }, (_, i) => i + 1));
  });

  it('lists newest first, every numbered page exact, the last one short', async () => {
    const { phone, token } = await registerPlayer(ctx.app);
    for (let i = 1; i <= 7; i += 1) {
      await fundWallet(ctx.app, phone, i);
      ctx.clock.advance(1_000);
    }
    const page = async (n: number) =>
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/statement',
          headers: bearer(token),
          payload: { page: n, limit: 3 },
        })
      ).json<StatementListResponse>();
    const pages = [await page(1), await page(2), await page(3), await page(4)];
    expect(pages.map((p) => p.total)).toEqual([7, 7, 7, 7]);
    expect(pages.map((p) => p.statements.map((line) => line.amount))).toEqual([[7, 6, 5], [4, 3, 2], [1], []]);
  });
});
