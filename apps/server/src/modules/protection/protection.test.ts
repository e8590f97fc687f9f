import { constants, publicEncrypt } from 'node:crypto';
import type { PlayerProtectionResponse, ProtectionReportResponse } from '@wallet/contract/backoffice/protection';
import { giftLinkPlaintext } from '@wallet/contract/deposit';
import type { ProtectionResponse, ProtectionSessionResponse, ProtectionView } from '@wallet/contract/protection';
import type { WalletResponse } from '@wallet/contract/wallet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRows, operatorCaller, ownerLogin, staffMember } from '../../../test/backoffice-helpers.ts';
import {
  bearer,
  createTestContext,
  fundWallet,
  login,
  registerPlayer,
  type TestContext,
  testDialects,
  uploadSandboxSlip,
  withDepositContent,
} from '../../../test/helpers.ts';
import { checkLedger } from '../../ledger/check.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const GIFT_WALLET = '0899999999';

describe.each(testDialects())('player protection (%s)', (dialect) => {
  let ctx: TestContext;
  let publicKey: string;
  beforeAll(async () => {
    // Sessions outlive the months these tests move the clock through.
    ctx = await createTestContext(dialect, {
      RATE_LIMIT_PER_MINUTE: '100000',
      SLIP_UPLOADS_PER_IP_PER_MINUTE: '100000',
      SESSION_TTL_HOURS: '100000',
    });
    const { token } = await registerPlayer(ctx.app);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/wallet/truelink/key', headers: bearer(token) });
    publicKey = res.json<{ publicKey: string }>().publicKey;
  });
  afterAll(() => ctx.close());

  async function player() {
    const { phone, token } = await registerPlayer(ctx.app);
    const id = (
      await ctx.db.kysely.selectFrom('users').select('id').where('username', '=', phone).executeTakeFirstOrThrow()
    ).id;
    const call = (
      method: 'GET' | 'POST' | 'PUT',
      url: string,
      payload?: object,
      headers: Record<string, string> = {},
    ) => ctx.app.inject({ method, url, headers: { ...bearer(token), ...headers }, ...(payload ? { payload } : {}) });
    const ok = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
      const res = await call(method, url, payload);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<ProtectionResponse>().protection;
    };
    return {
      phone,
      id,
      token,
      call,
      protection: () => ok('GET', '/api/account/protection'),
      limits: (limits: { day: number | null; week: number | null; month: number | null }) =>
        ok('PUT', '/api/account/protection/limits', limits),
      wallet: async () => (await call('GET', '/api/wallet')).json<WalletResponse>().wallet.amount,
    };
  }
  type Player = Awaited<ReturnType<typeof player>>;

  const NONE = { day: null, week: null, month: null };
  /** An Idempotency-Key of the allowed alphabet. */
  const key = (prefix: string) => `${prefix}${Math.random().toString(36).slice(2, 12)}`;

  function expectCode(res: { statusCode: number; json(): unknown }, status: number, message: string) {
    expect([res.statusCode, (res.json() as { message: string }).message]).toEqual([status, message]);
  }

  /** Money in through the bank feed, as a transfer from the player's registered account would arrive. */
  const bankDeposit = (p: Player, amount: number) =>
    ctx.app.inject({ method: 'POST', url: '/sandbox/bank/credit', payload: { username: p.phone, amount } });

  async function giftLink(amount: number) {
    const res = await ctx.app.inject({ method: 'POST', url: '/sandbox/giftlinks', payload: { amount } });
    const { link } = res.json<{ link: string }>();
    const sealed = publicEncrypt(
      { key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(giftLinkPlaintext(link, GIFT_WALLET), 'utf8'),
    ).toString('base64');
    return { link, sealed };
  }

  async function uploadSlip(p: Player, amount: number) {
    return (await uploadSandboxSlip(ctx, p.call, p.phone, amount)).res;
  }

  describe('deposit limits', () => {
    it('applies a first limit and a decrease at once; an increase waits 24 hours and applies only when confirmed again', async () => {
      const p = await player();
      let view = await p.limits({ day: 1000, week: null, month: null });
      expect(view.limits.day).toMatchObject({ amount: 1000, used: 0, remaining: 1000, pending: null });

      view = await p.limits({ day: 500, week: null, month: null });
      expect(view.limits.day).toMatchObject({ amount: 500, pending: null });

      const asked = ctx.clock.now();
      view = await p.limits({ day: 2000, week: null, month: null });
      expect(view.limits.day.amount).toBe(500);
      expect(view.limits.day.pending).toEqual({
        amount: 2000,
        requestedAt: new Date(asked).toISOString(),
        appliesAt: new Date(asked + DAY).toISOString(),
        confirmable: false,
      });
      // Asking again before the day is up neither applies it nor restarts its clock.
      ctx.clock.advance(23 * HOUR);
      view = await p.limits({ day: 2000, week: null, month: null });
      expect(view.limits.day.amount).toBe(500);
      expect(view.limits.day.pending?.appliesAt).toBe(new Date(asked + DAY).toISOString());
      expectCode(
        await p.call('POST', '/api/account/protection/limits/confirm', { period: 'day' }),
        409,
        'LIMIT_NOT_DUE',
      );

      // After 24 hours nothing changes by itself: the player must confirm.
      ctx.clock.advance(2 * HOUR);
      view = await p.protection();
      expect(view.limits.day).toMatchObject({ amount: 500, pending: { amount: 2000, confirmable: true } });
      view = await p.limits({ day: 2000, week: null, month: null });
      expect(view.limits.day).toMatchObject({ amount: 2000, pending: null });
    });

    it('makes a removal wait too, confirms through limits/confirm, and withdraws a pending change when the limit in force is sent', async () => {
      const p = await player();
      await p.limits({ day: null, week: 3000, month: 9000 });
      let view = await p.limits({ day: null, week: null, month: 9000 });
      expect(view.limits.week).toMatchObject({ amount: 3000, pending: { amount: null } });
      // Sending the limit in force withdraws the pending removal.
      view = await p.limits({ day: null, week: 3000, month: 9000 });
      expect(view.limits.week.pending).toBeNull();
      expectCode(
        await p.call('POST', '/api/account/protection/limits/confirm', { period: 'week' }),
        409,
        'LIMIT_NOT_DUE',
      );

      await p.limits({ day: null, week: null, month: 9000 });
      ctx.clock.advance(DAY);
      const confirmed = await p.call('POST', '/api/account/protection/limits/confirm', { period: 'week' });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(confirmed.json<ProtectionResponse>().protection.limits.week).toMatchObject({
        amount: null,
        pending: null,
      });
      // A zero or negative limit is not a limit.
      expect(
        (await p.call('PUT', '/api/account/protection/limits', { day: 0, week: null, month: null })).statusCode,
      ).toBe(400);
    });

    it('counts deposits over rolling windows: 24 hours, 7 days, 30 days', async () => {
      const p = await player();
      await p.limits({ day: 1000, week: 1500, month: 2000 });
      expect((await bankDeposit(p, 800)).statusCode).toBe(200);
      let view = await p.protection();
      expect(view.limits.day).toMatchObject({ used: 800, remaining: 200 });
      expectCode(await p.call('POST', '/api/qrcode/KBANK', { amount: 300 }), 400, 'DEPOSIT_LIMIT_EXCEEDED');

      ctx.clock.advance(DAY + 1);
      view = await p.protection();
      expect(view.limits.day.used).toBe(0);
      expect(view.limits.week).toMatchObject({ used: 800, remaining: 700 });
      // The day window is clear again, the week still holds the earlier 800.
      expectCode(await p.call('POST', '/api/qrcode/KBANK', { amount: 800 }), 400, 'DEPOSIT_LIMIT_EXCEEDED');
      expect((await p.call('POST', '/api/qrcode/KBANK', { amount: 700 })).statusCode).toBe(200);

      ctx.clock.advance(7 * DAY);
      view = await p.protection();
      expect(view.limits.week.used).toBe(0);
      expect(view.limits.month.used).toBe(800);
      ctx.clock.advance(23 * DAY);
      expect((await p.protection()).limits.month.used).toBe(0);
    });

    it('pauses deposits once a limit is used up, until the oldest deposit in its window leaves it', async () => {
      const p = await player();
      await p.limits({ day: 500, week: null, month: null });
      const first = ctx.clock.now();
      expect((await bankDeposit(p, 300)).statusCode).toBe(200);
      expect((await p.protection()).depositPause).toBeNull();
      ctx.clock.advance(HOUR);
      expect((await bankDeposit(p, 200)).statusCode).toBe(200);
      expect((await p.protection()).depositPause).toEqual({
        reason: 'limit',
        period: 'day',
        until: new Date(first + DAY).toISOString(),
      });
      ctx.clock.advance(DAY - HOUR + 1);
      expect((await p.protection()).depositPause).toBeNull();
      await p.limits(NONE);
    });

    it('refuses a manual deposit notice over a limit, and counts notices still waiting', async () => {
      const p = await player();
      await p.limits({ day: 500, week: null, month: null });
      await withDepositContent(
        ctx.db.kysely,
        (content) => ({ ...content, isManual: true }),
        async () => {
          const over = await p.call('POST', '/api/wallet/add', { amount: 600 });
          expect(over.json()).toEqual({ message: 'DEPOSIT_LIMIT_EXCEEDED', field: 'amount' });
          expect(over.statusCode).toBe(400);
          expect((await p.call('POST', '/api/wallet/add', { amount: 400 })).json()).toMatchObject({
            message: 'DEPOSIT_PENDING',
          });
          // The 400 waiting for the operator already counts: 200 more would pass 500.
          expectCode(await p.call('POST', '/api/wallet/add', { amount: 200 }), 400, 'DEPOSIT_LIMIT_EXCEEDED');

          // Notices sent at once are judged one after the other: only one of these fits in the 100 left.
          const q = await player();
          await q.limits({ day: 500, week: null, month: null });
          const sent = await Promise.all(
            [300, 300, 300].map((amount) => q.call('POST', '/api/wallet/add', { amount })),
          );
          expect(sent.map((res) => (res.json() as { message: string }).message).sort()).toEqual([
            'DEPOSIT_LIMIT_EXCEEDED',
            'DEPOSIT_LIMIT_EXCEEDED',
            'DEPOSIT_PENDING',
          ]);
        },
      );
    });

    it('refuses a QR over a limit before the gateway issues one', async () => {
      const p = await player();
      await p.limits({ day: 100, week: null, month: null });
      expectCode(await p.call('POST', '/api/qrcode/KBANK', { amount: 100.01 }), 400, 'DEPOSIT_LIMIT_EXCEEDED');
      const count = await ctx.db.kysely
        .selectFrom('qrcodes')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('user_id', '=', p.id)
        .executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(0);
      expect((await p.call('POST', '/api/qrcode/KBANK', { amount: 100 })).statusCode).toBe(200);
    });

    it('counts live QRs at other gateways, which may all be paid, but not the one a new QR replaces', async () => {
      const p = await player();
      await p.limits({ day: 1000, week: null, month: null });
      expect((await p.call('POST', '/api/qrcode/KBANK', { amount: 600 })).statusCode).toBe(200);
      expectCode(await p.call('POST', '/api/qrcode/ZPAY', { amount: 600 }), 400, 'DEPOSIT_LIMIT_EXCEEDED');
      expect((await p.call('POST', '/api/qrcode/ZPAY', { amount: 400 })).statusCode).toBe(200);
      // A new KBANK QR replaces the live KBANK one: only ZPAY's 400 counts beside it.
      expect((await p.call('POST', '/api/qrcode/KBANK', { amount: 600 })).statusCode).toBe(200);
    });

    it('refuses a gift link over a limit while the player still holds it', async () => {
      const p = await player();
      await p.limits({ day: 100, week: null, month: null });
      const { sealed } = await giftLink(150);
      expectCode(await p.call('POST', '/api/wallet/truelink', { link: sealed }), 400, 'DEPOSIT_LIMIT_EXCEEDED');
      expect(await p.wallet()).toBe(0);
      // Not redeemed: once the limit allows it, the same link still pays.
      await p.limits({ day: 100, week: null, month: null });
      const small = await giftLink(80);
      expect((await p.call('POST', '/api/wallet/truelink', { link: small.sealed })).json()).toMatchObject({
        message: 'SUCCESS',
        amount: 80,
      });
      expect(await p.wallet()).toBe(80);
    });

    it('never lets gift links redeemed at once pass a limit together, and a refused one still pays later', async () => {
      const p = await player();
      await p.limits({ day: 500, week: null, month: null });
      const links = await Promise.all([giftLink(300), giftLink(300), giftLink(300)]);
      const answers = await Promise.all(
        links.map(({ sealed }) => p.call('POST', '/api/wallet/truelink', { link: sealed })),
      );
      const paid = answers.filter((res) => res.statusCode === 200);
      // Judged together, at most one fits; a link refused is not redeemed, the player still holds it.
      expect(paid.length).toBeLessThanOrEqual(1);
      for (const res of answers.filter((r) => r.statusCode !== 200)) expectCode(res, 400, 'DEPOSIT_LIMIT_EXCEEDED');
      expect(await p.wallet()).toBe(paid.length * 300);
      ctx.clock.advance(24 * 3600_000 + 1);
      const later = links[answers.findIndex((res) => res.statusCode !== 200)];
      expect((await p.call('POST', '/api/wallet/truelink', { link: later?.sealed })).json()).toMatchObject({
        message: 'SUCCESS',
        amount: 300,
      });
      expect(await checkLedger(ctx.db.kysely)).toEqual([]);
    });

    it('holds a slip over a limit for an operator instead of crediting it, and tells the player', async () => {
      const p = await player();
      await p.limits({ day: 100, week: null, month: null });
      const res = await uploadSlip(p, 250);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ slip: { status: 'processing' } });
      expect(await p.wallet()).toBe(0);
      const slip = await ctx.db.kysely
        .selectFrom('slips')
        .select(['status', 'hold_reason'])
        .where('user_id', '=', p.id)
        .executeTakeFirstOrThrow();
      expect(slip.status).toBe('processing');
      expect(slip.hold_reason).toBe('DEPOSIT_LIMIT');
      expect((await p.protection()).heldDeposits).toMatchObject([{ amount: 250, reason: 'DEPOSIT_LIMIT' }]);
    });

    it('judges money arriving at once one deposit after the other: together they never pass a limit', async () => {
      // Each of these alone fits the day's 500; any two together do not. Before, each was checked before
      // either was credited, and all of them were.
      const p = await player();
      await p.limits({ day: 500, week: null, month: null });
      const arrivals = await Promise.all([300, 300, 300, 300].map((amount) => bankDeposit(p, amount)));
      expect(arrivals.map((res) => res.statusCode).sort()).toEqual([200, 409, 409, 409]);
      expect(await p.wallet()).toBe(300);
      const held = await ctx.db.kysely
        .selectFrom('bank_transfers')
        .select(['status', 'reason'])
        .where('user_id', '=', p.id)
        .where('status', '=', 'UNMATCHED')
        .execute();
      expect(held).toEqual(Array.from({ length: 3 }, () => ({ status: 'UNMATCHED', reason: 'DEPOSIT_LIMIT' })));
      expect((await p.protection()).heldDeposits).toHaveLength(3);
      expect(await checkLedger(ctx.db.kysely)).toEqual([]);
    });

    it('holds a QR paid and a slip verified at the moment a bank transfer arrives, when together they pass a limit', async () => {
      const p = await player();
      await p.limits({ day: 500, week: null, month: null });
      const created = await p.call('POST', '/api/qrcode/KBANK', { amount: 300 });
      expect(created.statusCode, created.body).toBe(200);
      const { qrcodeId } = created.json<{ qrcodeId: string }>();
      const [paid, bank] = await Promise.all([
        ctx.app.inject({ method: 'POST', url: `/sandbox/qr/${qrcodeId}/pay` }),
        bankDeposit(p, 300),
      ]);
      // Whichever was judged second is held; the wallet holds one of the two.
      expect([paid.body.includes('PROTECTION_HOLD'), bank.statusCode === 409].filter(Boolean)).toHaveLength(1);
      expect(await p.wallet()).toBe(300);

      // A slip checked while more money arrives from the bank: the later of the two waits for an operator.
      const q = await player();
      await q.limits({ day: 500, week: null, month: null });
      const [slip, second] = await Promise.all([uploadSlip(q, 300), bankDeposit(q, 300)]);
      expect(slip.statusCode, slip.body).toBe(200);
      expect(await q.wallet()).toBe(300);
      const slipHeld = (
        await ctx.db.kysely.selectFrom('slips').select('hold_reason').where('user_id', '=', q.id).executeTakeFirst()
      )?.hold_reason;
      expect([slipHeld === 'DEPOSIT_LIMIT', second.statusCode === 409].filter(Boolean)).toHaveLength(1);
      expect((await q.protection()).heldDeposits).toHaveLength(1);
      expect(await checkLedger(ctx.db.kysely)).toEqual([]);
    });

    it('holds a bank transfer over a limit for the money desk (UNMATCHED, DEPOSIT_LIMIT) and tells the player', async () => {
      const p = await player();
      await p.limits({ day: 500, week: null, month: null });
      expect((await bankDeposit(p, 400)).statusCode).toBe(200);
      expect((await bankDeposit(p, 200)).statusCode).toBe(409);
      expect(await p.wallet()).toBe(400);
      const held = await ctx.db.kysely
        .selectFrom('bank_transfers')
        .select(['status', 'reason', 'user_id', 'amount'])
        .where('user_id', '=', p.id)
        .where('status', '=', 'UNMATCHED')
        .execute();
      expect(held).toMatchObject([{ status: 'UNMATCHED', reason: 'DEPOSIT_LIMIT', user_id: p.id }]);
      expect(Number(held[0]?.amount)).toBe(20_000);
      const view = await p.protection();
      expect(view.heldDeposits).toMatchObject([{ amount: 200, reason: 'DEPOSIT_LIMIT' }]);
      // The money desk lists it with its reason; the operator may still credit it.
      const desk = await ctx.app.inject({
        method: 'GET',
        url: '/api/backoffice/money/transfers',
        headers: bearer(await ownerLogin(ctx.app)),
      });
      expect(desk.statusCode, desk.body).toBe(200);
      expect(desk.body).toContain('DEPOSIT_LIMIT');
      expect(await checkLedger(ctx.db.kysely)).toEqual([]);
    });
  });

  describe('time-out and self-exclusion', () => {
    /** A player with money in the wallet and a game account, ready to try everything. */
    async function playing() {
      const p = await player();
      await fundWallet(ctx.app, p.phone, 1000);
      expect((await p.call('GET', '/api/wallet/activate/pg')).statusCode).toBe(200);
      return p;
    }

    async function expectPlayBlocked(p: Player, code: string) {
      const game = (await p.call('GET', '/api/wallet/account/pg')).json<{ username: string }>();
      const attempts = [
        p.call(
          'POST',
          '/api/wallet/transfer',
          { from: 'WALLET', to: 'pg', amount: 10 },
          { 'idempotency-key': key('t') },
        ),
        p.call('POST', '/api/wallet/transferAll', { to: 'pg' }, { 'idempotency-key': key('a') }),
        p.call('GET', `/api/autoLogin/pg/${game.username ?? 'x'}`),
        p.call('GET', '/api/bonus/activate/ANY'),
        p.call('GET', '/api/promotion/activate/ANY'),
        p.call('POST', '/api/qrcode/KBANK', { amount: 100 }),
        p.call('POST', '/api/wallet/truelink', { link: (await giftLink(50)).sealed }),
      ];
      for (const res of await Promise.all(attempts)) expectCode(res, 403, code);
      await withDepositContent(
        ctx.db.kysely,
        (content) => ({ ...content, isManual: true }),
        async () => expectCode(await p.call('POST', '/api/wallet/add', { amount: 100 }), 403, code),
      );
      expectCode(await uploadSlip(p, 20), 403, code);
      // Marketing banners are hidden from the player, wherever asked.
      const home = await p.call('GET', '/api/lookup/banners');
      expect(home.json()).toEqual({ slides: [], banners: [] });
      expect((await p.call('GET', '/api/invite/banners')).json()).toEqual([]);
      expect((await p.call('GET', '/api/refund/banners')).json()).toEqual([]);
    }

    async function expectWithdrawalAndStatementOpen(p: Player) {
      const before = await p.wallet();
      const out = await p.call('POST', '/api/wallet/withdraw', { amount: 100 }, { 'idempotency-key': key('w') });
      expect(out.statusCode, out.body).toBe(200);
      expect(await p.wallet()).toBe(before - 100);
      expect((await p.call('POST', '/api/statement', { page: 1, limit: 10 })).statusCode).toBe(200);
    }

    it('a time-out blocks play at once for its length, cannot be shortened, and ends by itself', async () => {
      const p = await playing();
      const started = ctx.clock.now();
      const view = (await p.call('POST', '/api/account/protection/timeout', { days: 7 })).json<ProtectionResponse>()
        .protection;
      expect(view).toMatchObject({
        state: 'timeout',
        timeout: { days: 7, active: true, endsAt: new Date(started + 7 * DAY).toISOString() },
        restrictedUntil: new Date(started + 7 * DAY).toISOString(),
        // The deposit dialog says deposits are paused, why and until when, instead of offering accounts.
        depositPause: { reason: 'timeout', period: null, until: new Date(started + 7 * DAY).toISOString() },
      });
      await expectPlayBlocked(p, 'PLAYER_TIMED_OUT');
      await expectWithdrawalAndStatementOpen(p);
      // Neither a shorter time-out nor any route lifts it.
      expectCode(
        await p.call('POST', '/api/account/protection/timeout', { days: 1 }),
        409,
        'PROTECTION_ALREADY_LONGER',
      );
      // A bank transfer that arrives is held, not credited.
      const wallet = await p.wallet();
      expect((await bankDeposit(p, 50)).statusCode).toBe(409);
      expect(await p.wallet()).toBe(wallet);
      expect((await p.protection()).heldDeposits).toMatchObject([{ amount: 50, reason: 'PLAYER_RESTRICTED' }]);
      // A longer one is the player's to take.
      expect((await p.call('POST', '/api/account/protection/timeout', { days: 30 })).statusCode).toBe(200);

      ctx.clock.advance(30 * DAY - 1);
      expect((await p.protection()).state).toBe('timeout');
      ctx.clock.advance(1);
      expect((await p.protection()).state).toBe('open');
      const transfer = await p.call(
        'POST',
        '/api/wallet/transfer',
        { from: 'WALLET', to: 'pg', amount: 10 },
        { 'idempotency-key': key('t') },
      );
      expect(transfer.statusCode, transfer.body).toBe(200);
    });

    it('a self-exclusion blocks play, keeps the account closed after its end until the player asks to return, then a 24-hour cooling-off', async () => {
      const p = await playing();
      const started = ctx.clock.now();
      const res = await p.call('POST', '/api/account/protection/exclusion', { months: 6 });
      expect(res.statusCode, res.body).toBe(200);
      const ends = new Date(started);
      ends.setUTCMonth(ends.getUTCMonth() + 6);
      expect(res.json<ProtectionResponse>().protection).toMatchObject({
        state: 'excluded',
        exclusion: { months: 6, active: true, endsAt: ends.toISOString(), returnRequestedAt: null },
      });
      await expectPlayBlocked(p, 'PLAYER_SELF_EXCLUDED');
      await expectWithdrawalAndStatementOpen(p);
      // Nothing shortens it: no time-out, no early return (staff: see the back-office test).
      expectCode(
        await p.call('POST', '/api/account/protection/timeout', { days: 30 }),
        409,
        'PROTECTION_ALREADY_LONGER',
      );
      expectCode(await p.call('POST', '/api/account/protection/return', {}), 409, 'RETURN_NOT_AVAILABLE');

      ctx.clock.set(ends.getTime());
      let view = await p.protection();
      expect(view).toMatchObject({ state: 'closed', restrictedUntil: null, exclusion: { active: false } });
      await expectPlayBlocked(p, 'PLAYER_SELF_EXCLUDED');
      ctx.clock.advance(60 * DAY);
      expect((await p.protection()).state).toBe('closed');

      const asked = ctx.clock.now();
      view = (await p.call('POST', '/api/account/protection/return', {})).json<ProtectionResponse>().protection;
      expect(view).toMatchObject({
        state: 'cooling_off',
        restrictedUntil: new Date(asked + DAY).toISOString(),
        exclusion: { returnRequestedAt: new Date(asked).toISOString() },
      });
      await expectPlayBlocked(p, 'PLAYER_COOLING_OFF');
      ctx.clock.advance(DAY);
      expect((await p.protection()).state).toBe('open');
      expect((await p.call('GET', '/api/lookup/banners')).json<{ slides: unknown[] }>()).toBeTruthy();
      const game = (await p.call('GET', '/api/wallet/account/pg')).json<{ username: string }>();
      expect((await p.call('GET', `/api/autoLogin/pg/${game.username}`)).statusCode).toBe(200);
    });

    it('holds a QR payment that arrives after a time-out began, instead of crediting it', async () => {
      const p = await player();
      const created = await p.call('POST', '/api/qrcode/KBANK', { amount: 150 });
      expect(created.statusCode, created.body).toBe(200);
      const { qrcodeId } = created.json<{ qrcodeId: string }>();
      await p.call('POST', '/api/account/protection/timeout', { days: 1 });
      const paid = await ctx.app.inject({ method: 'POST', url: `/sandbox/qr/${qrcodeId}/pay` });
      expect(paid.body).toContain('PROTECTION_HOLD');
      expect(await p.wallet()).toBe(0);
      const payment = await ctx.db.kysely
        .selectFrom('qr_payments')
        .select(['outcome', 'statement_id'])
        .where('qrcode_id', '=', qrcodeId)
        .executeTakeFirstOrThrow();
      expect(payment).toEqual({ outcome: 'PROTECTION_HOLD', statement_id: null });
      expect((await p.protection()).heldDeposits).toMatchObject([{ amount: 150, reason: 'PLAYER_RESTRICTED' }]);
    });

    it('blocks game launches from every open session of the player', async () => {
      const p = await playing();
      const second = await login(ctx.app, p.phone, 'secret123');
      await p.call('POST', '/api/account/protection/timeout', { days: 1 });
      const game = (await p.call('GET', '/api/wallet/account/pg')).json<{ username: string }>();
      for (const token of [p.token, second]) {
        const res = await ctx.app.inject({
          method: 'GET',
          url: `/api/autoLogin/pg/${game.username}`,
          headers: bearer(token),
        });
        expectCode(res, 403, 'PLAYER_TIMED_OUT');
      }
    });
  });

  describe('reality check', () => {
    it('keeps the interval and answers the time since sign-in and the net result of play since then', async () => {
      const p = await player();
      expectCode(await p.call('PUT', '/api/account/protection/reality-check', { minutes: 45 }), 400, 'KEY_INVALID');
      expect((await p.call('PUT', '/api/account/protection/reality-check', { minutes: 30 })).statusCode).toBe(200);
      await fundWallet(ctx.app, p.phone, 500);
      expect((await p.call('GET', '/api/wallet/activate/pg')).statusCode).toBe(200);
      await p.call(
        'POST',
        '/api/wallet/transfer',
        { from: 'WALLET', to: 'pg', amount: 200 },
        { 'idempotency-key': key('r') },
      );
      ctx.clock.advance(31 * 60_000);
      const res = await p.call('GET', '/api/account/protection/session');
      expect(res.statusCode, res.body).toBe(200);
      const session = res.json<ProtectionSessionResponse>();
      expect(session).toMatchObject({ realityCheckMinutes: 30, deposited: 500, toGames: 200, fromGames: 0, net: -200 });
      expect(session.elapsedMinutes).toBeGreaterThanOrEqual(31);
      expect(Date.parse(session.nextCheckAt as string)).toBe(Date.parse(session.signedInAt) + 60 * 60_000);
      expect((await p.call('POST', '/api/account/protection/session/acknowledge')).json()).toEqual({ message: 'OK' });
      expect((await p.protection()).realityCheckMinutes).toBe(30);
    });
  });

  describe('back office', () => {
    it("support applies a time-out and an exclusion on the player's request (audited), never shortens one, and sees the history", async () => {
      const p = await player();
      const support = operatorCaller(ctx.app, (await staffMember(ctx.app, await ownerLogin(ctx.app), 'support')).token);
      await p.limits({ day: 700, week: null, month: null });
      const timeout = await support('POST', `/api/backoffice/players/${p.id}/protection/timeout`, {
        days: 7,
        reason: 'player asked by phone',
      });
      expect(timeout.statusCode, timeout.body).toBe(200);
      expect(timeout.json<PlayerProtectionResponse>().protection.state).toBe('timeout');
      expectCode(
        await support('POST', `/api/backoffice/players/${p.id}/protection/timeout`, { days: 1, reason: 'shorter' }),
        409,
        'PROTECTION_ALREADY_LONGER',
      );
      const exclusion = await support('POST', `/api/backoffice/players/${p.id}/protection/exclusion`, {
        months: 12,
        reason: 'player asked in chat',
      });
      expect(exclusion.statusCode, exclusion.body).toBe(200);
      expectCode(
        await support('POST', `/api/backoffice/players/${p.id}/protection/exclusion`, { months: 6, reason: 'shorter' }),
        409,
        'PROTECTION_ALREADY_LONGER',
      );
      // No reason, no action.
      expect(
        (await support('POST', `/api/backoffice/players/${p.id}/protection/exclusion`, { months: 60 })).statusCode,
      ).toBe(400);

      const page = (
        await support('GET', `/api/backoffice/players/${p.id}/protection`)
      ).json<PlayerProtectionResponse>();
      expect(page.protection.state).toBe('excluded');
      expect(page.history.items.map((e) => [e.kind, e.by])).toEqual([
        ['exclusion', expect.stringMatching(/^support/)],
        ['timeout', expect.stringMatching(/^support/)],
        ['limit_applied', 'player'],
      ]);
      expect(await auditRows(ctx.app, { action: 'player.protection_exclusion', targetId: p.id })).toMatchObject([
        { reason: 'player asked in chat' },
      ]);
      expect(await auditRows(ctx.app, { action: 'player.protection_timeout', targetId: p.id })).toHaveLength(1);
      expect((await support('GET', '/api/backoffice/players/nobody/protection')).statusCode).toBe(404);
    });

    it('lists players by active protection, paged and as CSV; roles without players.manage cannot act', async () => {
      const limited = await player();
      await limited.limits({ day: 300, week: null, month: null });
      const excluded = await player();
      await excluded.call('POST', '/api/account/protection/exclusion', { months: 60 });
      const call = operatorCaller(ctx.app, await ownerLogin(ctx.app));
      const report = (
        await call('GET', '/api/backoffice/protection?kind=excluded&limit=200')
      ).json<ProtectionReportResponse>();
      expect(report.items.map((i) => i.userId)).toContain(excluded.id);
      expect(report.items.map((i) => i.userId)).not.toContain(limited.id);
      expect(report.items.find((i) => i.userId === excluded.id)).toMatchObject({ state: 'excluded' });
      const limits = (
        await call('GET', '/api/backoffice/protection?kind=limits&limit=200')
      ).json<ProtectionReportResponse>();
      expect(limits.items.find((i) => i.userId === limited.id)).toMatchObject({ dayLimit: 300, state: 'open' });
      const paged = (await call('GET', '/api/backoffice/protection?limit=1&page=2')).json<ProtectionReportResponse>();
      expect(paged).toMatchObject({ page: 2, limit: 1 });
      expect(paged.items).toHaveLength(1);
      const csv = await call('GET', '/api/backoffice/protection.csv?kind=excluded');
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toContain('text/csv');
      expect(csv.body).toContain(excluded.id);

      const marketing = operatorCaller(
        ctx.app,
        (await staffMember(ctx.app, await ownerLogin(ctx.app), 'marketing')).token,
      );
      expectCode(await marketing('GET', '/api/backoffice/protection'), 403, 'NO_PERMISSION');
      const finance = operatorCaller(ctx.app, (await staffMember(ctx.app, await ownerLogin(ctx.app), 'finance')).token);
      expect((await finance('GET', `/api/backoffice/players/${limited.id}/protection`)).statusCode).toBe(200);
      expectCode(
        await finance('POST', `/api/backoffice/players/${limited.id}/protection/timeout`, { days: 1, reason: 'x' }),
        403,
        'NO_PERMISSION',
      );
    });
  });

  it('answers the protection view of a player who never used a tool', async () => {
    const p = await player();
    const view: ProtectionView = await p.protection();
    expect(view).toEqual({
      state: 'open',
      limits: {
        day: { amount: null, used: 0, remaining: null, pending: null },
        week: { amount: null, used: 0, remaining: null, pending: null },
        month: { amount: null, used: 0, remaining: null, pending: null },
      },
      timeout: null,
      exclusion: null,
      restrictedUntil: null,
      depositPause: null,
      realityCheckMinutes: 0,
      heldDeposits: [],
    });
    await p.limits(NONE);
  });
});
