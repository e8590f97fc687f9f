import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, registerPlayer, type TestContext, testDialects } from '../../test/helpers.ts';
import { checkLedger } from './check.ts';
import { createSystemAccounts, InsufficientFunds, type LedgerAccount, postTransfer, SYSTEM_KINDS } from './ledger.ts';

describe.each(testDialects())('ledger (%s)', (dialect) => {
  let ctx: TestContext;
  let float: LedgerAccount;
  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    float = await createSystemAccounts(ctx.db.kysely)(SYSTEM_KINDS.gameFloat, 'ledger-test', 'THB');
  });
  afterAll(() => ctx.close());

  async function playerWallet(): Promise<LedgerAccount> {
    const { phone } = await registerPlayer(ctx.app);
    const row = await ctx.db.kysely
      .selectFrom('ledger_accounts')
      .innerJoin('users', 'users.id', 'ledger_accounts.owner_id')
      .select(['ledger_accounts.id', 'ledger_accounts.owner_id', 'ledger_accounts.currency'])
      .where('users.username', '=', phone)
      .where('ledger_accounts.kind', '=', 'wallet')
      .executeTakeFirstOrThrow();
    return { id: row.id, ownerId: row.owner_id, currency: row.currency };
  }

  const balanceOf = async (id: string) =>
    Number(
      (
        await ctx.db.kysely
          .selectFrom('ledger_accounts')
          .select('balance')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).balance,
    );

  function move(from: LedgerAccount, to: LedgerAccount, amount: number) {
    return ctx.db.kysely
      .transaction()
      .execute((trx) =>
        postTransfer(trx, { from, to, amount, kind: 'game_result', refType: 'test', refId: 'x', now: ctx.clock.now() }),
      );
  }

  it('moves money between accounts, records one transfer, and keeps every invariant', async () => {
    const wallet = await playerWallet();
    const floatBefore = await balanceOf(float.id);
    const result = await move(float, wallet, 12_345);
    expect(result).toEqual({ fromBalance: floatBefore - 12_345, toBalance: 12_345 });
    expect(await balanceOf(wallet.id)).toBe(12_345);
    expect(await balanceOf(float.id)).toBe(floatBefore - 12_345);
    // Between two player accounts, in both id orders.
    const other = await playerWallet();
    expect(await move(wallet, other, 345)).toEqual({ fromBalance: 12_000, toBalance: 345 });
    expect(await move(other, wallet, 45)).toEqual({ fromBalance: 300, toBalance: 12_045 });
    expect(await checkLedger(ctx.db.kysely)).toEqual([]);
  });

  it('never lets a player account go below zero, and writes nothing when it refuses', async () => {
    const wallet = await playerWallet();
    await move(float, wallet, 500);
    const transfersBefore = await ctx.db.kysely
      .selectFrom('ledger_transfers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const floatBefore = await balanceOf(float.id);
    await expect(move(wallet, float, 501)).rejects.toBeInstanceOf(InsufficientFunds);
    expect(await balanceOf(wallet.id)).toBe(500);
    // Nor is the other side credited.
    expect(await balanceOf(float.id)).toBe(floatBefore);
    const transfersAfter = await ctx.db.kysely
      .selectFrom('ledger_transfers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(transfersAfter.n)).toBe(Number(transfersBefore.n));
  });

  it('refuses zero, negative, fractional and cross-currency amounts', async () => {
    const wallet = await playerWallet();
    for (const amount of [0, -5, 1.5, Number.NaN]) {
      await expect(move(float, wallet, amount)).rejects.toThrow(/positive integer/);
    }
    const coinFloat = await createSystemAccounts(ctx.db.kysely)(SYSTEM_KINDS.gameFloat, 'ledger-test', 'COIN');
    await expect(move(coinFloat, wallet, 100)).rejects.toThrow(/currency mismatch/);
  });

  it('lets exactly as many concurrent debits through as the balance covers', async () => {
    const wallet = await playerWallet();
    await move(float, wallet, 1_000);
    const results = await Promise.allSettled(Array.from({ length: 40 }, () => move(wallet, float, 100)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    expect(results.filter((r) => r.status === 'rejected').every((r) => r.reason instanceof InsufficientFunds)).toBe(
      true,
    );
    expect(await balanceOf(wallet.id)).toBe(0);
    expect(await checkLedger(ctx.db.kysely)).toEqual([]);
  });

  it('runs transfers both ways between the same two accounts at once without a deadlock', async () => {
    const one = await playerWallet();
    const two = await playerWallet();
    await move(float, one, 10_000);
    await move(float, two, 10_000);
    // Each locks both rows; taken in different orders, PostgreSQL would abort some with a deadlock.
    const results = await Promise.allSettled(
      Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? move(one, two, 7) : move(two, one, 5))),
    );
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    expect(await balanceOf(one.id)).toBe(10_000 - 20 * 7 + 20 * 5);
    expect(await balanceOf(two.id)).toBe(10_000 + 20 * 7 - 20 * 5);
    expect(await checkLedger(ctx.db.kysely)).toEqual([]);
  });

  it('reports a tampered balance and a broken currency sum', async () => {
    const wallet = await playerWallet();
    await move(float, wallet, 700);
    await sql`update ledger_accounts set balance = balance + 1 where id = ${wallet.id}`.execute(ctx.db.kysely);
    const problems = await checkLedger(ctx.db.kysely);
    expect(problems.map((p) => p.rule).sort()).toEqual(['balance-vs-transfers', 'currency-sum']);
    expect(problems.find((p) => p.rule === 'balance-vs-transfers')?.detail).toContain(wallet.id);
    await sql`update ledger_accounts set balance = balance - 1 where id = ${wallet.id}`.execute(ctx.db.kysely);
    expect(await checkLedger(ctx.db.kysely)).toEqual([]);
  });

  it('reports a negative player balance', async () => {
    const wallet = await playerWallet();
    await sql`update ledger_accounts set balance = -1 where id = ${wallet.id}`.execute(ctx.db.kysely);
    await sql`update ledger_accounts set balance = balance + 1 where id = ${float.id}`.execute(ctx.db.kysely);
    const rules = (await checkLedger(ctx.db.kysely)).map((p) => p.rule);
    expect(rules).toContain('negative-player-balance');
    await sql`update ledger_accounts set balance = 0 where id = ${wallet.id}`.execute(ctx.db.kysely);
    await sql`update ledger_accounts set balance = balance - 1 where id = ${float.id}`.execute(ctx.db.kysely);
    expect(await checkLedger(ctx.db.kysely)).toEqual([]);
  });
});
