import type { InviteBonusResponse, InviteListResponse } from '@wallet/contract/invite';
import type { RefundCheckResponse, RefundListResponse } from '@wallet/contract/refund';
import type { StatementListResponse } from '@wallet/contract/statement';
import type { WalletResponse } from '@wallet/contract/wallet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestContext,
  fundWallet,
  login,
  playerCaller,
  registerPlayer,
  type TestContext,
  testDialects,
} from '../../../test/helpers.ts';
import { getSetting, putSetting } from '../../db/settings.repo.ts';
import { checkLedger } from '../../ledger/check.ts';
import { switchInvitesOn } from './invite.fixtures.ts';
import {
  INVITE_SETTINGS_KEY,
  type InviteSettings,
  previousPeriod,
  REFUND_SETTINGS_KEY,
  type RefundSettings,
  refundFor,
} from './invite-refund.service.ts';

describe('refund arithmetic', () => {
  it('refunds a percent of a positive net loss, rounded down, capped, from the minimum up', () => {
    const settings = { percent: 5, minimum: 10_00, cap: 100_00 };
    expect(refundFor(1_000_01, settings)).toBe(50_00);
    expect(refundFor(100_000_00, settings)).toBe(100_00);
    expect(refundFor(199_99, settings)).toBe(0); // 9.99 is under the minimum
    expect(refundFor(-500_00, settings)).toBe(0);
    expect(refundFor(1_000_00, { percent: 5, minimum: 0, cap: 0 })).toBe(50_00);
  });

  it('takes the Bangkok day or Monday-first week before the current one', () => {
    const wednesday = Date.parse('2026-01-14T03:00:00Z'); // 10:00 Bangkok
    expect(previousPeriod('day', wednesday)).toEqual({
      start: Date.parse('2026-01-12T17:00:00Z'),
      end: Date.parse('2026-01-13T17:00:00Z'),
    });
    expect(previousPeriod('week', wednesday)).toEqual({
      start: Date.parse('2026-01-04T17:00:00Z'),
      end: Date.parse('2026-01-11T17:00:00Z'),
    });
  });
});

describe.each(testDialects())('invite and refund (%s)', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect);
  });
  afterAll(() => ctx.close());

  async function player(overrides: Record<string, unknown> = {}) {
    const registered = await registerPlayer(ctx.app, overrides);
    const user = await ctx.db.kysely
      .selectFrom('users')
      .select(['id', 'bank_account_no'])
      .where('username', '=', registered.phone)
      .executeTakeFirstOrThrow();
    const call = playerCaller(ctx.app, registered.token);
    return {
      ...registered,
      userId: user.id,
      bankAccountNo: user.bank_account_no,
      call,
      fund: (amount: number) => fundWallet(ctx.app, registered.phone, amount),
      wallet: async () => (await call('GET', '/api/wallet')).json<WalletResponse>(),
      statements: async () =>
        (await call('POST', '/api/statement', { page: 1, limit: 50 })).json<StatementListResponse>().statements,
    };
  }

  const expectLedgerHealthy = async () => expect(await checkLedger(ctx.db.kysely)).toEqual([]);

  it('accrues the configured percent of a friend deposits to the inviter, who claims it as a bonus', async () => {
    await putSetting(ctx.db.kysely, INVITE_SETTINGS_KEY, {
      enabled: true,
      percent: 10,
      percentSuccess: 200,
      percentFail: 15,
      banners: { th: [{ image: '/i.png', html: '<p>ชวนเพื่อน</p>' }], en: [{ image: '/i.png', html: '<p>Invite</p>' }] },
    } satisfies InviteSettings);
    const inviter = await player();
    const friend = await player({ inviteCode: `PR${inviter.userId}`, name: 'Friend One' });
    await friend.fund(300);
    await friend.fund(50.55);

    expect((await inviter.wallet()).invite).toEqual({ amount: 35.05, success: 200, fail: 15 });
    const listed = (await inviter.call('POST', '/api/invite', { page: 1, limit: 10 })).json<InviteListResponse>();
    expect(listed.total).toBe(2);
    expect(listed.invites.map((i) => [i.from.name, i.amount])).toEqual([
      ['Friend One', 5.05],
      ['Friend One', 30],
    ]);
    expect((await inviter.call('GET', '/api/invite/bonus')).json<InviteBonusResponse>()).toEqual({
      amount: 35.05,
      success: 200,
      fail: 15,
    });
    expect((await inviter.call('GET', '/api/invite/banners?lang=en')).json()).toEqual([
      { image: '/i.png', html: '<p>Invite</p>' },
    ]);

    const claimed = await inviter.call('GET', '/api/invite/bonus?claim=true');
    expect(claimed.json()).toEqual({ amount: 0, success: 200, fail: 15, message: 'INVITE_BONUS_SUCCESS' });
    expect((await inviter.wallet()).wallet.amount).toBe(35.05);
    expect((await inviter.statements())[0]).toMatchObject({
      statementType: 'bonus',
      amount: 35.05,
      invite: { description: 'INVITE' },
    });
    expect((await inviter.call('GET', '/api/bonus/check/active')).json()).toMatchObject({
      status: true,
      type: 'invite',
    });
    expect((await inviter.call('GET', '/api/invite/bonus?claim=true')).json()).toEqual({ message: 'NO_INVITE_BONUS' });
    await expectLedgerHealthy();
  });

  it('reads an inviter list by position and a kept count, every numbered page exact (issue 19)', async () => {
    // An inviter earns one line per deposit of every friend: an affiliate's list grows without bound, so a
    // page must not COUNT or OFFSET over it (as the statement, migration 022).
    await switchInvitesOn(ctx.db.kysely);
    const inviter = await player();
    const friend = await player({ inviteCode: `PR${inviter.userId}`, name: 'Friend Many' });
    for (let i = 1; i <= 7; i += 1) {
      await friend.fund(i * 10);
      ctx.clock.advance(1_000);
    }
    const page = async (n: number) =>
      (await inviter.call('POST', '/api/invite', { page: n, limit: 3 })).json<InviteListResponse>();
    const pages = [await page(1), await page(2), await page(3), await page(4)];
    expect(pages.map((p) => p.total)).toEqual([7, 7, 7, 7]);
    expect(pages.map((p) => p.invites.map((line) => line.amount))).toEqual([[7, 6, 5], [4, 3, 2], [1], []]);

    const kept = await ctx.db.kysely
      .selectFrom('invite_accrual_counts')
      .select('total')
      .where('inviter_id', '=', inviter.userId)
      .executeTakeFirstOrThrow();
    expect(Number(kept.total)).toBe(7);
    const positions = await ctx.db.kysely
      .selectFrom('invite_accruals')
      .select('inviter_seq')
      .where('inviter_id', '=', inviter.userId)
      .orderBy('inviter_seq')
      .execute();
    expect(positions.map((row) => Number(row.inviter_seq))).toEqual([1, 2, 3, 4, 5, 6, 7]);

    // What is still to claim is summed over the unclaimed lines only (a partial index), not the whole history.
    expect((await inviter.wallet()).invite.amount).toBe(28);
    await inviter.call('GET', '/api/invite/bonus?claim=true');
    await friend.fund(90);
    expect((await inviter.wallet()).invite.amount).toBe(9);
    expect((await page(1)).total).toBe(8);
    await expectLedgerHealthy();
  });

  it('accrues nothing when inviter and friend share a bank account, and refuses claims while switched off', async () => {
    const inviter = await player();
    const friend = await player({ inviteCode: `PR${inviter.userId}` });
    // The inviter moves to another account and the friend takes over the inviter's old one: one
    // person behind both.
    const moved = `${inviter.bankAccountNo.slice(0, -1)}${(Number(inviter.bankAccountNo.at(-1)) + 1) % 10}9`;
    await ctx.db.kysely.updateTable('users').set({ bank_account_no: moved }).where('id', '=', inviter.userId).execute();
    await ctx.db.kysely
      .insertInto('bank_account_changes')
      .values({
        id: `chg-${inviter.userId}`,
        user_id: inviter.userId,
        old_bank_code: 'SCB',
        old_bank_account_no: inviter.bankAccountNo,
        old_bank_account_name: 'x',
        new_bank_code: 'SCB',
        new_bank_account_no: moved,
        new_bank_account_name: 'x',
        changed_at: ctx.clock.now(),
      })
      .execute();
    await ctx.db.kysely
      .updateTable('users')
      .set({ bank_account_no: inviter.bankAccountNo })
      .where('id', '=', friend.userId)
      .execute();
    await friend.fund(500);
    expect((await inviter.wallet()).invite.amount).toBe(0);

    const settings = (await getSetting<InviteSettings>(ctx.db.kysely, INVITE_SETTINGS_KEY)) as InviteSettings;
    await putSetting(ctx.db.kysely, INVITE_SETTINGS_KEY, { ...settings, enabled: false });
    expect((await inviter.call('GET', '/api/invite/bonus?claim=true')).json()).toEqual({ message: 'INVITE_INACTIVE' });
    expect((await inviter.call('GET', '/api/invite/banners')).json()).toEqual([]);
    await putSetting(ctx.db.kysely, INVITE_SETTINGS_KEY, settings);
  });

  it('offers last week net loss back once, not while a bonus runs, and lists the refunds', async () => {
    await putSetting(ctx.db.kysely, REFUND_SETTINGS_KEY, {
      enabled: true,
      period: 'week',
      percent: 10,
      minimum: 5_00,
      cap: 1_000_00,
      percentSuccess: 150,
      percentFail: 10,
      info: { th: '<p>คืนยอดเสีย</p>', en: '<p>Cashback</p>' },
      banners: { th: [{ image: '/r.png', html: '<p>คืน</p>' }] },
    } satisfies RefundSettings);
    ctx.clock.set(Date.parse('2026-03-04T03:00:00Z')); // Wednesday 10:00 Bangkok
    const p = await player();
    await p.fund(1000);
    await p.call('GET', '/api/wallet/activate/pg');
    await p.call('POST', '/api/wallet/transfer', { from: 'WALLET', to: 'pg', amount: 500 });
    const account = await ctx.db.kysely
      .selectFrom('game_accounts')
      .select('username')
      .where('user_id', '=', p.userId)
      .executeTakeFirstOrThrow();
    await ctx.db.kysely
      .updateTable('sandbox_game_wallets')
      .set({ balance: 150_00 })
      .where('username', '=', account.username)
      .execute();
    await p.call('GET', '/api/wallet/refresh/slot'); // a loss of 350 booked this week
    await p.call('POST', '/api/wallet/transferAll', { to: 'WALLET' });

    const none = (await p.call('GET', '/api/refund/check?lang=en')).json<RefundCheckResponse>();
    expect(none).toEqual({
      result: false,
      bonus: false,
      info: '<p>Cashback</p>',
      refundAmount: 0,
      refundSuccess: 150,
      refundFail: 10,
    });
    expect((await p.call('GET', '/api/refund/receive')).json()).toEqual({ message: 'NO_REFUND' });

    // The next week: last week's loss of 350 gives 35 back.
    ctx.clock.set(Date.parse('2026-03-09T02:00:00Z')); // Monday 09:00 Bangkok
    const session = playerCaller(ctx.app, await login(ctx.app, p.phone, 'secret123'));
    const offer = (await session('GET', '/api/refund/check')).json<RefundCheckResponse>();
    expect(offer).toMatchObject({ result: true, bonus: false, refundAmount: 35, info: '<p>คืนยอดเสีย</p>' });

    const code = (await ctx.db.kysely.selectFrom('bonuses').select('code').executeTakeFirstOrThrow()).code;
    expect((await session('GET', `/api/bonus/activate/${code}`)).statusCode).toBe(200);
    expect((await session('GET', '/api/refund/check')).json()).toMatchObject({ result: true, bonus: true });
    expect((await session('GET', '/api/refund/receive')).json()).toEqual({ message: 'BONUS_ALREADY_ACTIVE' });
    await session('GET', '/api/bonus/clear');

    const before = (await session('GET', '/api/wallet')).json<WalletResponse>().wallet.amount;
    const [first, second] = await Promise.all([
      session('GET', '/api/refund/receive'),
      session('GET', '/api/refund/addWallet'),
    ]);
    expect([first.json(), second.json()].map((r) => (r as { message: string }).message).sort()).toEqual(
      expect.arrayContaining(['REFUND_SUCCESS']),
    );
    expect([first.statusCode, second.statusCode].filter((s) => s === 200)).toHaveLength(1);
    expect((await session('GET', '/api/wallet')).json<WalletResponse>().wallet.amount).toBe(before + 35);
    expect((await session('GET', '/api/bonus/check/active')).json()).toMatchObject({ status: true, type: 'refund' });
    await session('GET', '/api/bonus/clear');
    expect((await session('GET', '/api/refund/receive')).json()).toEqual({ message: 'NO_REFUND' });
    const list = (await session('POST', '/api/refund', { page: 1, limit: 10 })).json<RefundListResponse>();
    expect(list.total).toBe(1);
    expect(list.refunds[0]?.refundAmount).toBe(35);
    expect((await session('GET', '/api/refund/banners?lang=lo')).json()).toEqual([
      { image: '/r.png', html: '<p>คืน</p>' },
    ]);
    await expectLedgerHealthy();
  });

  it('answers REFUND_INACTIVE while the operator has refunds off', async () => {
    const settings = (await getSetting<RefundSettings>(ctx.db.kysely, REFUND_SETTINGS_KEY)) as RefundSettings;
    await putSetting(ctx.db.kysely, REFUND_SETTINGS_KEY, { ...settings, enabled: false });
    const p = await player();
    expect((await p.call('GET', '/api/refund/receive')).json()).toEqual({ message: 'REFUND_INACTIVE' });
    expect((await p.call('GET', '/api/refund/check')).json()).toMatchObject({ result: false });
    await putSetting(ctx.db.kysely, REFUND_SETTINGS_KEY, settings);
  });
});
