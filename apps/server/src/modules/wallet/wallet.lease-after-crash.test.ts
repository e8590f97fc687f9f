import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, fundWallet, registerPlayer, type TestContext } from '../../../test/helpers.ts';

/**
 * PostgreSQL only: there a game account's holder also takes a lease row, and a holder whose process
 * died keeps it until it runs out (150 s). Meanwhile the player's apps retry what they sent.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('a game account still leased by a crashed instance (postgres)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext('postgres');
  });
  afterAll(async () => ctx?.close());

  const gameAccountOf = (phone: string) =>
    ctx.db.kysely
      .selectFrom('game_accounts')
      .innerJoin('users', 'users.id', 'game_accounts.user_id')
      .select('game_accounts.id')
      .where('users.username', '=', phone)
      .executeTakeFirstOrThrow();
  const leaseHeldByTheDead = (accountId: string, until: number) =>
    ctx.db.kysely.updateTable('game_accounts').set({ lease_until: until }).where('id', '=', accountId).execute();

  it('replays an answered transfer at once, and answers a new one 503 without remembering it', async () => {
    const { phone, token } = await registerPlayer(ctx.app);
    await fundWallet(ctx.app, phone, 100);
    await ctx.app.inject({ method: 'GET', url: '/api/wallet/activate/pg', headers: bearer(token) });
    const send = (key: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/wallet/transfer',
        headers: { ...bearer(token), 'idempotency-key': key },
        payload: { from: 'WALLET', to: 'pg', amount: 5 },
      });
    const first = await send('answered-before-the-crash');
    expect(first.statusCode).toBe(200);
    const account = await gameAccountOf(phone);
    await leaseHeldByTheDead(account.id, ctx.clock.now() + 150_000);

    const replay = await send('answered-before-the-crash');
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(first.json());
    expect(replay.headers['idempotent-replay']).toBe('true');

    const busy = await send('sent-while-leased');
    expect(busy.statusCode).toBe(503);
    expect(busy.json()).toEqual({ message: 'REQUEST_LIMIT' });

    // Once the lease has run out, the same key runs: the busy answer was not kept for it.
    await leaseHeldByTheDead(account.id, 0);
    const later = await send('sent-while-leased');
    expect(later.statusCode).toBe(200);
    const wallet = await ctx.app.inject({ method: 'GET', url: '/api/wallet', headers: bearer(token) });
    expect(wallet.json().wallet.amount).toBe(90);
  }, 60_000);

  it('frees the lease after every kind of transfer, taken and freed inside the money transactions', async () => {
    const { phone, token } = await registerPlayer(ctx.app);
    await fundWallet(ctx.app, phone, 100);
    await ctx.app.inject({ method: 'GET', url: '/api/wallet/activate/pg', headers: bearer(token) });
    const account = await gameAccountOf(phone);
    const lease = async () =>
      Number(
        (
          await ctx.db.kysely
            .selectFrom('game_accounts')
            .select('lease_until')
            .where('id', '=', account.id)
            .executeTakeFirstOrThrow()
        ).lease_until,
      );
    const move = (payload: object, key: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/wallet/transfer',
        headers: { ...bearer(token), 'idempotency-key': key },
        payload,
      });

    expect((await move({ from: 'WALLET', to: 'pg', amount: 30 }, 'lease-in-1')).statusCode).toBe(200);
    expect(await lease()).toBe(0);
    expect((await move({ from: 'pg', to: 'WALLET', amount: 10 }, 'lease-out-1')).statusCode).toBe(200);
    expect(await lease()).toBe(0);
    // Refused inside the first transaction (not enough money): the lease taken there rolled back with it.
    const refusedMove = await move({ from: 'WALLET', to: 'pg', amount: 500 }, 'lease-in-2');
    expect(refusedMove.json()).toEqual({ message: 'MONEY_NOT_ENOUGH', field: 'amount' });
    expect(await lease()).toBe(0);
    const wallet = await ctx.app.inject({ method: 'GET', url: '/api/wallet', headers: bearer(token) });
    expect(wallet.json().wallet.amount).toBe(80);
  }, 60_000);
});
