import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StatementEntry, StatementListResponse } from '@wallet/contract/statement';
import type { WalletResponse } from '@wallet/contract/wallet';
import type { PayoutSettlementResponse, WithdrawalView } from '@wallet/contract/withdraw';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  bearer,
  createTestContext,
  fundWallet,
  playerCaller,
  registerPlayer,
  type TestContext,
  testDialects,
} from '../../../test/helpers.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { CONTENT_KEYS } from '../../db/content-settings.ts';
import { putSetting } from '../../db/settings.repo.ts';
import { createDomainEvents } from '../../events/domain-events.ts';
import { checkLedger } from '../../ledger/check.ts';
import { createSystemAccounts } from '../../ledger/ledger.ts';
import { DomainError } from '../../lib/domain-error.ts';
import { manualPayouts } from '../../providers/payments/payout.ts';
import { createWithdrawals } from './withdraw.service.ts';

describe.each(testDialects())('withdrawals (%s)', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect, { SANDBOX_PAYOUT_DELAY_MS: '0' });
  });
  afterAll(() => ctx.close());
  beforeEach(async () => {
    await payoutMode('hold');
  });

  const payoutMode = (mode: 'ok' | 'fail' | 'hold') =>
    ctx.app.inject({ method: 'POST', url: '/sandbox/payouts/faults', payload: { mode } });
  const settleByHand = (id: string, outcome: 'paid' | 'failed') =>
    ctx.app.inject({ method: 'POST', url: `/sandbox/payouts/${id}/${outcome}` });

  async function player(funds = 0) {
    const registered = await registerPlayer(ctx.app);
    if (funds > 0) await fundWallet(ctx.app, registered.phone, funds);
    const userId = (
      await ctx.db.kysely
        .selectFrom('users')
        .select('id')
        .where('username', '=', registered.phone)
        .executeTakeFirstOrThrow()
    ).id;
    const call = playerCaller(ctx.app, registered.token);
    return {
      ...registered,
      userId,
      withdraw: (amount: unknown, key?: string) =>
        call('POST', '/api/wallet/withdraw', { amount }, key ? { 'idempotency-key': key } : {}),
      withdrawAll: (amount: unknown, key?: string) =>
        call('POST', '/api/wallet/withdrawAll', { amount }, key ? { 'idempotency-key': key } : {}),
      wallet: async () => (await call('GET', '/api/wallet')).json<WalletResponse>().wallet.amount,
      statements: async () =>
        (await call('POST', '/api/statement', { page: 1, limit: 100 })).json<StatementListResponse>().statements,
      withdrawals: () =>
        ctx.db.kysely
          .selectFrom('withdrawals')
          .selectAll()
          .where('user_id', '=', userId)
          .orderBy('created_at')
          .execute(),
    };
  }

  async function statement(p: Awaited<ReturnType<typeof player>>, id: string): Promise<StatementEntry | undefined> {
    return (await p.statements()).find((line) => line._id === id);
  }

  /** Movements the ledger booked for one withdrawal, by kind. */
  async function movements(id: string) {
    const rows = await ctx.db.kysely
      .selectFrom('ledger_transfers')
      .select(['kind', 'amount'])
      .where('ref_id', '=', id)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map((row) => `${row.kind}:${Number(row.amount)}`);
  }

  /** Payout clearing holds exactly the PENDING withdrawals: nothing is stuck there or missing. */
  async function expectBooksBalanced() {
    expect(await checkLedger(ctx.db.kysely)).toEqual([]);
    const pending = await ctx.db.kysely
      .selectFrom('withdrawals')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('total'))
      .where('status', '=', 'PENDING')
      .executeTakeFirstOrThrow();
    const clearing = await ctx.db.kysely
      .selectFrom('ledger_accounts')
      .select('balance')
      .where('kind', '=', 'payout_clearing')
      .where('owner_id', 'is', null)
      .executeTakeFirst();
    expect(Number(clearing?.balance ?? 0)).toBe(Number(pending.total));
  }

  it('holds a withdrawal within the limits and shows it PENDING to the registered bank', async () => {
    const p = await player(1_000);
    const res = await p.withdraw(300);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'WITHDRAW_PENDING', wallet: { amount: 700 } });
    expect(await p.wallet()).toBe(700);
    const [row] = await p.withdrawals();
    expect(row).toMatchObject({
      status: 'PENDING',
      amount: 30000,
      bank_code: 'SCB',
      bank_account_no: p.payload.bankAccountNo,
      bank_account_name: 'สมศักดิ์ ทดสอบ',
    });
    expect(await statement(p, row?.id as string)).toMatchObject({
      statementType: 'withdraw',
      from: 'WALLET',
      to: 'SCB',
      amount: 300,
      status: 'PENDING',
    });
    expect(await movements(row?.id as string)).toEqual(['withdrawal_hold:30000']);
    await expectBooksBalanced();
  });

  it('refuses amounts outside the limits, over the balance, or not money, and holds nothing', async () => {
    const p = await player(60_000);
    const cases: [unknown, number, object][] = [
      [99.99, 400, { message: 'WITHDRAW_MIN', field: 'amount' }],
      [50_000.01, 400, { message: 'WITHDRAW_MAX', field: 'amount' }],
      [0, 400, { message: 'KEY_INVALID', field: 'amount' }],
      [-100, 400, { message: 'KEY_INVALID', field: 'amount' }],
      [100.001, 400, { message: 'KEY_INVALID', field: 'amount' }],
      ['100', 400, { message: 'KEY_INVALID', field: 'amount' }],
    ];
    for (const [amount, status, body] of cases) {
      const res = await p.withdraw(amount);
      expect(res.statusCode, String(amount)).toBe(status);
      expect(res.json()).toEqual(body);
    }
    expect(await p.withdrawals()).toEqual([]);
    expect(await p.wallet()).toBe(60_000);
    // The limits themselves are allowed.
    expect((await p.withdraw(100)).statusCode).toBe(200);
    expect((await p.withdraw(50_000)).statusCode).toBe(200);
    const poor = await player(150);
    expect((await poor.withdraw(200)).json()).toEqual({ message: 'MONEY_NOT_ENOUGH', field: 'amount' });
    expect(await poor.wallet()).toBe(150);
    await expectBooksBalanced();
  });

  it('follows the limits the operator sets', async () => {
    const p = await player(1_000);
    await putSetting(ctx.db.kysely, CONTENT_KEYS.withdrawLimits, { withdrawMinMinor: 50_00, withdrawMaxMinor: 200_00 });
    try {
      const lookup = await ctx.app.inject({ method: 'GET', url: '/api/lookup/withdraw', headers: bearer(p.token) });
      expect(lookup.json()).toEqual({ withdrawMin: 50, withdrawMax: 200 });
      expect((await p.withdraw(40)).json()).toEqual({ message: 'WITHDRAW_MIN', field: 'amount' });
      expect((await p.withdraw(250)).json()).toEqual({ message: 'WITHDRAW_MAX', field: 'amount' });
      expect((await p.withdraw(60)).statusCode).toBe(200);
    } finally {
      await putSetting(ctx.db.kysely, CONTENT_KEYS.withdrawLimits, {
        withdrawMinMinor: 100_00,
        withdrawMaxMinor: 50_000_00,
      });
    }
  });

  it('refuses a player without a registered bank account', async () => {
    const p = await player(500);
    await ctx.db.kysely.updateTable('users').set({ bank_account_no: '' }).where('id', '=', p.userId).execute();
    expect((await p.withdraw(200)).json()).toEqual({ message: 'NO_BANK' });
    expect(await p.wallet()).toBe(500);
  });

  it('withdraws the whole balance only when the amount is the balance the player saw', async () => {
    const p = await player(500);
    const stale = await p.withdrawAll(400);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ message: 'KEY_INVALID', field: 'amount' });
    // The screen showed 500, then a deposit landed: still a different sum, still refused.
    await fundWallet(ctx.app, p.phone, 50);
    expect((await p.withdrawAll(500)).statusCode).toBe(409);
    expect(await p.withdrawals()).toEqual([]);

    const all = await p.withdrawAll(550);
    expect(all.statusCode).toBe(200);
    expect(all.json()).toEqual({ message: 'WITHDRAW_PENDING', wallet: { amount: 0 } });
    expect(await p.wallet()).toBe(0);
    expect((await p.withdrawAll(0)).json()).toEqual({ message: 'KEY_INVALID', field: 'amount' });
    await expectBooksBalanced();
  });

  it('applies the limits to withdrawAll too', async () => {
    const p = await player(60);
    expect((await p.withdrawAll(60)).json()).toEqual({ message: 'WITHDRAW_MIN', field: 'amount' });
    expect(await p.wallet()).toBe(60);
  });

  it('holds once per idempotency key', async () => {
    const p = await player(1_000);
    const first = await p.withdraw(200, 'withdraw-key-0001');
    const again = await p.withdraw(200, 'withdraw-key-0001');
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replay']).toBe('true');
    expect(await p.withdrawals()).toHaveLength(1);
    expect(await p.wallet()).toBe(800);
    const other = await p.withdraw(300, 'withdraw-key-0001');
    expect(other.statusCode).toBe(409);
    await expectBooksBalanced();
  });

  it('never overdraws under 20 concurrent withdrawals', async () => {
    const p = await player(1_000);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => p.withdraw(100, `concurrent-w-${i}-key`)));
    const accepted = answers.filter((res) => res.statusCode === 200);
    const refused = answers.filter((res) => res.statusCode !== 200);
    expect(accepted).toHaveLength(10);
    expect(refused.map((res) => res.json())).toEqual(
      Array.from({ length: 10 }, () => ({ message: 'MONEY_NOT_ENOUGH', field: 'amount' })),
    );
    expect(await p.wallet()).toBe(0);
    expect(await p.withdrawals()).toHaveLength(10);
    await expectBooksBalanced();
  });

  it('completes a paid payout: the hold goes on to the bank and the statement turns SUCCESS', async () => {
    await payoutMode('ok');
    const p = await player(1_000);
    await p.withdraw(400);
    const [row] = await p.withdrawals();
    const id = row?.id as string;
    await vi.waitFor(async () => expect((await statement(p, id))?.status).toBe('SUCCESS'), { timeout: 5_000 });
    expect((await p.withdrawals())[0]).toMatchObject({ status: 'PAID', failure_reason: null });
    expect(await movements(id)).toEqual(['withdrawal_hold:40000', 'payout:40000']);
    expect(await p.wallet()).toBe(600);
    await expectBooksBalanced();
  });

  it('returns the money to the wallet when the payout fails', async () => {
    await payoutMode('fail');
    const p = await player(1_000);
    await p.withdraw(400);
    const [row] = await p.withdrawals();
    const id = row?.id as string;
    await vi.waitFor(async () => expect((await statement(p, id))?.status).toBe('FAILED'), { timeout: 5_000 });
    expect((await p.withdrawals())[0]).toMatchObject({ status: 'FAILED', failure_reason: 'SANDBOX_BANK_REJECTED' });
    expect(await movements(id)).toEqual(['withdrawal_hold:40000', 'reversal:40000']);
    expect(await p.wallet()).toBe(1_000);
    await expectBooksBalanced();
  });

  it('settles a held payout by hand exactly once, even when reports race', async () => {
    const p = await player(1_000);
    await p.withdraw(250);
    const [row] = await p.withdrawals();
    const id = row?.id as string;
    const reports = await Promise.all([
      settleByHand(id, 'failed'),
      settleByHand(id, 'paid'),
      settleByHand(id, 'failed'),
      settleByHand(id, 'paid'),
    ]);
    const bodies = reports.map((res) => res.json<PayoutSettlementResponse>());
    const winners = bodies.filter((body) => body.settled);
    expect(winners).toHaveLength(1);
    const final = winners[0]?.status;
    expect(bodies.every((body) => body.status === final)).toBe(true);
    const moved = await movements(id);
    expect(moved).toHaveLength(2);
    expect(moved[1]).toBe(final === 'PAID' ? 'payout:25000' : 'reversal:25000');
    expect(await p.wallet()).toBe(final === 'PAID' ? 750 : 1_000);

    const late = await settleByHand(id, final === 'PAID' ? 'failed' : 'paid');
    expect(late.json()).toEqual({ id, status: final, settled: false });
    expect(await movements(id)).toHaveLength(2);
    expect((await settleByHand('NOSUCHPAYOUT', 'paid')).statusCode).toBe(404);
    await expectBooksBalanced();
  });

  it('lists withdrawals for the operator', async () => {
    const p = await player(500);
    await p.withdraw(120);
    const res = await ctx.app.inject({ method: 'GET', url: '/sandbox/payouts?status=PENDING&limit=100' });
    const listed = res.json<{ withdrawals: WithdrawalView[] }>().withdrawals.find((w) => w.userId === p.userId);
    expect(listed).toMatchObject({ amount: 120, status: 'PENDING', bankCode: 'SCB', settledAt: null });
    expect((await ctx.app.inject({ method: 'GET', url: '/sandbox/payouts/faults' })).json()).toEqual({ mode: 'hold' });
  });

  it('hands pending payouts to the bank again after a restart', async () => {
    const p = await player(1_000);
    await p.withdraw(300);
    const [row] = await p.withdrawals();
    const dataDir = mkdtempSync(join(tmpdir(), 'wallet-restart-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: join(dataDir, 'no-web'),
      SANDBOX_PAYOUT_DELAY_MS: '0',
    });
    // A second server on the same database: its sandbox bank starts in mode ok and pays what it is handed.
    const restarted = await buildApp({ config, db: ctx.db, clock: ctx.clock });
    try {
      await vi.waitFor(async () => expect((await p.withdrawals())[0]?.status).toBe('PAID'), { timeout: 5_000 });
      expect(await movements(row?.id as string)).toEqual(['withdrawal_hold:30000', 'payout:30000']);
    } finally {
      await restarted.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
    await expectBooksBalanced();
  });

  it('lets another feature refuse a withdrawal inside its holding transaction: nothing stays held', async () => {
    const p = await player(500);
    const events = createDomainEvents((error) => {
      throw error;
    });
    events.inTransaction('withdraw.requested', async (_trx, { amount }) => {
      if (amount > 200_00) throw new DomainError('BONUS_CONDITION');
    });
    const withdrawals = createWithdrawals({
      db: ctx.db.kysely,
      clock: ctx.clock,
      systemAccount: createSystemAccounts(ctx.db.kysely),
      payouts: manualPayouts(),
      events,
      reviewAfterBankChangeMs: 0,
    });
    const refused = await withdrawals.withdraw(p.userId, 300, 'amount').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused).toMatchObject({ code: 'BONUS_CONDITION', kind: 'refused' });
    expect(await p.withdrawals()).toEqual([]);
    expect(await withdrawals.withdraw(p.userId, 150, 'amount')).toEqual({
      message: 'WITHDRAW_PENDING',
      wallet: { amount: 350 },
    });
    await expectBooksBalanced();
  });

  it('answers the refusal of a withdraw.requested handler and moves nothing (a later bonus-condition check)', async () => {
    const p = await player(500);
    const events = createDomainEvents((error) => {
      throw error;
    });
    const asked: Array<{ userId: string; amount: number; walletAfter: number }> = [];
    events.inTransaction('withdraw.requested', async (trx, request) => {
      asked.push({ userId: request.userId, amount: request.amount, walletAfter: request.walletAfter });
      // The handler sees the hold it may refuse: the withdrawal row is already written in this transaction.
      const held = await trx.selectFrom('withdrawals').select('id').where('id', '=', request.withdrawalId).execute();
      expect(held).toHaveLength(1);
      throw new DomainError('BONUS_CONDITION');
    });
    const dataDir = mkdtempSync(join(tmpdir(), 'wallet-refusal-'));
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, WEB_DIST_DIR: join(dataDir, 'no-web') });
    const app = await buildApp({ config, db: ctx.db, clock: ctx.clock, events });
    try {
      const res = await playerCaller(app, p.token)('POST', '/api/wallet/withdraw', { amount: 300 });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'BONUS_CONDITION' });
      expect(asked).toEqual([{ userId: p.userId, amount: 300_00, walletAfter: 200_00 }]);
    } finally {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
    expect(await p.withdrawals()).toEqual([]);
    expect((await p.statements()).filter((line) => line.statementType === 'withdraw')).toEqual([]);
    expect(await p.wallet()).toBe(500);
    await expectBooksBalanced();
  });
});
