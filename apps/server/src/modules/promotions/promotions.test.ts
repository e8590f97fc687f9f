import type {
  Bonus,
  BonusCheckActiveResponse,
  BonusCheckMinimumResponse,
  BonusProgressResponse,
  UserBonus,
} from '@wallet/contract/bonus';
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
import type { BonusesTable, PromotionCodesTable } from '../../db/schema/promotions.ts';
import { checkLedger } from '../../ledger/check.ts';
import { bonusAmount, bonusLines } from './bonus-engine.ts';
import { periodStart } from './promotions.service.ts';

let codeCounter = 0;
const uniqueCode = (prefix: string) => `${prefix}${Date.now().toString(36).toUpperCase()}${++codeCounter}`;

describe('bonus arithmetic', () => {
  it('takes a percent of the wallet, rounded down and capped, or a fixed amount', () => {
    expect(bonusAmount({ kind: 'percent', value: 50, maxBonus: 0 }, 100_01)).toBe(50_00);
    expect(bonusAmount({ kind: 'percent', value: 50, maxBonus: 300_00 }, 1_000_00)).toBe(300_00);
    expect(bonusAmount({ kind: 'fixed', value: 77_00, maxBonus: 0 }, 0)).toBe(77_00);
  });

  it('draws the fail line down and the target up from the starting credit', () => {
    expect(bonusLines(150_03, { percentSuccess: 200, percentFail: 10, turnoverMultiple: 3 })).toEqual({
      failCredit: 15_00,
      targetCredit: 300_06,
      turnoverRequired: 450_09,
    });
    expect(bonusLines(100_00, { percentSuccess: 0, percentFail: 0, turnoverMultiple: 0 }).targetCredit).toBe(0);
  });

  it('starts days at Bangkok midnight and weeks at Bangkok Monday 00:00', () => {
    // Wednesday 2026-01-14 10:00 Bangkok.
    const now = Date.parse('2026-01-14T03:00:00Z');
    expect(new Date(periodStart('day', now)).toISOString()).toBe('2026-01-13T17:00:00.000Z');
    expect(new Date(periodStart('week', now)).toISOString()).toBe('2026-01-11T17:00:00.000Z');
    expect(periodStart('limit', now)).toBe(0);
    // Monday 00:00 Bangkok is its own week's start.
    const monday = Date.parse('2026-01-11T17:00:00Z');
    expect(periodStart('week', monday)).toBe(monday);
    expect(periodStart('week', monday - 1)).toBe(monday - 7 * 86_400_000);
  });
});

describe.each(testDialects())('bonuses and promotion codes (%s)', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect, { SANDBOX_PAYOUT_DELAY_MS: '0' });
    await ctx.app.inject({ method: 'POST', url: '/sandbox/payouts/faults', payload: { mode: 'hold' } });
  });
  afterAll(() => ctx.close());

  async function addBonus(overrides: Partial<BonusesTable> = {}): Promise<string> {
    const code = overrides.code ?? uniqueCode('B');
    const now = ctx.clock.now();
    await ctx.db.kysely
      .insertInto('bonuses')
      .values({
        code,
        names: JSON.stringify({ th: `โบนัส ${code}`, lo: `ໂບນັດ ${code}`, en: `Bonus ${code}` }),
        notices: JSON.stringify({ th: '<p>เงื่อนไข</p>', en: '<p>Terms</p>' }),
        banners: JSON.stringify({
          th: [{ image: '/b.png', html: '<p>th</p>' }],
          en: [{ image: '/b.png', html: '<p>en</p>' }],
        }),
        limit_type: 'limit',
        max_received: 1,
        kind: 'percent',
        value: 50,
        max_bonus: 500_00,
        min_deposit: 100_00,
        percent_success: 200,
        percent_fail: 10,
        turnover_multiple: 0,
        max_withdraw: 0,
        expires_at: null,
        enabled: 1,
        sort_order: 100,
        created_at: now,
        updated_at: now,
        ...overrides,
      })
      .execute();
    return code;
  }

  async function addPromotion(overrides: Partial<PromotionCodesTable> = {}): Promise<string> {
    const code = overrides.code ?? uniqueCode('P');
    const now = ctx.clock.now();
    await ctx.db.kysely
      .insertInto('promotion_codes')
      .values({
        code,
        descriptions: JSON.stringify({ th: 'รับ 50 บาท', lo: 'ຮັບ 50 ບາດ', en: 'Get 50 baht' }),
        kind: 'fixed',
        value: 50_00,
        max_bonus: 0,
        min_deposit: 0,
        percent_success: 0,
        percent_fail: 20,
        turnover_multiple: 0,
        max_withdraw: 0,
        max_redemptions: 0,
        max_per_player: 1,
        redeemed: 0,
        valid_from: null,
        valid_to: null,
        enabled: 1,
        created_at: now,
        updated_at: now,
        ...overrides,
      })
      .execute();
    return code;
  }

  async function player(funds = 0) {
    const registered = await registerPlayer(ctx.app);
    if (funds > 0) await fundWallet(ctx.app, registered.phone, funds);
    return signedIn(registered.phone, registered.token);
  }

  /** The player's calls under one session; again() signs in anew once the test clock outran it. */
  async function signedIn(phone: string, token: string) {
    const call = playerCaller(ctx.app, token);
    const userId = (
      await ctx.db.kysely.selectFrom('users').select('id').where('username', '=', phone).executeTakeFirstOrThrow()
    ).id;
    return {
      userId,
      call,
      again: async () => signedIn(phone, await login(ctx.app, phone, 'secret123')),
      bonuses: async (lang = 'en') => (await call('GET', `/api/bonus?lang=${lang}`)).json<Bonus[]>(),
      activate: (code: string) => call('GET', `/api/bonus/activate/${code}`),
      active: async () => (await call('GET', '/api/bonus/check/active?lang=en')).json<BonusCheckActiveResponse>(),
      minimum: async () => (await call('GET', '/api/bonus/check/minimum')).json<BonusCheckMinimumResponse>(),
      progress: async () => (await call('GET', '/api/bonus/progress')).json<BonusProgressResponse>().progress,
      wallet: async () => (await call('GET', '/api/wallet')).json<WalletResponse>().wallet.amount,
      statements: async () =>
        (await call('POST', '/api/statement', { page: 1, limit: 100 })).json<StatementListResponse>().statements,
      withdraw: (amount: number) => call('POST', '/api/wallet/withdraw', { amount }),
    };
  }

  /** The player moves money into the pg sandbox game; the game then reports `balance` (wins or losses). */
  async function playInGame(p: Awaited<ReturnType<typeof player>>, stake: number, balanceAfter: number) {
    await p.call('GET', '/api/wallet/activate/pg');
    expect((await p.call('POST', '/api/wallet/transfer', { from: 'WALLET', to: 'pg', amount: stake })).statusCode).toBe(
      200,
    );
    const account = await ctx.db.kysely
      .selectFrom('game_accounts')
      .select('username')
      .where('user_id', '=', p.userId)
      .where('provider_code', '=', 'pg')
      .executeTakeFirstOrThrow();
    await ctx.db.kysely
      .updateTable('sandbox_game_wallets')
      .set({ balance: Math.round(balanceAfter * 100) })
      .where('provider_code', '=', 'pg')
      .where('username', '=', account.username)
      .execute();
    return account.username;
  }

  const expectLedgerHealthy = async () => expect(await checkLedger(ctx.db.kysely)).toEqual([]);

  it('lists bonuses in the asked language with the player standing, and credits one through the ledger', async () => {
    const code = await addBonus();
    const p = await player(200);
    const before = (await p.bonuses('th')).find((b) => b.code === code);
    expect(before).toMatchObject({
      name: `โบนัส ${code}`,
      type: 'limit',
      maxReceived: 1,
      percentFail: 10,
      banners: [{ image: '/b.png', html: '<p>th</p>' }],
      userBonus: null,
    });
    // Lao has no banner text yet: Thai stands in.
    expect((await p.bonuses('lo')).find((b) => b.code === code)?.banners[0]?.html).toBe('<p>th</p>');

    const taken = await p.activate(code);
    expect(taken.statusCode).toBe(200);
    const userBonus = taken.json<UserBonus>();
    expect(userBonus.isActive).toBe(true);
    expect(userBonus.received).toEqual([{ updatedAt: new Date(ctx.clock.now()).toISOString() }]);
    expect(await p.wallet()).toBe(300);
    expect(await p.active()).toEqual({ status: true, type: 'bonus', code, name: `Bonus ${code}` });
    const [line] = await p.statements();
    expect(line).toMatchObject({
      statementType: 'bonus',
      from: null,
      to: 'WALLET',
      amount: 100,
      status: 'SUCCESS',
      bonus: { description: code },
    });
    const listed = (await p.bonuses()).find((b) => b.code === code);
    expect(listed?.userBonus).toEqual(userBonus);
    await expectLedgerHealthy();
  });

  it('answers the SPEC codes: unknown bonus, already active, limit reached, game money out, too little', async () => {
    const first = await addBonus();
    const second = await addBonus({ kind: 'fixed', value: 20_00, min_deposit: 50_00 });
    const p = await player(100);
    expect((await p.activate('NOPE')).json()).toEqual({ message: 'NO_PROMOTION' });
    expect((await p.activate(first)).statusCode).toBe(200);
    const again = await p.activate(second);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'BONUS_ALREADY_ACTIVE' });

    expect((await p.call('GET', '/api/bonus/clear')).json()).toEqual({ message: 'BONUS_CLEAR' });
    expect((await p.activate(first)).json()).toEqual({ message: 'BONUS_MAX_CLAIMED' });
    expect((await p.bonuses()).find((b) => b.code === first)?.userBonus?.isActive).toBe(false);

    await playInGame(p, 10, 10);
    expect((await p.activate(second)).json()).toEqual({ message: 'BONUS_REMAINING' });
    await p.call('POST', '/api/wallet/transferAll', { to: 'WALLET' });

    const poor = await player(10);
    expect((await poor.activate(second)).json()).toEqual({ message: 'BONUS_MIN_DEPOSIT' });
    expect((await poor.call('GET', '/api/bonus/clear')).json()).toEqual({ message: 'NO_PROMOTION' });
    expect((await poor.call('GET', '/api/bonus/activate/%20')).statusCode).toBe(400);
  });

  it('counts day limits per Bangkok calendar day, crossing midnight with the clock', async () => {
    const code = await addBonus({ limit_type: 'day', max_received: 1, kind: 'fixed', value: 10_00, min_deposit: 0 });
    // 23:59 Bangkok on 2026-02-02.
    ctx.clock.set(Date.parse('2026-02-02T16:59:00Z'));
    const p = await player(100);
    expect((await p.activate(code)).statusCode).toBe(200);
    await p.call('GET', '/api/bonus/clear');
    expect((await p.activate(code)).json()).toEqual({ message: 'BONUS_MAX_CLAIMED' });
    ctx.clock.set(Date.parse('2026-02-02T17:00:00Z')); // 00:00 on the 3rd in Bangkok
    expect((await p.activate(code)).statusCode).toBe(200);
    expect((await p.bonuses()).find((b) => b.code === code)?.userBonus?.received).toHaveLength(2);
  });

  it('counts week limits per Bangkok Monday-first week, crossing Monday 00:00 with the clock', async () => {
    const code = await addBonus({ limit_type: 'week', max_received: 2, kind: 'fixed', value: 10_00, min_deposit: 0 });
    ctx.clock.set(Date.parse('2026-02-09T01:00:00Z')); // Monday 08:00 Bangkok
    let p = await player(100);
    for (let i = 0; i < 2; i += 1) {
      expect((await p.activate(code)).statusCode).toBe(200);
      await p.call('GET', '/api/bonus/clear');
    }
    ctx.clock.set(Date.parse('2026-02-15T16:59:59Z')); // Sunday 23:59:59 Bangkok
    p = await p.again();
    expect((await p.activate(code)).json()).toEqual({ message: 'BONUS_MAX_CLAIMED' });
    ctx.clock.set(Date.parse('2026-02-15T17:00:00Z')); // next Monday 00:00 Bangkok
    expect((await p.activate(code)).statusCode).toBe(200);
  });

  it('finishes as failed once credit falls to the fail line at a refresh, with a finish_bonus line', async () => {
    const code = await addBonus({ percent_fail: 10 });
    const p = await player(100);
    await p.activate(code); // start credit 150, fail line 15
    await playInGame(p, 140, 20);
    await p.call('GET', '/api/wallet/refresh/slot');
    expect(await p.minimum()).toEqual({ status: true, credit: 30, minimum: 15 });
    await playInGame(p, 1, 5.99);
    await p.call('GET', '/api/wallet/refresh/slot');
    // The refresh's own check and this one may race: the bonus ends once either way.
    expect(await p.minimum()).toEqual({ status: false, credit: 14.99, minimum: null });
    expect(await p.active()).toEqual({ status: false, type: null, code: null, name: null });
    const finished = (await p.statements()).filter((s) => s.statementType === 'finish_bonus');
    expect(finished).toHaveLength(1);
    expect(finished[0]).toMatchObject({ amount: 0, status: 'SUCCESS', bonus: { description: code } });
    const row = await ctx.db.kysely
      .selectFrom('user_bonuses')
      .selectAll()
      .where('user_id', '=', p.userId)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('FAILED');
    expect(Number(row.finished_at)).toBe(ctx.clock.now());
    await expectLedgerHealthy();
  });

  it('refuses a withdrawal while the condition is unmet, then completes the bonus and forfeits the rest', async () => {
    const code = await addBonus({ percent_success: 200, max_withdraw: 250_00 });
    const p = await player(100);
    await p.activate(code); // start 150, target 300
    const refusedWithdraw = await p.withdraw(100);
    expect(refusedWithdraw.statusCode).toBe(400);
    expect(refusedWithdraw.json()).toEqual({ message: 'BONUS_CONDITION' });
    expect(await p.wallet()).toBe(150);

    await playInGame(p, 50, 300); // a win: credit 400 ≥ 300
    await p.call('GET', '/api/wallet/refresh/slot');
    expect((await p.withdraw(100)).json()).toEqual({ message: 'BONUS_REMAINING' });
    await p.call('POST', '/api/wallet/transferAll', { to: 'WALLET' });
    expect(await p.wallet()).toBe(400);
    expect((await p.withdraw(300)).json()).toMatchObject({ message: 'BONUS_WITHDRAW_MAX', field: 'amount' });

    const paid = await p.withdraw(250);
    expect(paid.statusCode).toBe(200);
    // The answer is the wallet after the whole withdrawal, forfeit included: not the 150 before it.
    expect(paid.json()).toEqual({ message: 'WITHDRAW_PENDING', wallet: { amount: 0 } });
    expect(await p.wallet()).toBe(0);
    const [finish, withdraw] = await p.statements();
    expect(withdraw).toMatchObject({ statementType: 'withdraw', amount: 250 });
    expect(finish).toMatchObject({ statementType: 'finish_bonus', from: 'WALLET', amount: 150 });
    const row = await ctx.db.kysely
      .selectFrom('user_bonuses')
      .selectAll()
      .where('user_id', '=', p.userId)
      .executeTakeFirstOrThrow();
    expect([row.status, Number(row.withdrawn), Number(row.forfeited)]).toEqual(['COMPLETED', 250_00, 150_00]);
    // No bonus any more: withdrawals are plain again.
    await fundWallet(
      ctx.app,
      (await ctx.db.kysely.selectFrom('users').select('username').where('id', '=', p.userId).executeTakeFirstOrThrow())
        .username,
      100,
    );
    expect((await p.withdraw(100)).statusCode).toBe(200);
    await expectLedgerHealthy();
  });

  it('answers where the running bonus stands: target, fail line, game money, what cancelling takes back', async () => {
    const code = await addBonus({ percent_success: 200, max_withdraw: 250_00 });
    const p = await player(100);
    expect(await p.progress()).toBeNull();
    await p.activate(code); // start 150, target 300, fail line 15
    expect(await p.progress()).toEqual({
      type: 'bonus',
      code,
      credit: 150,
      wallet: 150,
      inGames: 0,
      startCredit: 150,
      failCredit: 15,
      percentFail: 10,
      targetCredit: 300,
      percentSuccess: 200,
      turnoverPercent: null,
      conditionMet: false,
      bonusAmount: 50,
      maxWithdraw: 250,
    });
    await playInGame(p, 50, 300);
    await p.call('GET', '/api/wallet/refresh/slot');
    expect(await p.progress()).toMatchObject({ credit: 400, wallet: 100, inGames: 300, conditionMet: true });
  });

  it('counts turnover the sandbox game reports towards the condition', async () => {
    const code = await addBonus({
      percent_success: 0,
      turnover_multiple: 2,
      kind: 'fixed',
      value: 50_00,
      min_deposit: 0,
    });
    const p = await player(50);
    await p.activate(code); // start 100, turnover 200 needed
    const username = await playInGame(p, 100, 100);
    await ctx.db.kysely
      .insertInto('sandbox_game_transactions')
      .values({
        provider_code: 'pg',
        ref: `bet:${username}:1`,
        username,
        kind: 'bet',
        amount: 150_00,
        balance_after: 0,
        created_at: ctx.clock.now(),
      })
      .execute();
    await p.call('POST', '/api/wallet/transferAll', { to: 'WALLET' });
    await p.call('GET', '/api/bonus/check/active');
    expect((await p.withdraw(100)).json()).toEqual({ message: 'BONUS_CONDITION' });
    await ctx.db.kysely
      .insertInto('sandbox_game_transactions')
      .values({
        provider_code: 'pg',
        ref: `bet:${username}:2`,
        username,
        kind: 'bet',
        amount: 50_00,
        balance_after: 0,
        created_at: ctx.clock.now(),
      })
      .execute();
    // The screen's check reads turnover from the providers as a refresh does.
    await p.call('GET', '/api/bonus/check/active');
    expect((await p.withdraw(100)).statusCode).toBe(200);
  });

  it('clears a bonus only with game money home, forfeiting the bonus part to promotions', async () => {
    const code = await addBonus();
    const p = await player(100);
    await p.activate(code); // +50
    await playInGame(p, 20, 20);
    expect((await p.call('GET', '/api/bonus/clear')).json()).toEqual({ message: 'BONUS_REMAINING' });
    await p.call('POST', '/api/wallet/transferAll', { to: 'WALLET' });
    expect((await p.call('GET', '/api/bonus/clear')).json()).toEqual({ message: 'BONUS_CLEAR' });
    expect(await p.wallet()).toBe(100);
    expect((await p.statements())[0]).toMatchObject({ statementType: 'finish_bonus', amount: 50, from: 'WALLET' });
    await expectLedgerHealthy();
  });

  it('activates exactly one of two bonuses taken at the same moment', async () => {
    const a = await addBonus({ kind: 'fixed', value: 10_00, min_deposit: 0 });
    const b = await addBonus({ kind: 'fixed', value: 20_00, min_deposit: 0 });
    const p = await player(100);
    const results = await Promise.all([p.activate(a), p.activate(b), p.activate(a)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    const rows = await ctx.db.kysely.selectFrom('user_bonuses').selectAll().where('user_id', '=', p.userId).execute();
    expect(rows).toHaveLength(1);
    expect([110, 120]).toContain(await p.wallet());
    await expectLedgerHealthy();
  });

  it('finds and redeems a promotion code, upper-cased, once per player and within its allowance', async () => {
    const code = await addPromotion({ max_redemptions: 2 });
    const p = await player(100);
    expect((await p.call('GET', `/api/promotion/find/${code.toLowerCase()}?lang=en`)).json()).toEqual({
      code,
      percentFail: 20,
      description: 'Get 50 baht',
    });
    expect((await p.call('GET', '/api/promotion/find/NOSUCH')).json()).toEqual({ message: 'NO_PROMOTION' });
    expect((await p.call('GET', '/api/promotion/current')).json()).toEqual({ promotion: null });
    expect((await p.call('GET', `/api/promotion/activate/${code}`)).json()).toEqual({ message: 'SUCCESS' });
    expect(await p.wallet()).toBe(150);
    expect((await p.call('GET', '/api/promotion/current?lang=th')).json()).toEqual({
      promotion: { code, percentFail: 20, description: 'รับ 50 บาท' },
    });
    expect((await p.statements())[0]).toMatchObject({
      statementType: 'bonus',
      promotion: { description: code },
    });
    await p.call('GET', '/api/bonus/clear');
    expect((await p.call('GET', `/api/promotion/activate/${code}`)).json()).toEqual({ message: 'PROMOTION_RECEIVED' });

    const second = await player(0);
    expect((await second.call('GET', `/api/promotion/activate/${code}`)).statusCode).toBe(200);
    const third = await player(0);
    expect((await third.call('GET', `/api/promotion/activate/${code}`)).json()).toEqual({ message: 'BONUS_FULL' });
    await expectLedgerHealthy();
  });

  it('refuses codes outside their window or switched off', async () => {
    const now = ctx.clock.now();
    const later = await addPromotion({ valid_from: now + 1000 });
    const over = await addPromotion({ valid_to: now });
    const off = await addPromotion({ enabled: 0 });
    const p = await player(0);
    for (const code of [later, over, off]) {
      expect((await p.call('GET', `/api/promotion/activate/${code}`)).json()).toEqual({ message: 'NO_PROMOTION' });
    }
  });

  it('gives the last redemption of a code to one of two players redeeming at once, and one code twice to one player once', async () => {
    const code = await addPromotion({ max_redemptions: 1, max_per_player: 5 });
    const [p1, p2] = [await player(0), await player(0)];
    const results = await Promise.all([
      p1.call('GET', `/api/promotion/activate/${code}`),
      p2.call('GET', `/api/promotion/activate/${code}`),
    ]);
    expect(results.map((r) => r.json<{ message: string }>().message).sort()).toEqual(['BONUS_FULL', 'SUCCESS']);

    const twice = await addPromotion({ max_per_player: 5 });
    const p3 = await player(0);
    const again = await Promise.all([
      p3.call('GET', `/api/promotion/activate/${twice}`),
      p3.call('GET', `/api/promotion/activate/${twice}`),
    ]);
    expect(again.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await p3.wallet()).toBe(50);
    await expectLedgerHealthy();
  });
});
