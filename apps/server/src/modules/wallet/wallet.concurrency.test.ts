import type { GameAccount, WalletMoveResponse, WalletResponse } from '@wallet/contract/wallet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestContext,
  fundWallet,
  registerPlayer,
  type TestContext,
  testDialects,
} from '../../../test/helpers.ts';
import { checkLedger } from '../../ledger/check.ts';

const PLAYERS = 6;
const FUNDS = 1_000;
const OPERATIONS = 360;
const SLOTS = ['pg', 'joker2'] as const;

/** A small seeded generator, so a failure replays with the same schedule. */
function mulberry32(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Operation =
  | { kind: 'in' | 'out'; player: number; slot: (typeof SLOTS)[number]; amount: number; key: string; retry: boolean }
  | { kind: 'refresh'; player: number };

describe.each(testDialects())('wallet under concurrent load (%s)', (dialect) => {
  let ctx: TestContext;
  const tokens: string[] = [];
  beforeAll(async () => {
    ctx = await createTestContext(dialect, { RATE_LIMIT_PER_MINUTE: '100000' });
    for (let i = 0; i < PLAYERS; i++) {
      const { phone, token } = await registerPlayer(ctx.app);
      await fundWallet(ctx.app, phone, FUNDS);
      for (const slot of SLOTS) {
        await ctx.app.inject({ method: 'GET', url: `/api/wallet/activate/${slot}`, headers: bearer(token) });
      }
      tokens.push(token);
    }
  });
  afterAll(() => ctx.close());

  it('never overdraws, creates or loses money, and moves each idempotent retry once', async () => {
    const random = mulberry32(20261122);
    const operations: Operation[] = Array.from({ length: OPERATIONS }, (_, i) => {
      const player = Math.floor(random() * PLAYERS);
      const roll = random();
      if (roll < 0.15) return { kind: 'refresh', player };
      const slot = SLOTS[Math.floor(random() * SLOTS.length)] as (typeof SLOTS)[number];
      // Amounts large enough that many requests are refused for want of money: that is the point.
      const amount = Math.round((1 + random() * 400) * 100) / 100;
      return { kind: roll < 0.6 ? 'in' : 'out', player, slot, amount, key: `load-${i}-key`, retry: random() < 0.25 };
    });

    const send = (op: Operation) => {
      const headers = bearer(tokens[op.player] as string);
      if (op.kind === 'refresh') return ctx.app.inject({ method: 'GET', url: '/api/wallet/refresh/slot', headers });
      const [from, to] = op.kind === 'in' ? ['WALLET', op.slot] : [op.slot, 'WALLET'];
      return ctx.app.inject({
        method: 'POST',
        url: '/api/wallet/transfer',
        headers: { ...headers, 'idempotency-key': op.key },
        payload: { from, to, amount: op.amount },
      });
    };

    // Every operation, plus a second copy of each retried one, all in flight together.
    const flights = operations.flatMap((op) => (op.kind !== 'refresh' && op.retry ? [op, op] : [op]));
    const answers = await Promise.all(flights.map(async (op) => ({ op, res: await send(op) })));

    const byKey = new Map<string, { status: number; body: string }[]>();
    for (const { op, res } of answers) {
      expect([200, 400]).toContain(res.statusCode);
      if (res.statusCode === 400) expect(res.json()).toEqual({ message: 'MONEY_NOT_ENOUGH', field: 'amount' });
      if (op.kind !== 'refresh')
        byKey.set(op.key, [...(byKey.get(op.key) ?? []), { status: res.statusCode, body: res.body }]);
    }
    for (const copies of byKey.values()) {
      expect(new Set(copies.map((c) => `${c.status} ${c.body}`)).size).toBe(1);
    }

    // What the answers say moved, counting each key once.
    const expectedWallet = Array.from({ length: PLAYERS }, () => FUNDS * 100);
    const expectedSlots = Array.from({ length: PLAYERS }, () => new Map<string, number>(SLOTS.map((s) => [s, 0])));
    for (const op of operations) {
      if (op.kind === 'refresh' || byKey.get(op.key)?.[0]?.status !== 200) continue;
      const minor = Math.round(op.amount * 100);
      const sign = op.kind === 'in' ? 1 : -1;
      expectedWallet[op.player] = (expectedWallet[op.player] as number) - sign * minor;
      const slots = expectedSlots[op.player] as Map<string, number>;
      slots.set(op.slot, (slots.get(op.slot) as number) + sign * minor);
    }
    expect(answers.filter((a) => a.res.statusCode === 200 && a.op.kind !== 'refresh').length).toBeGreaterThan(50);

    for (let player = 0; player < PLAYERS; player++) {
      const headers = bearer(tokens[player] as string);
      const refreshed = (await ctx.app.inject({ method: 'GET', url: '/api/wallet/refresh/slot', headers })).json<{
        slots: GameAccount[];
      }>();
      const wallet = (await ctx.app.inject({ method: 'GET', url: '/api/wallet', headers })).json<WalletResponse>();
      expect(Math.round(wallet.wallet.amount * 100)).toBe(expectedWallet[player]);
      for (const slot of SLOTS) {
        const amount = refreshed.slots.find((s) => s.code === slot)?.amount as number;
        expect(Math.round(amount * 100)).toBe(expectedSlots[player]?.get(slot));
        expect(amount).toBeGreaterThanOrEqual(0);
      }
      const total = wallet.wallet.amount + refreshed.slots.reduce((sum, s) => sum + s.amount, 0);
      expect(Math.round(total * 100)).toBe(FUNDS * 100);
    }

    // The sandbox provider's own books agree with ours, account by account.
    const mismatches = await ctx.db.kysely
      .selectFrom('game_accounts as ga')
      .innerJoin('sandbox_game_wallets as sw', (join) =>
        join.onRef('sw.provider_code', '=', 'ga.provider_code').onRef('sw.username', '=', 'ga.username'),
      )
      .innerJoin('ledger_accounts as la', (join) =>
        join
          .onRef('la.owner_id', '=', 'ga.user_id')
          .onRef('la.provider_code', '=', 'ga.provider_code')
          .on('la.kind', '=', 'game'),
      )
      .select(['ga.username', 'sw.balance as provider', 'la.balance as ledger'])
      .whereRef('sw.balance', '<>', 'la.balance')
      .execute();
    expect(mismatches).toEqual([]);
    const pending = await ctx.db.kysely.selectFrom('statements').select('id').where('status', '=', 'PENDING').execute();
    expect(pending).toEqual([]);
    expect(await checkLedger(ctx.db.kysely)).toEqual([]);
  });

  it('lets two devices of one player drain the same wallet without overdrawing it', async () => {
    const { phone, token } = await registerPlayer(ctx.app);
    await fundWallet(ctx.app, phone, 100);
    await ctx.app.inject({ method: 'GET', url: '/api/wallet/activate/pg', headers: bearer(token) });
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/wallet/transfer',
          headers: { ...bearer(token), 'idempotency-key': `drain-${i}-xyz` },
          payload: { from: 'WALLET', to: 'pg', amount: 10 },
        }),
      ),
    );
    const succeeded = results.filter((r) => r.statusCode === 200);
    expect(succeeded).toHaveLength(10);
    const last = succeeded.map((r) => r.json<WalletMoveResponse>().wallet.amount);
    expect(Math.min(...last)).toBe(0);
    expect(await checkLedger(ctx.db.kysely)).toEqual([]);
  });
});
