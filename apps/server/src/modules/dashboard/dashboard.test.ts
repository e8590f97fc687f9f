import type { DashboardResponse } from '@wallet/contract/backoffice/dashboard';
import { DASHBOARD_DAYS } from '@wallet/contract/backoffice/dashboard-rules';
import { BANK_FEED_PATH, BANK_FEED_SIGNATURE_HEADER, BANK_FEED_TIMESTAMP_HEADER } from '@wallet/contract/bank-feed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorCaller, ownerLogin, staffMember } from '../../../test/backoffice-helpers.ts';
import {
  bearer,
  createTestContext,
  fundWallet,
  playerCaller,
  registerPlayer,
  type TestContext,
  testDialects,
  withDepositContent,
} from '../../../test/helpers.ts';
import { checkLedger } from '../../ledger/check.ts';
import { orderedId } from '../../lib/ids.ts';
import { signBankFeed } from '../../providers/payments/bank-feed-signature.ts';

const BANK_SECRET = 'dashboard-test-bank-secret-0123456789';
const HOUR = 3600_000;

/** An instant given as Bangkok wall-clock time (UTC+7 all year). */
function bangkok(text: string): number {
  return Date.parse(`${text}+07:00`);
}

/** The Bangkok calendar day of an instant, worked out apart from the server's own helpers. */
function bangkokDate(epochMs: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Bangkok' }).format(new Date(epochMs));
}

describe.each(testDialects())('back-office dashboard (%s)', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect, { SANDBOX_PAYOUT_DELAY_MS: '0', BANK_WEBHOOK_SECRET: BANK_SECRET });
    // Payouts wait until the test settles them, at the time it chooses.
    await ctx.app.inject({ method: 'POST', url: '/sandbox/payouts/faults', payload: { mode: 'hold' } });
  });
  afterAll(() => ctx?.close());

  async function player() {
    const registered = await registerPlayer(ctx.app);
    const call = playerCaller(ctx.app, registered.token);
    return {
      ...registered,
      async withdraw(amount: number): Promise<string> {
        const res = await call('POST', '/api/wallet/withdraw', { amount });
        expect(res.statusCode, res.body).toBe(200);
        const row = await ctx.db.kysely
          .selectFrom('withdrawals')
          .innerJoin('users', 'users.id', 'withdrawals.user_id')
          .select('withdrawals.id')
          .where('users.username', '=', registered.phone)
          .orderBy('withdrawals.created_at', 'desc')
          .executeTakeFirstOrThrow();
        return row.id;
      },
    };
  }

  const settle = async (id: string, outcome: 'paid' | 'failed') => {
    const res = await ctx.app.inject({ method: 'POST', url: `/sandbox/payouts/${id}/${outcome}` });
    expect(res.statusCode, res.body).toBe(200);
  };

  async function dashboardAs(token: string): Promise<DashboardResponse> {
    const res = await operatorCaller(ctx.app, token)('GET', '/api/backoffice/dashboard');
    expect(res.statusCode, res.body).toBe(200);
    return res.json<DashboardResponse>();
  }

  const thb = (day: DashboardResponse['days'][number]) => day.money.find((m) => m.currency === 'THB');

  it('counts money by Bangkok day from the ledger, across midnight, as the ledger itself adds up', async () => {
    // Before the 14 days: must not count.
    ctx.clock.set(bangkok('2026-03-02T23:59:59.999'));
    const early = await player();
    await fundWallet(ctx.app, early.phone, 70);

    // The first day of the window begins at Bangkok midnight (16:00 UTC the day before).
    ctx.clock.set(bangkok('2026-03-03T00:00:00.000'));
    await fundWallet(ctx.app, early.phone, 5);

    // The last minute of 14 March in Bangkok, still 14 March: a new player, a deposit, a withdrawal held.
    ctx.clock.set(bangkok('2026-03-14T23:59:30'));
    const first = await player();
    await fundWallet(ctx.app, first.phone, 1000);
    const paidAcrossMidnight = await first.withdraw(300);

    // 30 seconds past midnight: 15 March. The payout that left now counts today, not on the day asked.
    ctx.clock.set(bangkok('2026-03-15T00:00:30'));
    await settle(paidAcrossMidnight, 'paid');
    await fundWallet(ctx.app, first.phone, 250.5);
    const second = await player();
    await fundWallet(ctx.app, second.phone, 400);
    // A payout that failed returns the money: no withdrawal that day.
    const failed = await second.withdraw(140);
    await settle(failed, 'failed');
    // Still pending at the end: in the queue, not in the figures.
    await second.withdraw(110.25);

    ctx.clock.set(bangkok('2026-03-16T09:15:00'));
    const owner = await ownerLogin(ctx.app);
    const dashboard = await dashboardAs(owner);

    expect(dashboard.today).toBe('2026-03-16');
    expect(dashboard.currencies).toEqual(['THB']);
    expect(dashboard.days).toHaveLength(DASHBOARD_DAYS);
    expect(dashboard.days[0]?.date).toBe('2026-03-03');
    expect(dashboard.days.at(-1)?.date).toBe('2026-03-16');
    const on = (date: string) => dashboard.days.find((day) => day.date === date);

    expect(on('2026-03-03')).toEqual({
      date: '2026-03-03',
      newPlayers: 0,
      activePlayers: 1,
      money: [{ currency: 'THB', deposits: 5, withdrawals: 0, net: 5 }],
    });
    expect(on('2026-03-14')).toEqual({
      date: '2026-03-14',
      newPlayers: 1,
      activePlayers: 1,
      money: [{ currency: 'THB', deposits: 1000, withdrawals: 0, net: 1000 }],
    });
    expect(on('2026-03-15')).toEqual({
      date: '2026-03-15',
      newPlayers: 1,
      activePlayers: 2,
      money: [{ currency: 'THB', deposits: 650.5, withdrawals: 300, net: 350.5 }],
    });
    // The owner's sign-in is no player's; nothing else happened today.
    expect(on('2026-03-16')).toMatchObject({ newPlayers: 0, activePlayers: 0 });
    expect(thb(on('2026-03-16') as DashboardResponse['days'][number])).toEqual({
      currency: 'THB',
      deposits: 0,
      withdrawals: 0,
      net: 0,
    });
    for (const day of dashboard.days) {
      if (!['2026-03-03', '2026-03-14', '2026-03-15'].includes(day.date)) expect(thb(day)?.deposits).toBe(0);
    }
    expect(dashboard.queues.pendingWithdrawals.count).toBe(1);
    expect(dashboard.queues.pendingWithdrawals.oldestAt).toBe(new Date(bangkok('2026-03-15T00:00:30')).toISOString());

    // The ledger is healthy (npm run ledger:check), and its transfers, added up by Bangkok day apart
    // from the server's SQL, give the same figures.
    expect(await checkLedger(ctx.db.kysely)).toEqual([]);
    const transfers = await ctx.db.kysely
      .selectFrom('ledger_transfers')
      .select(['kind', 'amount', 'created_at'])
      .where('kind', 'in', ['deposit', 'payout'])
      .execute();
    for (const day of dashboard.days) {
      const sum = (kind: string) =>
        transfers
          .filter((t) => t.kind === kind && bangkokDate(Number(t.created_at)) === day.date)
          .reduce((total, t) => total + Number(t.amount), 0) / 100;
      expect(thb(day), day.date).toMatchObject({ deposits: sum('deposit'), withdrawals: sum('payout') });
    }
  });

  it('counts the open queues from their tables', async () => {
    ctx.clock.set(bangkok('2026-03-16T10:00:00'));
    const owner = await ownerLogin(ctx.app);
    const before = (await dashboardAs(owner)).queues;

    // A bank transfer from an account no player has: the feed keeps it UNMATCHED.
    const body = JSON.stringify({
      reference: `DASH${Date.now().toString(36).toUpperCase()}`,
      mode: 'AUTO',
      to: { accountNo: '1234567890', bankCode: 'KBANK' },
      from: { accountNo: '5550001112223', bankCode: 'SCB' },
      amount: 123,
      transferredAt: '2026-03-16T09:59:00+07:00',
    });
    const timestamp = String(Math.floor(ctx.clock.now() / 1000));
    const delivered = await ctx.app.inject({
      method: 'POST',
      url: BANK_FEED_PATH,
      headers: {
        'content-type': 'application/json',
        [BANK_FEED_TIMESTAMP_HEADER]: timestamp,
        [BANK_FEED_SIGNATURE_HEADER]: signBankFeed(BANK_SECRET, timestamp, body),
      },
      payload: body,
    });
    expect(delivered.json()).toMatchObject({ status: 'UNMATCHED' });

    // A manual deposit notice while the operator takes deposits by hand.
    const p = await player();
    await withDepositContent(
      ctx.db.kysely,
      (content) => ({ ...content, isManual: true }),
      async () => {
        const add = await ctx.app.inject({
          method: 'POST',
          url: '/api/wallet/add',
          headers: bearer(p.token),
          payload: { amount: 500 },
        });
        expect(add.json()).toMatchObject({ message: 'DEPOSIT_PENDING' });
      },
    );

    // A slip the verifier left for an operator (its sender fits several players), and one it is still
    // checking, which is the verifier's business, not a queue item.
    const userId = (
      await ctx.db.kysely.selectFrom('users').select('id').where('username', '=', p.phone).executeTakeFirstOrThrow()
    ).id;
    const slip = (holdReason: string | null) => ({
      id: orderedId(ctx.clock.now()),
      user_id: userId,
      status: 'processing',
      note: null,
      reference: null,
      sending_bank: null,
      amount: 0,
      transferred_at: null,
      statement_id: null,
      file_name: 'x.png',
      content_type: 'image/png',
      file_size: 1,
      attempts: 0,
      next_attempt_at: ctx.clock.now() + HOUR,
      hold_reason: holdReason,
      sender_bank_code: null,
      sender_account_no: null,
      decided_by: null,
      created_at: ctx.clock.now(),
      updated_at: ctx.clock.now(),
    });
    await ctx.db.kysely
      .insertInto('slips')
      .values([slip('AMBIGUOUS_SENDER'), slip(null)])
      .execute();

    const after = (await dashboardAs(owner)).queues;
    expect(after.unmatchedTransfers.count).toBe(before.unmatchedTransfers.count + 1);
    expect(after.manualDeposits.count).toBe(before.manualDeposits.count + 1);
    expect(after.undecidedSlips.count).toBe(before.undecidedSlips.count + 1);
    expect(after.pendingWithdrawals.count).toBe(before.pendingWithdrawals.count);
    expect(after.undecidedSlips.oldestAt).toBe(new Date(ctx.clock.now()).toISOString());
  });

  it('answers every role, and no player', async () => {
    ctx.clock.set(bangkok('2026-03-16T11:00:00'));
    const owner = await ownerLogin(ctx.app);
    for (const role of ['finance', 'support', 'marketing', 'auditor'] as const) {
      const member = await staffMember(ctx.app, owner, role);
      expect((await dashboardAs(member.token)).today).toBe('2026-03-16');
    }
    const p = await player();
    const res = await ctx.app.inject({ method: 'GET', url: '/api/backoffice/dashboard', headers: bearer(p.token) });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('invalid-token');
  });
});
