import type { StatementListResponse } from '@wallet/contract/statement';
import type { GameAccount, WalletMoveResponse, WalletResponse } from '@wallet/contract/wallet';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createTestContext,
  fundWallet,
  playerCaller,
  registerPlayer,
  type TestContext,
  testDialects,
} from '../../../test/helpers.ts';
import { checkLedger } from '../../ledger/check.ts';

describe.each(testDialects())('wallet API (%s)', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect);
  });
  afterAll(() => ctx.close());
  beforeEach(async () => {
    await ctx.app.inject({ method: 'DELETE', url: '/sandbox/games/faults' });
  });

  /** A fresh player with `funds` baht in the wallet. */
  async function player(funds = 0) {
    const { phone, token } = await registerPlayer(ctx.app);
    if (funds > 0) await fundWallet(ctx.app, phone, funds);
    const call = playerCaller(ctx.app, token);
    return {
      phone,
      token,
      call,
      wallet: async () => (await call('GET', '/api/wallet')).json<WalletResponse>(),
      slot: async (code: string) =>
        (await call('GET', '/api/wallet')).json<WalletResponse>().slots.find((s) => s.code === code) as GameAccount,
      transfer: (from: string, to: string, amount: unknown, key?: string) =>
        call('POST', '/api/wallet/transfer', { from, to, amount }, key ? { 'idempotency-key': key } : {}),
      statements: async () =>
        (await call('POST', '/api/statement', { page: 1, limit: 100 })).json<StatementListResponse>().statements,
    };
  }

  const fault = (provider: string, operation: string, mode: string, times = 1) =>
    ctx.app.inject({ method: 'POST', url: '/sandbox/games/faults', payload: { provider, operation, mode, times } });

  async function expectLedgerHealthy() {
    expect(await checkLedger(ctx.db.kysely)).toEqual([]);
  }

  it('shows a new player an empty wallet and every catalogue provider, inactive, in the three categories', async () => {
    const p = await player();
    const res = await p.call('GET', '/api/wallet');
    expect(res.statusCode).toBe(200);
    const body = res.json<WalletResponse>();
    expect(body.wallet).toEqual({ amount: 0 });
    expect(body.profile).toMatchObject({ username: p.phone, coin: 0 });
    expect(body.bankAccount.bank.nameTH).toBe('ธนาคารไทยพาณิชย์');
    expect(new Set(body.slots.map((s) => s.category))).toEqual(new Set(['slot', 'sport', 'lotto']));
    for (const slot of body.slots) {
      expect(slot).toMatchObject({ isActive: false, amount: 0, web: null, android: null, ios: null });
      expect(slot.logo).toMatch(/^\/media\/games\//);
    }
    expect(body.slots.map((s) => s.code)).toEqual(expect.arrayContaining(['pg', 'joker2', 'huayhd', 'betflix']));
  });

  it('answers 401 without a token', async () => {
    for (const url of ['/api/wallet', '/api/wallet/refresh/slot', '/api/wallet/activate/pg']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(401);
    }
    const res = await ctx.app.inject({ method: 'POST', url: '/api/wallet/transfer', payload: {} });
    expect(res.json()).toEqual({ message: 'invalid-token' });
  });

  it('activates a game account once, shows credentials, resets the password', async () => {
    const p = await player();
    const activated = await p.call('GET', '/api/wallet/activate/pg');
    expect(activated.statusCode).toBe(200);
    const entry = activated.json<GameAccount>();
    expect(entry).toMatchObject({ code: 'pg', isActive: true, amount: 0 });
    expect(entry.web).toMatch(/^\/sandbox\/games\/pg\/play\?session=/);

    expect((await p.call('GET', '/api/wallet/activate/pg')).json()).toEqual({ message: 'SLOT_ALREADY_ACTIVE' });
    const account = (await p.call('GET', '/api/wallet/account/pg')).json<{ username: string; password: string }>();
    expect(account.username).toBeTruthy();
    expect(account.password).toBeTruthy();

    const reset = (await p.call('GET', '/api/wallet/resetpassword/pg')).json<{ username: string; password: string }>();
    expect(reset.username).toBe(account.username);
    expect(reset.password).not.toBe(account.password);
    const reread = (await p.call('GET', '/api/wallet/account/pg')).json<{ password: string }>();
    expect(reread.password).toBe(reset.password);
  });

  it('refuses unknown providers, malformed codes and accounts never opened', async () => {
    const p = await player();
    expect((await p.call('GET', '/api/wallet/activate/nope')).json()).toEqual({ message: 'NO_GAME' });
    const malformed = await p.call('GET', '/api/wallet/activate/DROP%20TABLE');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ message: 'KEY_INVALID' });
    expect((await p.call('GET', '/api/wallet/account/joker2')).json()).toEqual({ message: 'SLOT_NO_ACCOUNT' });
    expect((await p.call('GET', '/api/wallet/resetpassword/joker2')).json()).toEqual({ message: 'SLOT_NO_ACCOUNT' });
  });

  it('reports SLOT_ACTIVATE_FAIL and SLOT_RESET_PASSWORD_FAIL when the provider fails, and opens nothing', async () => {
    const p = await player();
    await fault('joker2', 'activate', 'reject');
    const failed = await p.call('GET', '/api/wallet/activate/joker2');
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toEqual({ message: 'SLOT_ACTIVATE_FAIL' });
    expect((await p.slot('joker2')).isActive).toBe(false);
    expect((await p.call('GET', '/api/wallet/activate/joker2')).statusCode).toBe(200);
    await fault('joker2', 'resetPassword', 'timeout');
    expect((await p.call('GET', '/api/wallet/resetpassword/joker2')).json()).toEqual({
      message: 'SLOT_RESET_PASSWORD_FAIL',
    });
  });

  it('moves money into a game and back, with statements and a healthy ledger', async () => {
    const p = await player(1_000);
    await p.call('GET', '/api/wallet/activate/pg');
    const into = await p.transfer('WALLET', 'pg', 250.5);
    expect(into.statusCode).toBe(200);
    expect(into.json<WalletMoveResponse>()).toEqual({ message: 'SUCCESS', wallet: { amount: 749.5 } });
    expect((await p.slot('pg')).amount).toBe(250.5);

    const back = await p.transfer('pg', 'WALLET', 50.25);
    expect(back.json<WalletMoveResponse>()).toEqual({ message: 'SUCCESS', wallet: { amount: 799.75 } });
    const refreshed = (await p.call('GET', '/api/wallet/refresh/slot')).json<{
      slots: GameAccount[];
      updatedAt: string;
    }>();
    expect(refreshed.slots.find((s) => s.code === 'pg')?.amount).toBe(200.25);
    expect(Date.parse(refreshed.updatedAt)).not.toBeNaN();

    const statements = await p.statements();
    expect(statements.map((s) => [s.statementType, s.from, s.to, s.amount, s.status])).toEqual([
      ['transfer', 'pg', 'WALLET', 50.25, 'SUCCESS'],
      ['transfer', 'WALLET', 'pg', 250.5, 'SUCCESS'],
      ['deposit', 'SCB', 'WALLET', 1000, 'SUCCESS'],
    ]);
    await expectLedgerHealthy();
  });

  it('answers moves uncompressed even to clients that accept gzip, while the wallet listing stays compressed', async () => {
    const p = await player(100);
    await p.call('GET', '/api/wallet/activate/pg');
    const gzip = { 'accept-encoding': 'gzip' };
    const moved = await p.call('POST', '/api/wallet/transfer', { from: 'WALLET', to: 'pg', amount: 10 }, gzip);
    expect(moved.headers['content-encoding']).toBeUndefined();
    expect(moved.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(moved.json<WalletMoveResponse>()).toEqual({ message: 'SUCCESS', wallet: { amount: 90 } });
    const all = await p.call('POST', '/api/wallet/transferAll', { to: 'WALLET' }, gzip);
    expect(all.headers['content-encoding']).toBeUndefined();
    expect(all.json<WalletMoveResponse>().wallet.amount).toBe(100);
    const listing = await p.call('GET', '/api/wallet', undefined, gzip);
    expect(listing.headers['content-encoding']).toBe('gzip');
  });

  it('checks every amount: too small, negative, too many decimals, not a number, huge, over the balance', async () => {
    const p = await player(100);
    await p.call('GET', '/api/wallet/activate/pg');
    const cases: [unknown, number, object][] = [
      [0, 400, { message: 'TRANSFER_MINIMUM', field: 'amount' }],
      [0.99, 400, { message: 'TRANSFER_MINIMUM', field: 'amount' }],
      [-10, 400, { message: 'TRANSFER_MINIMUM', field: 'amount' }],
      [1.234, 400, { message: 'KEY_INVALID', field: 'amount' }],
      ['10', 400, { message: 'KEY_INVALID', field: 'amount' }],
      ['abc', 400, { message: 'KEY_INVALID', field: 'amount' }],
      [null, 400, { message: 'KEY_INVALID', field: 'amount' }],
      [1e15, 400, { message: 'KEY_INVALID', field: 'amount' }],
      [100.01, 400, { message: 'MONEY_NOT_ENOUGH', field: 'amount' }],
    ];
    for (const [amount, status, body] of cases) {
      const res = await p.transfer('WALLET', 'pg', amount);
      expect([amount, res.statusCode, res.json()]).toEqual([amount, status, body]);
    }
    const missing = await p.call('POST', '/api/wallet/transfer', { from: 'WALLET', to: 'pg' });
    expect(missing.json()).toEqual({ message: 'KEY_MISSING', field: 'amount' });
    expect((await p.wallet()).wallet.amount).toBe(100);
    expect(await p.statements()).toHaveLength(1);
  });

  it('refuses same-account, unknown and unopened game accounts, including ones other players opened', async () => {
    const other = await player();
    await other.call('GET', '/api/wallet/activate/circus');
    const p = await player(100);
    expect((await p.transfer('WALLET', 'WALLET', 10)).json()).toEqual({ message: 'KEY_INVALID', field: 'to' });
    expect((await p.transfer('WALLET', 'nope', 10)).json()).toEqual({ message: 'NO_GAME' });
    expect((await p.transfer('WALLET', 'circus', 10)).json()).toEqual({ message: 'SLOT_NO_ACCOUNT' });
    expect((await p.transfer('circus', 'WALLET', 10)).json()).toEqual({ message: 'SLOT_NO_ACCOUNT' });
    expect((await p.transfer('WALLET', 'Bad Code', 10)).statusCode).toBe(400);
    expect((await p.wallet()).wallet.amount).toBe(100);
  });

  it('refuses a malformed transferAll, an unopened target, and replays it by key', async () => {
    const p = await player(50);
    await p.call('GET', '/api/wallet/activate/pg');
    for (const payload of [{}, { to: '' }, { to: 42 }, { to: 'Bad Code' }]) {
      expect((await p.call('POST', '/api/wallet/transferAll', payload)).statusCode).toBe(400);
    }
    expect((await p.call('POST', '/api/wallet/transferAll', { to: 'circus' })).json()).toEqual({
      message: 'SLOT_NO_ACCOUNT',
    });
    expect((await p.call('POST', '/api/wallet/transferAll', { to: 'nope' })).json()).toEqual({ message: 'NO_GAME' });
    const key = { 'idempotency-key': 'all-in-key-0001' };
    const first = await p.call('POST', '/api/wallet/transferAll', { to: 'pg' }, key);
    const again = await p.call('POST', '/api/wallet/transferAll', { to: 'pg' }, key);
    expect(again.json()).toEqual(first.json());
    expect((await p.slot('pg')).amount).toBe(50);
    expect((await p.wallet()).wallet.amount).toBe(0);
    await expectLedgerHealthy();
  });

  it('refuses taking more out of a game than it holds', async () => {
    const p = await player(100);
    await p.call('GET', '/api/wallet/activate/pg');
    await p.transfer('WALLET', 'pg', 40);
    expect((await p.transfer('pg', 'WALLET', 40.01)).json()).toEqual({ message: 'MONEY_NOT_ENOUGH', field: 'amount' });
    expect((await p.wallet()).wallet.amount).toBe(60);
  });

  it('moves game to game through the wallet, and transferAll both ways', async () => {
    const p = await player(300);
    await p.call('GET', '/api/wallet/activate/pg');
    await p.call('GET', '/api/wallet/activate/joker2');
    await p.transfer('WALLET', 'pg', 100);
    expect((await p.transfer('pg', 'joker2', 30)).json<WalletMoveResponse>().message).toBe('SUCCESS');
    expect((await p.slot('pg')).amount).toBe(70);
    expect((await p.slot('joker2')).amount).toBe(30);

    const all = await p.call('POST', '/api/wallet/transferAll', { to: 'WALLET' });
    expect(all.json<WalletMoveResponse>()).toEqual({ message: 'SUCCESS', wallet: { amount: 300 } });
    const allIn = await p.call('POST', '/api/wallet/transferAll', { to: 'joker2' });
    expect(allIn.json<WalletMoveResponse>()).toEqual({ message: 'SUCCESS', wallet: { amount: 0 } });
    expect((await p.slot('joker2')).amount).toBe(300);
    expect((await p.call('POST', '/api/wallet/transferAll', { to: 'pg' })).json()).toEqual({
      message: 'MONEY_NOT_ENOUGH',
      field: 'amount',
    });
    await expectLedgerHealthy();
  });

  it('books wins and losses reported by the provider as game results at the next refresh', async () => {
    const p = await player(500);
    await p.call('GET', '/api/wallet/activate/pg');
    await p.transfer('WALLET', 'pg', 200);
    const account = (await p.call('GET', '/api/wallet/account/pg')).json<{ username: string }>();
    // The player wins 37.50 at the provider.
    await ctx.db.kysely
      .updateTable('sandbox_game_wallets')
      .set((eb) => ({ balance: eb('balance', '+', 3_750) }))
      .where('provider_code', '=', 'pg')
      .where('username', '=', account.username)
      .execute();
    const refreshed = (await p.call('GET', '/api/wallet/refresh/slot')).json<{ slots: GameAccount[] }>();
    expect(refreshed.slots.find((s) => s.code === 'pg')?.amount).toBe(237.5);
    await expectLedgerHealthy();
    // Then loses it all but 0.10; taking out everything brings exactly that back.
    await ctx.db.kysely
      .updateTable('sandbox_game_wallets')
      .set({ balance: 10 })
      .where('provider_code', '=', 'pg')
      .where('username', '=', account.username)
      .execute();
    const back = await p.call('POST', '/api/wallet/transferAll', { to: 'WALLET' });
    expect(back.json<WalletMoveResponse>().wallet.amount).toBe(300.1);
    expect((await p.slot('pg')).amount).toBe(0);
    await expectLedgerHealthy();
  });

  describe('when the provider fails', () => {
    it('returns the money to the wallet when the provider refuses a deposit (TRANSFER_FAIL)', async () => {
      const p = await player(100);
      await p.call('GET', '/api/wallet/activate/pg');
      await fault('pg', 'deposit', 'reject');
      const res = await p.transfer('WALLET', 'pg', 60);
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({ message: 'TRANSFER_FAIL' });
      expect((await p.wallet()).wallet.amount).toBe(100);
      expect((await p.slot('pg')).amount).toBe(0);
      expect((await p.statements())[0]).toMatchObject({ from: 'WALLET', to: 'pg', status: 'FAILED' });
      await expectLedgerHealthy();
    });

    it('returns the money when a deposit times out and the provider never got it', async () => {
      const p = await player(100);
      await p.call('GET', '/api/wallet/activate/pg');
      await fault('pg', 'deposit', 'timeout');
      expect((await p.transfer('WALLET', 'pg', 60)).json()).toEqual({ message: 'TRANSFER_FAIL' });
      expect((await p.wallet()).wallet.amount).toBe(100);
      await expectLedgerHealthy();
    });

    it('completes a deposit that timed out after the provider applied it', async () => {
      const p = await player(100);
      await p.call('GET', '/api/wallet/activate/pg');
      await fault('pg', 'deposit', 'apply-then-timeout');
      expect((await p.transfer('WALLET', 'pg', 60)).json<WalletMoveResponse>()).toEqual({
        message: 'SUCCESS',
        wallet: { amount: 40 },
      });
      const refreshed = (await p.call('GET', '/api/wallet/refresh/slot')).json<{ slots: GameAccount[] }>();
      expect(refreshed.slots.find((s) => s.code === 'pg')?.amount).toBe(60);
      await expectLedgerHealthy();
    });

    it('leaves an unknown outcome pending and settles it at the next refresh', async () => {
      const p = await player(100);
      await p.call('GET', '/api/wallet/activate/pg');
      await fault('pg', 'deposit', 'apply-then-timeout');
      await fault('pg', 'transferStatus', 'timeout');
      const res = await p.transfer('WALLET', 'pg', 60);
      expect(res.statusCode).toBe(202);
      expect(res.json<WalletMoveResponse>()).toEqual({ message: 'TRANSFER_PENDING', wallet: { amount: 40 } });
      expect((await p.statements())[0]?.status).toBe('PENDING');
      await p.call('GET', '/api/wallet/refresh/slot');
      expect((await p.statements())[0]?.status).toBe('SUCCESS');
      expect((await p.slot('pg')).amount).toBe(60);

      await fault('pg', 'deposit', 'timeout');
      await fault('pg', 'transferStatus', 'timeout');
      expect((await p.transfer('WALLET', 'pg', 30)).statusCode).toBe(202);
      expect((await p.wallet()).wallet.amount).toBe(10);
      await p.call('GET', '/api/wallet/refresh/slot');
      expect((await p.statements())[0]?.status).toBe('FAILED');
      expect((await p.wallet()).wallet.amount).toBe(40);
      await expectLedgerHealthy();
    });

    it('pays out a withdrawal the provider applied before timing out, and refuses one it refused', async () => {
      const p = await player(100);
      await p.call('GET', '/api/wallet/activate/pg');
      await p.transfer('WALLET', 'pg', 80);
      await fault('pg', 'withdraw', 'apply-then-timeout');
      expect((await p.transfer('pg', 'WALLET', 30)).json<WalletMoveResponse>()).toEqual({
        message: 'SUCCESS',
        wallet: { amount: 50 },
      });
      await fault('pg', 'withdraw', 'timeout');
      expect((await p.transfer('pg', 'WALLET', 30)).json()).toEqual({ message: 'TRANSFER_FAIL' });
      expect((await p.wallet()).wallet.amount).toBe(50);
      expect((await p.slot('pg')).amount).toBe(50);
      await expectLedgerHealthy();
    });

    it('keeps showing the ledger balance when a provider does not answer a refresh', async () => {
      const p = await player(100);
      await p.call('GET', '/api/wallet/activate/pg');
      await p.transfer('WALLET', 'pg', 25);
      await fault('pg', 'getBalance', 'timeout');
      const res = await p.call('GET', '/api/wallet/refresh/slot');
      expect(res.statusCode).toBe(200);
      expect(res.json<{ slots: GameAccount[] }>().slots.find((s) => s.code === 'pg')?.amount).toBe(25);
    });
  });

  describe('idempotency', () => {
    it('moves money once for a repeated key and answers the repeat with the first answer', async () => {
      const p = await player(100);
      await p.call('GET', '/api/wallet/activate/pg');
      const first = await p.transfer('WALLET', 'pg', 10, 'key-aaaaaaaa-1');
      const again = await p.transfer('WALLET', 'pg', 10, 'key-aaaaaaaa-1');
      expect(again.statusCode).toBe(first.statusCode);
      expect(again.json()).toEqual(first.json());
      expect(again.headers['idempotent-replay']).toBe('true');
      expect((await p.wallet()).wallet.amount).toBe(90);
      expect((await p.statements()).filter((s) => s.statementType === 'transfer')).toHaveLength(1);
    });

    it('runs a burst of concurrent repeats once', async () => {
      const p = await player(100);
      await p.call('GET', '/api/wallet/activate/pg');
      const answers = await Promise.all(
        Array.from({ length: 12 }, () => p.transfer('WALLET', 'pg', 7, 'burst-key-0001')),
      );
      expect(new Set(answers.map((a) => a.statusCode))).toEqual(new Set([200]));
      expect((await p.wallet()).wallet.amount).toBe(93);
    });

    it('replays a refusal too, refuses a reused key with another body, and checks the key format', async () => {
      const p = await player(5);
      await p.call('GET', '/api/wallet/activate/pg');
      const refused = await p.transfer('WALLET', 'pg', 10, 'refusal-key-1');
      expect(refused.json()).toEqual({ message: 'MONEY_NOT_ENOUGH', field: 'amount' });
      await fundWallet(ctx.app, p.phone, 100);
      expect((await p.transfer('WALLET', 'pg', 10, 'refusal-key-1')).json()).toEqual(refused.json());
      const reused = await p.transfer('WALLET', 'pg', 11, 'refusal-key-1');
      expect(reused.statusCode).toBe(409);
      expect(reused.json()).toEqual({ message: 'KEY_INVALID', field: 'Idempotency-Key' });
      expect((await p.transfer('WALLET', 'pg', 1, 'short')).json()).toEqual({
        message: 'KEY_INVALID',
        field: 'Idempotency-Key',
      });
      expect((await p.wallet()).wallet.amount).toBe(105);
    });

    it('keeps keys per player', async () => {
      const a = await player(20);
      const b = await player(20);
      await a.call('GET', '/api/wallet/activate/pg');
      await b.call('GET', '/api/wallet/activate/pg');
      await a.transfer('WALLET', 'pg', 5, 'shared-key-123');
      await b.transfer('WALLET', 'pg', 5, 'shared-key-123');
      expect((await a.wallet()).wallet.amount).toBe(15);
      expect((await b.wallet()).wallet.amount).toBe(15);
    });
  });

  describe('auto-login', () => {
    it('gives the owner a launch link and refuses other usernames, wrong passwords and other providers', async () => {
      const p = await player();
      const other = await player();
      await p.call('GET', '/api/wallet/activate/pg');
      await other.call('GET', '/api/wallet/activate/pg');
      const mine = (await p.call('GET', '/api/wallet/account/pg')).json<{ username: string; password: string }>();
      const theirs = (await other.call('GET', '/api/wallet/account/pg')).json<{ username: string }>();

      const link = await p.call('GET', `/api/autoLogin/pg/${mine.username}/${mine.password}`);
      expect(link.statusCode).toBe(200);
      expect(link.json<{ link: string }>().link).toMatch(/^\/sandbox\/games\/pg\/play\?session=/);
      expect((await p.call('GET', `/api/autoLogin/pg/${mine.username}`)).statusCode).toBe(200);
      expect((await p.call('GET', `/api/autoLogin/pg/${theirs.username}`)).json()).toEqual({
        message: 'SLOT_NO_ACCOUNT',
      });
      expect((await p.call('GET', `/api/autoLogin/pg/${mine.username}/wrong-password`)).json()).toEqual({
        message: 'WRONG_PASSWORD',
      });
      expect((await p.call('GET', `/api/autoLogin/nope/${mine.username}`)).statusCode).toBe(400);
    });
  });

  describe('statement', () => {
    it('pages newest first and validates the page request', async () => {
      const p = await player(100);
      await p.call('GET', '/api/wallet/activate/pg');
      for (let i = 1; i <= 12; i++) {
        ctx.clock.advance(1_000);
        await p.transfer('WALLET', 'pg', i);
      }
      const page1 = (await p.call('POST', '/api/statement', { page: 1, limit: 10 })).json<StatementListResponse>();
      expect(page1.total).toBe(13);
      expect(page1.statements).toHaveLength(10);
      expect(page1.statements[0]?.amount).toBe(12);
      const page2 = (await p.call('POST', '/api/statement', { page: 2, limit: 10 })).json<StatementListResponse>();
      expect(page2.statements.map((s) => s.amount)).toEqual([2, 1, 100]);
      expect(page2.statements[2]?.statementType).toBe('deposit');
      for (const bad of [{ page: 0, limit: 10 }, { page: 1, limit: 1000 }, { page: 'x', limit: 10 }, {}]) {
        expect((await p.call('POST', '/api/statement', bad)).statusCode).toBe(400);
      }
      const other = await player();
      expect((await other.call('POST', '/api/statement', { page: 1, limit: 10 })).json()).toEqual({
        total: 0,
        statements: [],
      });
    });
  });
});
