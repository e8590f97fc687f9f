import { type Kysely, sql } from 'kysely';

/**
 * Spin wheel (issue 16): the operator's wheels, their slices per version, every spin and the coupon it
 * won. A wheel players have spun is never edited in place: a save makes version n+1 with its own
 * slices, and the spins and coupons of version n keep pointing to theirs.
 * Frozen in time: never import app types.
 */
export async function up(db: Kysely<any>, _dialect: 'sqlite' | 'postgres'): Promise<void> {
  // names: JSON {th, lo, en}. active: 1 for at most one wheel (the partial unique index below), which
  // players see between starts_at and ends_at (null: open on that side).
  await db.schema
    .createTable('spin_wheels')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('names', 'text', (c) => c.notNull())
    .addColumn('starts_at', 'bigint')
    .addColumn('ends_at', 'bigint')
    .addColumn('active', 'integer', (c) => c.notNull().check(sql`active in (0, 1)`))
    .addColumn('coupon_valid_days', 'integer', (c) => c.notNull().check(sql`coupon_valid_days > 0`))
    .addColumn('version', 'integer', (c) => c.notNull().check(sql`version >= 1`))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await sql`create unique index spin_wheels_one_active on spin_wheels (active) where active = 1`.execute(db);

  // One row per slice of one version, in wheel order (position). labels, html_descriptions and
  // item_names: JSON {th, lo, en}. amount: minor units (bonus), whole coins (coins), 0 (item).
  // remaining: prizes left (null: unlimited); it only shrinks through a conditional UPDATE in the
  // spin's transaction, so two spins cannot both take the last one.
  await db.schema
    .createTable('spin_slices')
    .addColumn('wheel_id', 'text', (c) => c.notNull().references('spin_wheels.id'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('labels', 'text', (c) => c.notNull())
    .addColumn('bg_color', 'text', (c) => c.notNull())
    .addColumn('text_color', 'text', (c) => c.notNull())
    .addColumn('html_descriptions', 'text', (c) => c.notNull())
    .addColumn('prize_type', 'text', (c) => c.notNull().check(sql`prize_type in ('bonus', 'coins', 'item')`))
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount >= 0`))
    .addColumn('item_names', 'text', (c) => c.notNull())
    .addColumn('bonus_code', 'text')
    .addColumn('weight', 'integer', (c) => c.notNull().check(sql`weight >= 0`))
    .addColumn('stock', 'integer', (c) => c.check(sql`stock >= 0`))
    .addColumn('remaining', 'integer', (c) => c.check(sql`remaining >= 0`))
    .addPrimaryKeyConstraint('spin_slices_pk', ['wheel_id', 'version', 'code'])
    .execute();

  // Every spin: the coin it cost (ledger transfer ref_type 'spin', ref_id id) and the slice drawn.
  await db.schema
    .createTable('spin_draws')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('wheel_id', 'text', (c) => c.notNull().references('spin_wheels.id'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('slice_code', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('spin_draws_user_idx').on('spin_draws').columns(['user_id', 'created_at']).execute();
  await db.schema
    .createIndex('spin_draws_wheel_idx')
    .on('spin_draws')
    .columns(['wheel_id', 'version', 'created_at'])
    .execute();
  await db.schema.createIndex('spin_draws_time_idx').on('spin_draws').columns(['created_at']).execute();

  // The prize each spin won, which the player claims before expires_at. status: open, claimed (an
  // item then waits for the operator), fulfilled (item handed over). A claim is a conditional UPDATE
  // of an open row, so a coupon is claimed once however two claims race. user_bonus_id: the bonus a
  // bonus prize became.
  await db.schema
    .createTable('spin_coupons')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('spin_id', 'text', (c) => c.notNull().unique().references('spin_draws.id'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('wheel_id', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('slice_code', 'text', (c) => c.notNull())
    .addColumn('prize_type', 'text', (c) => c.notNull().check(sql`prize_type in ('bonus', 'coins', 'item')`))
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('open', 'claimed', 'fulfilled')`))
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('claimed_at', 'bigint')
    .addColumn('fulfilled_at', 'bigint')
    .addColumn('fulfilled_by', 'text')
    .execute();
  await db.schema.createIndex('spin_coupons_user_idx').on('spin_coupons').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('spin_coupons_time_idx').on('spin_coupons').columns(['created_at']).execute();
}
