import { type Kysely, sql } from 'kysely';

/**
 * Invite accruals and refund claims (issue 15). Frozen in time: never import app types.
 */
export async function up(db: Kysely<any>, _dialect: 'sqlite' | 'postgres'): Promise<void> {
  // What one deposit of a referred player earned their inviter; claimed_at is set once, when the
  // inviter takes the sum as a bonus (the conditional UPDATE is what makes a claim count once).
  await db.schema
    .createTable('invite_accruals')
    .addColumn('statement_id', 'text', (c) => c.primaryKey().references('statements.id'))
    .addColumn('inviter_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('invitee_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('claimed_at', 'bigint')
    .addColumn('user_bonus_id', 'text', (c) => c.references('user_bonuses.id'))
    .execute();
  await db.schema
    .createIndex('invite_accruals_inviter_idx')
    .on('invite_accruals')
    .columns(['inviter_id', 'created_at'])
    .execute();

  // One refund per player and period: the primary key makes a second claim of the same period fail
  // however two claims race.
  await db.schema
    .createTable('refund_claims')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('period_start', 'bigint', (c) => c.notNull())
    .addColumn('net_loss', 'bigint', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('user_bonus_id', 'text', (c) => c.notNull().references('user_bonuses.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('refund_claims_pk', ['user_id', 'period_start'])
    .execute();
}
