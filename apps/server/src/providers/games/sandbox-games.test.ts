import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, testDialects } from '../../../test/helpers.ts';
import { seedGameCatalogue } from '../../db/seed/game-catalogue.ts';
import { manualClock } from '../../lib/clock.ts';
import { randomId } from '../../lib/ids.ts';
import { GameProviderError } from './game-provider.ts';
import { createSandboxGameProviders, type SandboxGames } from './sandbox-games.ts';
import { SESSION_TTL_MS } from './sandbox-session.ts';

const CODES = ['pg', 'joker2', 'pgslot', 'goldlotus'];

/** Resolves to the provider error a call failed with; fails the test if it succeeded. */
async function failure(promise: Promise<unknown>): Promise<GameProviderError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof GameProviderError) return error;
    throw error;
  }
  throw new Error('expected the provider call to fail');
}

describe.each(testDialects())('sandbox game provider on %s', (dialect) => {
  let ctx: TestContext;
  let games: SandboxGames;
  const clock = manualClock();

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    await seedGameCatalogue(ctx.db.kysely);
    games = createSandboxGameProviders({ db: ctx.db.kysely, clock, secret: 'test-secret', codes: CODES });
  });
  afterAll(async () => ctx.close());
  afterEach(() => games.faults.clear());

  const provider = (code = 'pg') => {
    const found = games.get(code);
    if (!found) throw new Error(`no provider ${code}`);
    return found;
  };
  const newAccount = async (code = 'pg') => provider(code).activate(randomId());
  const rows = (code: string, username: string) =>
    ctx.db.kysely
      .selectFrom('sandbox_game_transactions')
      .selectAll()
      .where('provider_code', '=', code)
      .where('username', '=', username)
      .execute();

  it('serves only the codes it was given', () => {
    expect(games.get('pg')?.code).toBe('pg');
    expect(games.get('huayhd')).toBeUndefined();
  });

  it('activates once per player: a second activate returns the same account at balance 0', async () => {
    const playerId = randomId();
    const first = await provider().activate(playerId);
    const again = await provider().activate(playerId);
    expect(again).toEqual(first);
    expect(first.username).toBe(`pg${playerId.toLowerCase()}`);
    expect(first.password).toMatch(/^[a-hj-km-np-z2-9]{10}$/);
    expect(first.event).toEqual({});
    expect(await provider().getBalance(first.username)).toBe(0);
    // The same player at another provider is another account.
    expect((await provider('pgslot').activate(playerId)).username).not.toBe(first.username);
  });

  it('fills the hidden login fields the catalogue names for the provider', async () => {
    const account = await newAccount('joker2');
    expect(Object.keys(account.event).sort()).toEqual(['agent', 'lobby']);
    expect(await provider('joker2').getLoginAccount(account.username)).toEqual(account);
  });

  it('deposits and withdraws once per ref: a repeat answers the first result and moves nothing', async () => {
    const { username } = await newAccount();
    expect(await provider().deposit(username, 100_00, 'dep-1')).toEqual({ balance: 100_00 });
    expect(await provider().deposit(username, 100_00, 'dep-1')).toEqual({ balance: 100_00 });
    expect(await provider().withdraw(username, 30_00, 'wd-1')).toEqual({ balance: 70_00 });
    await provider().deposit(username, 5_00, 'dep-2');
    // The repeat of wd-1 answers its own result (70), not today's balance, and debits nothing.
    expect(await provider().withdraw(username, 30_00, 'wd-1')).toEqual({ balance: 70_00 });
    expect(await provider().getBalance(username)).toBe(75_00);
    expect((await rows('pg', username)).map((r) => [r.kind, Number(r.amount)]).sort()).toEqual([
      ['deposit', 100_00],
      ['deposit', 5_00],
      ['withdraw', 30_00],
    ]);
    // Reusing a ref for a different transfer is refused rather than silently answered.
    expect((await failure(provider().withdraw(username, 1_00, 'dep-1'))).kind).toBe('rejected');
    expect(await provider().getBalance(username)).toBe(75_00);
  });

  it('answers one result to concurrent repeats of one ref', async () => {
    const { username } = await newAccount();
    const results = await Promise.all(Array.from({ length: 10 }, () => provider().deposit(username, 7_00, 'same')));
    expect(results).toEqual(Array.from({ length: 10 }, () => ({ balance: 7_00 })));
    expect(await provider().getBalance(username)).toBe(7_00);
    expect(await rows('pg', username)).toHaveLength(1);
  });

  it('refuses a withdraw above the balance and changes nothing', async () => {
    const { username } = await newAccount();
    await provider().deposit(username, 20_00, 'in');
    const error = await failure(provider().withdraw(username, 20_01, 'too-much'));
    expect(error.kind).toBe('rejected');
    expect(await provider().getBalance(username)).toBe(20_00);
    expect(await provider().transferStatus('too-much')).toBe('not_found');
    expect(await rows('pg', username)).toHaveLength(1);
  });

  it('never overdraws under 50 concurrent withdraws: exactly 10 of 10 baht succeed from 100', async () => {
    const { username } = await newAccount();
    await provider().deposit(username, 100_00, 'float');
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) => provider().withdraw(username, 10_00, `cw-${i}`)),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected');
    expect(ok).toHaveLength(10);
    expect(refused.every((r) => r.reason instanceof GameProviderError && r.reason.kind === 'rejected')).toBe(true);
    expect(await provider().getBalance(username)).toBe(0);
    expect((await rows('pg', username)).filter((r) => r.kind === 'withdraw')).toHaveLength(10);
  });

  it('refuses every call for an unknown account and bad amounts', async () => {
    const p = provider();
    const calls = [
      () => p.getBalance('nobody'),
      () => p.deposit('nobody', 1_00, 'x1'),
      () => p.withdraw('nobody', 1_00, 'x2'),
      () => p.getLoginAccount('nobody'),
      () => p.resetPassword('nobody'),
      () => p.launch({ username: 'nobody', password: 'x', event: {} }),
      () => p.autoLogin('nobody', undefined),
      () => p.activate('not a player id!'),
    ];
    for (const call of calls) expect((await failure(call())).kind).toBe('rejected');
    const { username } = await newAccount();
    for (const amount of [0, -5, 1.5, Number.NaN]) {
      expect((await failure(p.deposit(username, amount, `bad-${amount}`))).kind).toBe('rejected');
    }
    expect(await p.getBalance(username)).toBe(0);
  });

  it('reports whether a transfer happened, per provider', async () => {
    const { username } = await newAccount();
    await provider().deposit(username, 3_00, 'status-ref');
    expect(await provider().transferStatus('status-ref')).toBe('done');
    expect(await provider().transferStatus('never-sent')).toBe('not_found');
    expect(await provider('pgslot').transferStatus('status-ref')).toBe('not_found');
  });

  it('resets the password: the new one is stored and the old one no longer signs in', async () => {
    const account = await newAccount();
    const reset = await provider().resetPassword(account.username);
    expect(reset.username).toBe(account.username);
    expect(reset.password).not.toBe(account.password);
    expect((await provider().getLoginAccount(account.username)).password).toBe(reset.password);
    expect((await failure(provider().autoLogin(account.username, account.password))).kind).toBe('rejected');
    expect(await provider().autoLogin(account.username, reset.password)).toMatch(/^\/sandbox\/games\/pg\/play\?/);
    expect(await provider().autoLogin(account.username, undefined)).toMatch(/^\/sandbox\/games\/pg\/play\?/);
  });

  it('fault reject: refused, nothing changes, then the next call works', async () => {
    const { username } = await newAccount();
    games.faults.inject('pg', 'deposit', 'reject');
    expect((await failure(provider().deposit(username, 10_00, 'f-rej'))).kind).toBe('rejected');
    expect(await provider().getBalance(username)).toBe(0);
    expect(await provider().transferStatus('f-rej')).toBe('not_found');
    expect(await provider().deposit(username, 10_00, 'f-rej')).toEqual({ balance: 10_00 });
  });

  it('fault timeout: unavailable and nothing changes, for as many calls as asked', async () => {
    const { username } = await newAccount();
    await provider().deposit(username, 10_00, 'f-in');
    games.faults.inject('pg', 'withdraw', 'timeout', 2);
    expect((await failure(provider().withdraw(username, 4_00, 'f-to'))).kind).toBe('unavailable');
    expect((await failure(provider().withdraw(username, 4_00, 'f-to'))).kind).toBe('unavailable');
    expect(await provider().transferStatus('f-to')).toBe('not_found');
    expect(await provider().getBalance(username)).toBe(10_00);
    expect(await provider().withdraw(username, 4_00, 'f-to')).toEqual({ balance: 6_00 });
  });

  it('fault apply-then-timeout: unavailable, yet the transfer happened and its ref says so', async () => {
    const { username } = await newAccount();
    games.faults.inject('pg', 'deposit', 'apply-then-timeout');
    expect((await failure(provider().deposit(username, 25_00, 'f-att'))).kind).toBe('unavailable');
    expect(await provider().transferStatus('f-att')).toBe('done');
    expect(await provider().getBalance(username)).toBe(25_00);
    // The wallet's retry with the same ref is safe: it answers the first result.
    expect(await provider().deposit(username, 25_00, 'f-att')).toEqual({ balance: 25_00 });
  });

  it('faults on activate, getBalance, transferStatus and resetPassword behave the same way', async () => {
    const playerId = randomId();
    games.faults.inject('pg', 'activate', 'apply-then-timeout');
    expect((await failure(provider().activate(playerId))).kind).toBe('unavailable');
    const account = await provider().activate(playerId);
    expect(account.username).toBe(`pg${playerId.toLowerCase()}`);

    games.faults.inject('pg', 'getBalance', 'timeout');
    expect((await failure(provider().getBalance(account.username))).kind).toBe('unavailable');
    expect(await provider().getBalance(account.username)).toBe(0);

    await provider().deposit(account.username, 1_00, 'status-under-fault');
    games.faults.inject('pg', 'transferStatus', 'timeout');
    expect((await failure(provider().transferStatus('status-under-fault'))).kind).toBe('unavailable');
    expect(await provider().transferStatus('status-under-fault')).toBe('done');

    games.faults.inject('pg', 'resetPassword', 'reject');
    expect((await failure(provider().resetPassword(account.username))).kind).toBe('rejected');
    expect((await provider().getLoginAccount(account.username)).password).toBe(account.password);
    games.faults.inject('pg', 'resetPassword', 'apply-then-timeout');
    expect((await failure(provider().resetPassword(account.username))).kind).toBe('unavailable');
    expect((await provider().getLoginAccount(account.username)).password).not.toBe(account.password);
  });

  it('keeps faults per provider and operation, and clear() drops them all', async () => {
    const a = await newAccount('pg');
    const b = await newAccount('pgslot');
    games.faults.inject('pg', 'deposit', 'reject', 3);
    expect(await provider('pgslot').deposit(b.username, 1_00, 'other-provider')).toEqual({ balance: 1_00 });
    expect(await provider('pg').getBalance(a.username)).toBe(0);
    expect((await failure(provider('pg').deposit(a.username, 1_00, 'faulted'))).kind).toBe('rejected');
    games.faults.clear();
    expect(await provider('pg').deposit(a.username, 1_00, 'after-clear')).toEqual({ balance: 1_00 });
    expect(() => games.faults.inject('huayhd', 'deposit', 'reject')).toThrow(RangeError);
  });

  it('launches with relative links only for the clients the provider has', async () => {
    const all = await newAccount('pg');
    const links = await provider('pg').launch(all);
    expect(links.web).toMatch(/^\/sandbox\/games\/pg\/play\?session=[\w.%-]+$/);
    expect(links.android).toMatch(/^\/sandbox\/games\/pg\/play\?session=[\w.%-]+&client=android$/);
    expect(links.ios).toMatch(/&client=ios$/);

    const webOnly = await newAccount('pgslot');
    expect(await provider('pgslot').launch(webOnly)).toMatchObject({ android: null, ios: null });
    expect((await provider('pgslot').launch(webOnly)).web).not.toBeNull();

    const appsOnly = await newAccount('goldlotus');
    const appLinks = await provider('goldlotus').launch(appsOnly);
    expect(appLinks.web).toBeNull();
    expect(appLinks.android).not.toBeNull();
    expect(appLinks.ios).not.toBeNull();
  });

  it('signs the session in a launch link: it names the account, and tampering or age voids it', async () => {
    const account = await newAccount('pg');
    const link = (await provider('pg').launch(account)).web as string;
    const token = decodeURIComponent(new URL(link, 'http://x').searchParams.get('session') as string);
    expect(games.verifySession(token)).toMatchObject({ code: 'pg', username: account.username });

    const [payload, signature] = token.split('.') as [string, string];
    const forgedClaim = Buffer.from(
      JSON.stringify({ c: 'pg', u: 'someoneelse', e: clock.now() + SESSION_TTL_MS }),
    ).toString('base64url');
    const flip = (s: string) => (s[0] === 'A' ? 'B' : 'A') + s.slice(1);
    for (const bad of [
      `${forgedClaim}.${signature}`,
      `${payload}.${flip(signature)}`,
      `${flip(payload)}.${signature}`,
      `${payload}.`,
      payload,
      '',
      'a.b.c',
      `${payload}.${signature}`.repeat(10),
    ]) {
      expect(games.verifySession(bad)).toBeNull();
    }
    const otherServer = createSandboxGameProviders({ db: ctx.db.kysely, clock, secret: 'other', codes: CODES });
    expect(otherServer.verifySession(token)).toBeNull();

    clock.advance(SESSION_TTL_MS - 1);
    expect(games.verifySession(token)).not.toBeNull();
    clock.advance(1);
    expect(games.verifySession(token)).toBeNull();
  });

  it('refuses auto-login with a wrong password', async () => {
    const account = await newAccount('joker2');
    expect((await failure(provider('joker2').autoLogin(account.username, 'wrong-pass'))).kind).toBe('rejected');
    const link = await provider('joker2').autoLogin(account.username, account.password);
    const token = decodeURIComponent(new URL(link, 'http://x').searchParams.get('session') as string);
    expect(games.verifySession(token)).toMatchObject({ code: 'joker2', username: account.username });
  });
});
