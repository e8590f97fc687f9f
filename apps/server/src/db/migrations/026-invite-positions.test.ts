import type { InviteListResponse } from '@wallet/contract/invite';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestContext,
  fundWallet,
  playerCaller,
  registerPlayer,
  type TestContext,
  testDialects,
} from '../../../test/helpers.ts';
import { switchInvitesOn } from '../../modules/promotions/invite.fixtures.ts';
import { up } from './026-invite-positions.ts';

/** The database as it was before migration 026, with whatever invite lines it holds. */
async function before026(db: Kysely<any>, dialect: 'sqlite' | 'postgres') {
  await sql`drop trigger invite_accruals_position${sql.raw(dialect === 'postgres' ? ' on invite_accruals' : '')}`.execute(
    db,
  );
  if (dialect === 'postgres') await sql`drop function invite_accruals_position()`.execute(db);
  await db.schema.dropIndex('invite_accruals_inviter_seq_idx').execute();
  await db.schema.dropIndex('invite_accruals_unclaimed_idx').execute();
  await db.schema.alterTable('invite_accruals').dropColumn('inviter_seq').execute();
  await db.schema.dropTable('invite_accrual_counts').execute();
}

describe.each(testDialects())('migration 026 on a database with invite lines (%s)', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect);
  });
  afterAll(() => ctx.close());

  it('numbers the lines already there per inviter, oldest first, counts them, and goes on from there', async () => {
    await switchInvitesOn(ctx.db.kysely);
    const inviters = await Promise.all([registerPlayer(ctx.app), registerPlayer(ctx.app)]);
    const ids = await Promise.all(
      inviters.map(
        async ({ phone }) =>
          (await ctx.db.kysely.selectFrom('users').select('id').where('username', '=', phone).executeTakeFirstOrThrow())
            .id,
      ),
    );
    const friends = await Promise.all(ids.map((id) => registerPlayer(ctx.app, { inviteCode: `PR${id}` })));
    // Deposits of both friends interleaved: 10, 20 (A); 30 (B); 40 (A).
    for (const [friend, amount] of [
      [0, 100],
      [0, 200],
      [1, 300],
      [0, 400],
    ] as const) {
      await fundWallet(ctx.app, friends[friend]!.phone, amount);
      ctx.clock.advance(1_000);
    }

    const db = ctx.db.kysely as Kysely<any>;
    await before026(db, dialect);
    await db.transaction().execute((trx) => up(trx, dialect));

    const positions = await db
      .selectFrom('invite_accruals')
      .select(['inviter_id', 'inviter_seq', 'amount'])
      .orderBy('inviter_id')
      .orderBy('inviter_seq')
      .execute();
    const of = (id: string) =>
      positions.filter((row) => row.inviter_id === id).map((row) => [Number(row.inviter_seq), Number(row.amount)]);
    expect(of(ids[0]!)).toEqual([
      [1, 1000],
      [2, 2000],
      [3, 4000],
    ]);
    expect(of(ids[1]!)).toEqual([[1, 3000]]);
    const counts = await db.selectFrom('invite_accrual_counts').select(['inviter_id', 'total']).execute();
    expect(Object.fromEntries(counts.map((row) => [row.inviter_id, Number(row.total)]))).toEqual({
      [ids[0]!]: 3,
      [ids[1]!]: 1,
    });

    // The trigger numbers the next line after them, and the list reads them all, newest first.
    await fundWallet(ctx.app, friends[0]!.phone, 500);
    const listed = (
      await playerCaller(ctx.app, inviters[0]!.token)('POST', '/api/invite', { page: 1, limit: 10 })
    ).json<InviteListResponse>();
    expect(listed.total).toBe(4);
    expect(listed.invites.map((line) => line.amount)).toEqual([50, 40, 20, 10]);
  });
});
