import { type Kysely, sql } from 'kysely';

/**
 * Player protection (issue 20): deposit limits, time-outs, self-exclusions, reality-check interval and
 * their history. Frozen in time: never import app types.
 */
export async function up(db: Kysely<any>, _dialect: 'sqlite' | 'postgres'): Promise<void> {
  // One row per player who ever used a protection tool; a player without a row is open, without limits.
  await db.schema
    .createTable('player_protection')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id'))
    .addColumn('day_limit', 'bigint', (c) => c.check(sql`day_limit > 0`))
    .addColumn('week_limit', 'bigint', (c) => c.check(sql`week_limit > 0`))
    .addColumn('month_limit', 'bigint', (c) => c.check(sql`month_limit > 0`))
    .addColumn('timeout_started_at', 'bigint')
    .addColumn('timeout_ends_at', 'bigint')
    .addColumn('timeout_days', 'integer')
    .addColumn('exclusion_started_at', 'bigint')
    .addColumn('exclusion_ends_at', 'bigint')
    .addColumn('exclusion_months', 'integer')
    .addColumn('return_requested_at', 'bigint')
    .addColumn('reality_check_minutes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  // An increase or removal waiting for its 24 hours and the player's confirmation; amount null removes.
  await db.schema
    .createTable('protection_pending_limits')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('period', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint')
    .addColumn('requested_at', 'bigint', (c) => c.notNull())
    .addColumn('applies_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('protection_pending_limits_pk', ['user_id', 'period'])
    .execute();

  // The history staff read on the player page; rows are only ever added.
  await db.schema
    .createTable('protection_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('period', 'text')
    .addColumn('amount', 'bigint')
    .addColumn('ends_at', 'bigint')
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('detail', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('protection_events_user_idx')
    .on('protection_events')
    .columns(['user_id', 'created_at', 'id'])
    .execute();
}
