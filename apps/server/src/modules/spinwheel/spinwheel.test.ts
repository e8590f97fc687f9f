import type {
  SpinCouponPage,
  SpinCouponResponse,
  SpinLogPage,
  SpinReportResponse,
  SpinWheelListResponse,
  SpinWheelPayload,
  SpinWheelResponse,
} from '@wallet/contract/backoffice/spinwheel';
import type {
  CouponClaimResponse,
  CouponListResponse,
  SpinActiveResponse,
  SpinResponse,
  SpinSetupResponse,
} from '@wallet/contract/spinwheel';
import type { StatementListResponse } from '@wallet/contract/statement';
import type { WalletResponse } from '@wallet/contract/wallet';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRows, ownerLogin, staffMember } from '../../../test/backoffice-helpers.ts';
import {
  bearer,
  createTestContext,
  fundWallet,
  login,
  playerCaller,
  registerPlayer,
  type TestContext,
  testDialects,
} from '../../../test/helpers.ts';
import { DEMO_PLAYER } from '../../db/seed/seed.ts';
import { DEMO_PLAYER_COINS, DEMO_WHEEL_ID } from '../../db/seed/spinwheel.ts';
import { playerBalance } from '../../ledger/accounts.ts';
import { checkLedger } from '../../ledger/check.ts';
import { DAY_MS } from './spinwheel.service.ts';

type Slice = SpinWheelPayload['slices'][number];

function slice(code: string, overrides: Partial<Slice> = {}): Slice {
  return {
    code,
    labels: { th: `รางวัล ${code}`, lo: `ລາງວັນ ${code}`, en: `Prize ${code}` },
    bgColor: '#112233',
    textColor: '#FFFFFF',
    htmlDescriptions: { th: `<p>${code}</p><script>alert(1)</script>`, lo: '', en: '' },
    prizeType: 'bonus',
    amount: 50_00,
    itemNames: { th: '', lo: '', en: '' },
    bonusCode: null,
    weight: 0,
    stock: null,
    ...overrides,
  };
}

/** A wheel on which only `winner` can be drawn (every other slice weighs 0). */
function wheelForm(winner: string, overrides: Partial<SpinWheelPayload> = {}): SpinWheelPayload {
  const slices = [
    slice('BONUS', { prizeType: 'bonus', amount: 50_00 }),
    slice('COINS', { prizeType: 'coins', amount: 2 }),
    slice('ITEM', { prizeType: 'item', amount: 0, itemNames: { th: 'เสื้อ', lo: 'ເສື້ອ', en: 'Shirt' } }),
    slice('NEVER', { prizeType: 'bonus', amount: 999_00 }),
  ].map((s) => (s.code === winner ? { ...s, weight: 10 } : s));
  return {
    names: { th: 'วงล้อทดสอบ', lo: 'ວົງລໍ້ທົດສອບ', en: 'Test wheel' },
    startsAt: null,
    endsAt: null,
    active: true,
    couponValidDays: 3,
    slices,
    ...overrides,
  };
}

let keyCounter = 0;
const newKey = () => `spin-key-${Date.now().toString(36)}-${++keyCounter}`;

describe.each(testDialects())('spin wheel (%s)', (dialect) => {
  let ctx: TestContext;
  let owner: string;
  let marketing: string;
  let support: string;
  let finance: string;
  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    owner = await ownerLogin(ctx.app);
    marketing = (await staffMember(ctx.app, owner, 'marketing')).token;
    support = (await staffMember(ctx.app, owner, 'support')).token;
    finance = (await staffMember(ctx.app, owner, 'finance')).token;
  });
  afterAll(() => ctx.close());

  const bo = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    ctx.app.inject({
      method,
      url: `/api/backoffice/spinwheel${url}`,
      headers: bearer(token),
      ...(payload ? { payload } : {}),
    });

  async function saveWheel(form: SpinWheelPayload, id?: string) {
    const res = id ? await bo(marketing, 'PUT', `/wheels/${id}`, form) : await bo(marketing, 'POST', '/wheels', form);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<SpinWheelResponse>().wheel;
  }

  /** A new player holding `coins` coins, earned by a deposit (100 baht a coin). */
  async function playerWithCoins(coins: number) {
    const player = await registerPlayer(ctx.app);
    if (coins > 0) await fundWallet(ctx.app, player.phone, coins * 100);
    const call = playerCaller(ctx.app, player.token);
    const userId = (
      await ctx.db.kysely
        .selectFrom('users')
        .select('id')
        .where('username', '=', player.phone)
        .executeTakeFirstOrThrow()
    ).id;
    const spin = async (key = newKey()) => {
      const res = await call('POST', '/api/spinwheel/spin?lang=en', undefined, { 'idempotency-key': key });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<SpinResponse>();
    };
    const coupons = async () => (await call('GET', '/api/spinwheel/coupon?lang=en')).json<CouponListResponse>().coupons;
    const claim = async (coupon: string) => {
      const res = await call('POST', '/api/spinwheel/coupon/claim?lang=en', { coupon });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<CouponClaimResponse>();
    };
    const coinBalance = () => playerBalance(ctx.db.kysely, userId, 'coin');
    return { ...player, call, userId, spin, coupons, claim, coinBalance };
  }

  it('seeds an active demo wheel with 8 slices and 5 coins for the demo player', async () => {
    const wheel = await ctx.db.kysely
      .selectFrom('spin_wheels')
      .selectAll()
      .where('id', '=', DEMO_WHEEL_ID)
      .executeTakeFirstOrThrow();
    expect(Number(wheel.active)).toBe(1);
    const slices = await ctx.db.kysely
      .selectFrom('spin_slices')
      .selectAll()
      .where('wheel_id', '=', DEMO_WHEEL_ID)
      .execute();
    expect(slices).toHaveLength(8);
    expect(new Set(slices.map((s) => s.prize_type))).toEqual(new Set(['bonus', 'coins', 'item']));
    expect(slices.some((s) => s.stock !== null && Number(s.stock) <= 5)).toBe(true);
    expect(await playerBalance(ctx.db.kysely, DEMO_PLAYER.id, 'coin')).toBe(DEMO_PLAYER_COINS);
    expect(await checkLedger(ctx.db.kysely)).toEqual([]);
  });

  it('shows the live wheel in the asked language, and refuses a spin without a coin', async () => {
    const wheel = await saveWheel(wheelForm('BONUS'));
    expect(wheel.live).toBe(true);
    const p = await playerWithCoins(0);
    expect((await p.call('GET', '/api/spinwheel/active')).json<SpinActiveResponse>()).toEqual({ active: true });
    const setup = (await p.call('GET', '/api/spinwheel/setup?lang=lo')).json<SpinSetupResponse>();
    expect(setup.name).toBe('ວົງລໍ້ທົດສອບ');
    expect(setup.userCoin).toBe(0);
    expect(setup.slices.map((s) => s.code)).toEqual(['BONUS', 'COINS', 'ITEM', 'NEVER']);
    expect(setup.slices[0]?.label).toBe('ລາງວັນ BONUS');
    // Lao left empty: Thai stands in; the script was sanitised away on save.
    expect(setup.slices[0]?.htmlDescription).toBe('<p>BONUS</p>');
    expect(await p.spin()).toEqual({ success: false, error: 'NO_COIN' });
    expect(await p.coupons()).toEqual([]);
  });

  it('spends one coin a spin and wins a coupon; a bonus coupon credits a bonus with its statement', async () => {
    await saveWheel(wheelForm('BONUS'));
    const p = await playerWithCoins(2);
    expect(await p.coinBalance()).toBe(2);
    const walletBefore = (await p.call('GET', '/api/wallet')).json<WalletResponse>();
    expect(await p.spin()).toEqual({ success: true, code: 'BONUS', label: 'Prize BONUS', remainingCoin: 1 });
    const [coupon] = await p.coupons();
    expect(coupon).toMatchObject({
      index: 1,
      slice: { code: 'BONUS', label: 'Prize BONUS' },
      name: 'Prize BONUS',
      amount: 50,
      prizeType: 'bonus',
      claimed: false,
      status: 'open',
    });
    expect(await p.claim(coupon?.id as string)).toEqual({ success: true, label: 'Prize BONUS' });
    const walletAfter = (await p.call('GET', '/api/wallet')).json<WalletResponse>();
    expect(walletAfter.wallet.amount - walletBefore.wallet.amount).toBeCloseTo(50, 6);
    const statement = (await p.call('POST', '/api/statement', { page: 1, limit: 10 })).json<StatementListResponse>()
      .statements;
    expect(statement[0]).toMatchObject({
      statementType: 'bonus',
      amount: 50,
      luckydraw: { description: 'BONUS' },
    });
    const bonus = await ctx.db.kysely
      .selectFrom('user_bonuses')
      .selectAll()
      .where('user_id', '=', p.userId)
      .executeTakeFirstOrThrow();
    expect(bonus).toMatchObject({ source: 'spin', status: 'ACTIVE' });
    expect(Number(bonus.bonus_amount)).toBe(50_00);
    // Claimed once; a second bonus coupon waits while this bonus runs.
    expect(await p.claim(coupon?.id as string)).toEqual({ success: false, error: 'NO_CLAIMABLE_COUPON' });
    expect((await p.spin()).success).toBe(true);
    const second = (await p.coupons())[0];
    expect(await p.claim(second?.id as string)).toEqual({ success: false, error: 'BONUS_ALREADY_ACTIVE' });
    expect((await p.coupons())[0]?.status).toBe('open');
    expect(await checkLedger(ctx.db.kysely)).toEqual([]);
  });

  it("credits a bonus prize with its bonus type's conditions, refused while game money is out", async () => {
    const now = ctx.clock.now();
    const code = `SPINB${Date.now().toString(36).toUpperCase()}`;
    await ctx.db.kysely
      .insertInto('bonuses')
      .values({
        code,
        names: JSON.stringify({ th: 'โบนัสวงล้อ' }),
        notices: '{}',
        banners: '{}',
        limit_type: 'limit',
        max_received: 1,
        kind: 'fixed',
        value: 1,
        max_bonus: 0,
        min_deposit: 0,
        percent_success: 200,
        percent_fail: 10,
        turnover_multiple: 0,
        max_withdraw: 300_00,
        expires_at: null,
        enabled: 1,
        sort_order: 1,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const form = wheelForm('BONUS');
    form.slices = form.slices.map((s) => (s.code === 'BONUS' ? { ...s, bonusCode: code.toLowerCase() } : s));
    await saveWheel(form);
    const p = await playerWithCoins(3);
    await p.spin();
    const [coupon] = await p.coupons();
    // Game money out: BONUS_REMAINING (SPEC §8 spin coupon codes), and the coupon stays claimable.
    await p.call('GET', '/api/wallet/activate/pg');
    const out = await p.call('POST', '/api/wallet/transfer', { from: 'WALLET', to: 'pg', amount: 10 });
    expect(out.statusCode, out.body).toBe(200);
    expect(await p.claim(coupon?.id as string)).toEqual({ success: false, error: 'BONUS_REMAINING' });
    expect((await p.coupons())[0]?.status).toBe('open');
    await p.call('POST', '/api/wallet/transferAll', { to: 'WALLET' });
    // Two claims at once: one credit.
    const both = await Promise.all([p.claim(coupon?.id as string), p.claim(coupon?.id as string)]);
    expect(both.filter((answer) => answer.success)).toHaveLength(1);
    expect(both.find((answer) => !answer.success)).toEqual({ success: false, error: 'NO_CLAIMABLE_COUPON' });
    const bonus = await ctx.db.kysely
      .selectFrom('user_bonuses')
      .selectAll()
      .where('user_id', '=', p.userId)
      .executeTakeFirstOrThrow();
    expect(bonus).toMatchObject({ source: 'spin', source_code: code });
    expect(Number(bonus.percent_fail)).toBe(10);
    expect(Number(bonus.max_withdraw)).toBe(300_00);
    expect(Number(bonus.target_credit)).toBe(Number(bonus.start_credit) * 2);
    await p.call('GET', '/api/bonus/clear');

    // A bonus type promotions does not have is refused on save, naming the slice.
    const unknown = form.slices.map((s) => (s.code === 'BONUS' ? { ...s, bonusCode: 'NO-SUCH-BONUS' } : s));
    const refusedSave = await bo(marketing, 'POST', '/wheels', { ...form, slices: unknown });
    expect(refusedSave.statusCode).toBe(400);
    expect(refusedSave.json()).toMatchObject({ message: 'INVALID_PRIZE_CODE', field: 'slices.0.bonusCode' });
    // Gone by the time of the claim: INVALID_PRIZE_CODE, nothing credited.
    await p.spin();
    const [orphan] = await p.coupons();
    await ctx.db.kysely
      .updateTable('bonuses')
      .set({ code: `${code}X` })
      .where('code', '=', code)
      .execute();
    expect(await p.claim(orphan?.id as string)).toEqual({ success: false, error: 'INVALID_PRIZE_CODE' });
    expect(await checkLedger(ctx.db.kysely)).toEqual([]);
  });

  it('shows no wheel before its start or after its end', async () => {
    const p = await playerWithCoins(1);
    const later = new Date(ctx.clock.now() + DAY_MS).toISOString();
    const earlier = new Date(ctx.clock.now() - DAY_MS).toISOString();
    const wheel = await saveWheel(wheelForm('COINS', { startsAt: later }));
    expect(wheel.live).toBe(false);
    expect((await p.call('GET', '/api/spinwheel/active')).json()).toEqual({ active: false });
    expect(await p.spin()).toEqual({ success: false, error: 'WHEEL_INACTIVE' });
    await saveWheel(wheelForm('COINS', { startsAt: earlier, endsAt: later }), wheel.id);
    expect((await p.call('GET', '/api/spinwheel/active')).json()).toEqual({ active: true });
    await saveWheel(wheelForm('COINS', { endsAt: earlier }), wheel.id);
    expect((await p.call('GET', '/api/spinwheel/setup')).json()).toMatchObject({ name: '', slices: [], userCoin: 1 });
    expect(await p.coinBalance()).toBe(1);
  });

  it('pays a coins coupon from the coin issuer and leaves an item coupon to the operator', async () => {
    await saveWheel(wheelForm('COINS'));
    const p = await playerWithCoins(1);
    expect((await p.spin()).success).toBe(true);
    expect(await p.coinBalance()).toBe(0);
    const coins = (await p.coupons())[0];
    expect(coins).toMatchObject({ prizeType: 'coins', amount: 2 });
    expect(await p.claim(coins?.id as string)).toEqual({ success: true, label: 'Prize COINS' });
    expect(await p.coinBalance()).toBe(2);

    await saveWheel(wheelForm('ITEM'));
    expect((await p.spin()).success).toBe(true);
    const item = (await p.coupons())[0];
    expect(item).toMatchObject({ prizeType: 'item', name: 'Shirt', amount: 0 });
    // Not claimed by the player yet: nothing to hand over.
    expect((await bo(support, 'POST', `/coupons/${item?.id}/fulfil`, {})).json()).toEqual({
      message: 'NO_CLAIMABLE_COUPON',
    });
    expect(await p.claim(item?.id as string)).toEqual({ success: true, label: 'Prize ITEM' });
    expect((await p.coupons())[0]).toMatchObject({ status: 'claimed', claimed: true });
    // Marketing edits wheels but does not hand prizes over.
    expect((await bo(marketing, 'POST', `/coupons/${item?.id}/fulfil`, {})).statusCode).toBe(403);
    const fulfilled = await bo(support, 'POST', `/coupons/${item?.id}/fulfil`, { reason: 'sent by post' });
    expect(fulfilled.statusCode, fulfilled.body).toBe(200);
    expect(fulfilled.json<SpinCouponResponse>().coupon).toMatchObject({ status: 'fulfilled', itemName: 'เสื้อ' });
    expect((await bo(support, 'POST', `/coupons/${item?.id}/fulfil`, {})).json()).toEqual({
      message: 'ALREADY_DECIDED',
    });
    expect((await bo(support, 'POST', `/coupons/${coins?.id}/fulfil`, {})).json()).toEqual({
      message: 'INVALID_COUPON_TYPE',
    });
    expect((await p.coupons())[0]?.status).toBe('fulfilled');
    const audit = await auditRows(ctx.app, { action: 'spinwheel.coupon_fulfil', targetId: item?.id as string });
    expect(audit).toHaveLength(1);
    expect(audit[0]?.reason).toBe('sent by post');
    expect(await checkLedger(ctx.db.kysely)).toEqual([]);
  });

  it('refuses spins and claims while the player has paused play (issue 20), spending nothing', async () => {
    await saveWheel(wheelForm('COINS'));
    const p = await playerWithCoins(2);
    expect((await p.spin()).success).toBe(true);
    const won = (await p.coupons())[0];
    const paused = await p.call('POST', '/api/account/protection/timeout', { days: 1 });
    expect(paused.statusCode, paused.body).toBe(200);
    expect(await p.spin()).toEqual({ success: false, error: 'PLAYER_TIMED_OUT' });
    expect(await p.coinBalance()).toBe(1);
    expect(await p.claim(won?.id as string)).toEqual({ success: false, error: 'PLAYER_TIMED_OUT' });
    expect((await p.coupons())[0]).toMatchObject({ id: won?.id, status: 'open' });
    expect(await checkLedger(ctx.db.kysely)).toEqual([]);
  });

  it('refuses an expired, a foreign and an unknown coupon', async () => {
    await saveWheel(wheelForm('COINS', { couponValidDays: 1 }));
    const p = await playerWithCoins(2);
    const other = await playerWithCoins(0);
    await p.spin();
    await p.spin();
    const [newer, older] = await p.coupons();
    expect(await other.claim(newer?.id as string)).toEqual({ success: false, error: 'INVALID_CODE' });
    expect(await p.claim('no-such-coupon')).toEqual({ success: false, error: 'INVALID_CODE' });
    ctx.clock.advance(DAY_MS + 1);
    try {
      // A day on, the player signs in again (the session of a day ago has lapsed).
      const later = playerCaller(ctx.app, await login(ctx.app, p.phone, p.payload.password as string));
      const claimed = await later('POST', '/api/spinwheel/coupon/claim', { coupon: older?.id as string });
      expect(claimed.json()).toEqual({ success: false, error: 'COUPON_EXPIRED' });
      const listed = (await later('GET', '/api/spinwheel/coupon')).json<CouponListResponse>().coupons;
      expect(listed.map((c) => c.status)).toEqual(['expired', 'expired']);
      expect(await p.coinBalance()).toBe(0);
    } finally {
      ctx.clock.advance(-(DAY_MS + 1));
    }
  });

  it('draws a limited prize only while its stock lasts', async () => {
    const form = wheelForm('ITEM');
    form.slices = form.slices.map((s) => (s.code === 'ITEM' ? { ...s, stock: 2 } : s));
    const wheel = await saveWheel(form);
    const p = await playerWithCoins(3);
    expect((await p.spin()).success).toBe(true);
    expect((await p.spin()).success).toBe(true);
    // Out of stock, and nothing else can be drawn: the coin is not spent.
    expect(await p.spin()).toEqual({ success: false, error: 'WHEEL_INACTIVE' });
    expect(await p.coinBalance()).toBe(1);
    expect((await p.call('GET', '/api/spinwheel/active')).json()).toEqual({ active: false });
    const view = (await bo(marketing, 'GET', `/wheels/${wheel.id}`)).json<SpinWheelResponse>().wheel;
    expect(view.slices.find((s) => s.code === 'ITEM')).toMatchObject({ stock: 2, remaining: 0, won: 2 });
    expect(view.expected.totalWeight).toBe(0);
  });

  it('gives a player with N coins exactly N results out of 50 spins sent at once', async () => {
    await saveWheel(wheelForm('COINS'));
    const coins = 5;
    const p = await playerWithCoins(coins);
    const results = await Promise.all(Array.from({ length: 50 }, () => p.spin()));
    expect(results.filter((r) => r.success)).toHaveLength(coins);
    expect(results.filter((r) => !r.success).every((r) => !r.success && r.error === 'NO_COIN')).toBe(true);
    expect(await p.coinBalance()).toBe(0);
    const spins = await ctx.db.kysely
      .selectFrom('spin_draws')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', p.userId)
      .executeTakeFirstOrThrow();
    expect(Number(spins.n)).toBe(coins);
    expect(await p.coupons()).toHaveLength(coins);
    expect(await checkLedger(ctx.db.kysely)).toEqual([]);
  });

  it('hands out a limited prize exactly as often as its stock, however many spins race for it', async () => {
    const form = wheelForm('ITEM');
    form.slices = form.slices.map((s) => (s.code === 'ITEM' ? { ...s, stock: 3 } : s));
    const wheel = await saveWheel(form);
    const p = await playerWithCoins(10);
    const results = await Promise.all(Array.from({ length: 20 }, () => p.spin()));
    expect(results.filter((r) => r.success)).toHaveLength(3);
    expect(results.filter((r) => !r.success).every((r) => !r.success && r.error === 'WHEEL_INACTIVE')).toBe(true);
    // Only the three spins that won spent a coin.
    expect(await p.coinBalance()).toBe(7);
    const view = (await bo(marketing, 'GET', `/wheels/${wheel.id}`)).json<SpinWheelResponse>().wheel;
    expect(view.slices.find((s) => s.code === 'ITEM')).toMatchObject({ remaining: 0, won: 3 });
    expect(await checkLedger(ctx.db.kysely)).toEqual([]);
  });

  it('answers a repeated Idempotency-Key with the first answer and spends nothing more', async () => {
    await saveWheel(wheelForm('BONUS'));
    const p = await playerWithCoins(2);
    const key = newKey();
    const first = await p.call('POST', '/api/spinwheel/spin', undefined, { 'idempotency-key': key });
    const again = await p.call('POST', '/api/spinwheel/spin', undefined, { 'idempotency-key': key });
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replay']).toBe('true');
    expect(await p.coinBalance()).toBe(1);
    expect(await p.coupons()).toHaveLength(1);
  });

  it('refuses bad input', async () => {
    const p = await playerWithCoins(0);
    expect((await p.call('POST', '/api/spinwheel/coupon/claim', { coupon: '' })).statusCode).toBe(400);
    expect((await p.call('POST', '/api/spinwheel/coupon/claim', {})).statusCode).toBe(400);
    const badKey = await p.call('POST', '/api/spinwheel/spin', undefined, { 'idempotency-key': 'x' });
    expect(badKey.statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/spinwheel/spin' })).statusCode).toBe(401);

    const form = wheelForm('BONUS');
    const refusedForm = async (payload: object) => (await bo(marketing, 'POST', '/wheels', payload)).statusCode;
    expect(await refusedForm({ ...form, slices: form.slices.slice(0, 1) })).toBe(400);
    expect(await refusedForm({ ...form, slices: form.slices.map((s) => ({ ...s, weight: 0 })) })).toBe(400);
    expect(await refusedForm({ ...form, slices: [form.slices[0], form.slices[0]] })).toBe(400);
    expect(await refusedForm({ ...form, slices: form.slices.map((s) => ({ ...s, bgColor: 'red' })) })).toBe(400);
    expect(await refusedForm({ ...form, slices: form.slices.map((s) => ({ ...s, weight: -1 })) })).toBe(400);
    expect(await refusedForm({ ...form, startsAt: '2026-02-01T00:00:00Z', endsAt: '2026-01-01T00:00:00Z' })).toBe(400);
    const coinsZero = form.slices.map((s) => (s.code === 'COINS' ? { ...s, amount: 0 } : s));
    expect(await refusedForm({ ...form, slices: coinsZero })).toBe(400);
    expect((await bo(support, 'POST', '/wheels', form)).statusCode).toBe(403);
  });

  it('versions a spun wheel on save, keeps one wheel active, audits every change', async () => {
    const first = await saveWheel(wheelForm('COINS'));
    expect(first.version).toBe(1);
    // Not spun yet: edited in place.
    const inPlace = await saveWheel(wheelForm('COINS', { couponValidDays: 5 }), first.id);
    expect(inPlace.version).toBe(1);
    const p = await playerWithCoins(1);
    await p.spin();
    const spun = await saveWheel(wheelForm('BONUS'), first.id);
    expect(spun.version).toBe(2);
    expect(spun.spins).toBe(0);
    // The spin and its coupon keep version 1's slice.
    const log = (await bo(support, 'GET', `/spins?wheelId=${first.id}`)).json<SpinLogPage>();
    expect(log.total).toBe(1);
    expect(log.items[0]).toMatchObject({ version: 1, sliceCode: 'COINS', prizeType: 'coins', amount: 2 });
    const csv = await bo(support, 'GET', `/spins.csv?wheelId=${first.id}`);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('COINS');
    const [coupon] = await p.coupons();
    expect(await p.claim(coupon?.id as string)).toEqual({ success: true, label: 'Prize COINS' });

    const second = await saveWheel({ ...wheelForm('BONUS'), names: { th: 'วงล้อสอง', lo: '', en: '' } });
    const list = (await bo(finance, 'GET', '/wheels')).json<SpinWheelListResponse>().items;
    expect(list.filter((w) => w.active).map((w) => w.id)).toEqual([second.id]);
    expect((await bo(marketing, 'DELETE', `/wheels/${first.id}`)).json()).toEqual({ message: 'WHEEL_HAS_SPINS' });
    const off = await bo(marketing, 'POST', `/wheels/${second.id}/active`, { active: false });
    expect(off.json<SpinWheelResponse>().wheel.active).toBe(false);
    expect((await bo(marketing, 'DELETE', `/wheels/${second.id}`)).statusCode).toBe(200);
    expect((await bo(marketing, 'GET', `/wheels/${second.id}`)).statusCode).toBe(404);

    const updates = await auditRows(ctx.app, { action: 'spinwheel.wheel_update', targetId: first.id });
    expect(updates).toHaveLength(2);
    expect(updates.map((row) => (row.after as { version: number }).version).sort()).toEqual([1, 2]);
    for (const action of ['spinwheel.wheel_create', 'spinwheel.wheel_active', 'spinwheel.wheel_delete']) {
      expect(await auditRows(ctx.app, { action, targetId: second.id }), action).toHaveLength(1);
    }
  });

  it('lists coupons and reports spins, prizes against expectation and coins', async () => {
    const from = new Date(ctx.clock.now()).toISOString();
    ctx.clock.advance(1);
    const wheel = await saveWheel(wheelForm('COINS'));
    const p = await playerWithCoins(3);
    for (let i = 0; i < 3; i++) await p.spin();
    const [coupon] = await p.coupons();
    await p.claim(coupon?.id as string);
    ctx.clock.advance(1);

    const coupons = (await bo(support, 'GET', `/coupons?wheelId=${wheel.id}&status=open`)).json<SpinCouponPage>();
    expect(coupons.total).toBe(2);
    expect(coupons.items[0]).toMatchObject({ username: p.phone, prizeType: 'coins', status: 'open' });
    const couponsCsv = await bo(support, 'GET', `/coupons.csv?wheelId=${wheel.id}`);
    expect(couponsCsv.body.split('\r\n').filter(Boolean)).toHaveLength(4);

    expect((await bo(support, 'GET', '/report')).statusCode).toBe(403);
    const report = (await bo(finance, 'GET', `/report?wheelId=${wheel.id}&from=${from}`)).json<SpinReportResponse>();
    expect(report.spins).toBe(3);
    expect(report.coinsSpent).toBe(3);
    expect(report.coinsEarned).toBeGreaterThanOrEqual(3);
    expect(report.coinsWon).toBeGreaterThanOrEqual(2);
    const coinsRow = report.rows.find((row) => row.sliceCode === 'COINS');
    expect(coinsRow).toMatchObject({ won: 3, expected: 3, claimed: 1, spins: 3 });
    expect(report.rows.find((row) => row.sliceCode === 'NEVER')).toMatchObject({ won: 0, expected: 0 });
  });

  it('ledger:check finds a negative coin balance and a coin spent without a spin', async () => {
    const p = await playerWithCoins(1);
    const account = await ctx.db.kysely
      .selectFrom('ledger_accounts')
      .select(['id', 'balance'])
      .where('owner_id', '=', p.userId)
      .where('kind', '=', 'coin')
      .executeTakeFirstOrThrow();
    await sql`update ledger_accounts set balance = -1 where id = ${account.id}`.execute(ctx.db.kysely);
    try {
      const problems = await checkLedger(ctx.db.kysely);
      expect(problems.map((problem) => problem.rule)).toContain('negative-player-balance');
      expect(problems.find((problem) => problem.rule === 'negative-player-balance')?.detail).toContain(account.id);
    } finally {
      await sql`update ledger_accounts set balance = ${Number(account.balance)} where id = ${account.id}`.execute(
        ctx.db.kysely,
      );
    }
    await sql`update ledger_transfers set kind = 'coin_spend', ref_type = 'spin' where credit_account_id = ${account.id} and kind = 'coin_earn'`.execute(
      ctx.db.kysely,
    );
    try {
      expect((await checkLedger(ctx.db.kysely)).map((problem) => problem.rule)).toContain('coin-record');
    } finally {
      await sql`update ledger_transfers set kind = 'coin_earn', ref_type = 'statement' where credit_account_id = ${account.id} and kind = 'coin_spend'`.execute(
        ctx.db.kysely,
      );
    }
    expect(await checkLedger(ctx.db.kysely)).toEqual([]);
  });
});
