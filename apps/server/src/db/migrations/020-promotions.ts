import { type Kysely, sql } from 'kysely';

/**
 * Promotions (issue 15): the bonuses and promotion codes the operator offers, and every bonus a player
 * took (a bonus card, a code, later an invite or refund claim), with its conditions frozen at the
 * moment it was taken so an operator's later edit never changes a running bonus.
 * Frozen in time: never import app types.
 */
export async function up(db: Kysely<any>, _dialect: 'sqlite' | 'postgres'): Promise<void> {
  // Names, notices and banners are per language (th, lo, en) as JSON objects; banners a JSON array
  // per language of {image, html}. kind: percent (value in percent of the player's credit, capped by
  // max_bonus) or fixed (value in minor units). Percents are whole percents.
  await db.schema
    .createTable('bonuses')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('names', 'text', (c) => c.notNull())
    .addColumn('notices', 'text', (c) => c.notNull())
    .addColumn('banners', 'text', (c) => c.notNull())
    .addColumn('limit_type', 'text', (c) => c.notNull().check(sql`limit_type in ('limit', 'day', 'week')`))
    .addColumn('max_received', 'integer', (c) => c.notNull().check(sql`max_received >= 0`))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('percent', 'fixed')`))
    .addColumn('value', 'bigint', (c) => c.notNull().check(sql`value > 0`))
    .addColumn('max_bonus', 'bigint', (c) => c.notNull().check(sql`max_bonus >= 0`))
    .addColumn('min_deposit', 'bigint', (c) => c.notNull().check(sql`min_deposit >= 0`))
    .addColumn('percent_success', 'integer', (c) => c.notNull().check(sql`percent_success >= 0`))
    .addColumn('percent_fail', 'integer', (c) => c.notNull().check(sql`percent_fail >= 0 and percent_fail < 100`))
    .addColumn('turnover_multiple', 'integer', (c) => c.notNull().check(sql`turnover_multiple >= 0`))
    .addColumn('max_withdraw', 'bigint', (c) => c.notNull().check(sql`max_withdraw >= 0`))
    .addColumn('expires_at', 'bigint')
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  // redeemed counts redemptions overall; it only grows through a conditional UPDATE, so two players
  // taking the last redemption at once cannot both get it.
  await db.schema
    .createTable('promotion_codes')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('descriptions', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('percent', 'fixed')`))
    .addColumn('value', 'bigint', (c) => c.notNull().check(sql`value > 0`))
    .addColumn('max_bonus', 'bigint', (c) => c.notNull().check(sql`max_bonus >= 0`))
    .addColumn('min_deposit', 'bigint', (c) => c.notNull().check(sql`min_deposit >= 0`))
    .addColumn('percent_success', 'integer', (c) => c.notNull().check(sql`percent_success >= 0`))
    .addColumn('percent_fail', 'integer', (c) => c.notNull().check(sql`percent_fail >= 0 and percent_fail < 100`))
    .addColumn('turnover_multiple', 'integer', (c) => c.notNull().check(sql`turnover_multiple >= 0`))
    .addColumn('max_withdraw', 'bigint', (c) => c.notNull().check(sql`max_withdraw >= 0`))
    .addColumn('max_redemptions', 'integer', (c) => c.notNull().check(sql`max_redemptions >= 0`))
    .addColumn('max_per_player', 'integer', (c) => c.notNull().check(sql`max_per_player >= 0`))
    .addColumn('redeemed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('valid_from', 'bigint')
    .addColumn('valid_to', 'bigint')
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  // One row per bonus a player took. source: bonus, promotion, invite or refund, with the code it came
  // from. status moves forward only: ACTIVE → FAILED (credit fell to fail_credit), COMPLETED (withdrawn
  // after its condition was met), CLEARED (the player gave it up); finished_at says when.
  await db.schema
    .createTable('user_bonuses')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('source_code', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('bonus_amount', 'bigint', (c) => c.notNull().check(sql`bonus_amount > 0`))
    .addColumn('start_credit', 'bigint', (c) => c.notNull())
    .addColumn('fail_credit', 'bigint', (c) => c.notNull())
    .addColumn('target_credit', 'bigint', (c) => c.notNull())
    .addColumn('turnover_required', 'bigint', (c) => c.notNull())
    // What the game providers reported as bet since the bonus began, read at each refresh.
    .addColumn('turnover', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('max_withdraw', 'bigint', (c) => c.notNull())
    .addColumn('percent_success', 'integer', (c) => c.notNull())
    .addColumn('percent_fail', 'integer', (c) => c.notNull())
    .addColumn('statement_id', 'text', (c) => c.notNull().references('statements.id'))
    .addColumn('finish_statement_id', 'text', (c) => c.references('statements.id'))
    .addColumn('forfeited', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('withdrawn', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint')
    .execute();
  // "One active bonus per player" holds across concurrent activations and server instances.
  await db.schema
    .createIndex('user_bonuses_one_active_idx')
    .on('user_bonuses')
    .column('user_id')
    .unique()
    .where(sql<boolean>`status = 'ACTIVE'`)
    .execute();
  await db.schema
    .createIndex('user_bonuses_receipts_idx')
    .on('user_bonuses')
    .columns(['user_id', 'source', 'source_code', 'created_at'])
    .execute();
  await db.schema
    .createIndex('user_bonuses_source_idx')
    .on('user_bonuses')
    .columns(['source', 'source_code'])
    .execute();
}
