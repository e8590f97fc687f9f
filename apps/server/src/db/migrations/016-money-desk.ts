import type { Kysely } from 'kysely';

/**
 * The money desk (issue 14): operators' claims on queue items, and what their decisions record.
 *
 * operator_claims: one row per (queue, item) an operator is working on. A claim that was not renewed
 * before expires_at is free for anyone, so an item is never stuck behind someone who left.
 *
 * withdrawals.first_approved_*: four eyes, the first of the two approvals a large withdrawal needs.
 * *.decision_reason: why an operator decided as they did; a withdrawal's is shown to the player.
 *
 * Frozen in time: never import app types.
 */
export async function up(db: Kysely<any>, _dialect: 'sqlite' | 'postgres'): Promise<void> {
  await db.schema
    .createTable('operator_claims')
    .addColumn('queue', 'text', (c) => c.notNull())
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('operator_id', 'text', (c) => c.notNull().references('operators.id'))
    .addColumn('operator_username', 'text', (c) => c.notNull())
    .addColumn('claimed_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('operator_claims_pk', ['queue', 'item_id'])
    .execute();

  await db.schema.alterTable('withdrawals').addColumn('first_approved_by', 'text').execute();
  await db.schema.alterTable('withdrawals').addColumn('first_approved_by_name', 'text').execute();
  await db.schema.alterTable('withdrawals').addColumn('first_approved_at', 'bigint').execute();
  await db.schema.alterTable('withdrawals').addColumn('decision_reason', 'text').execute();
  await db.schema.alterTable('bank_transfers').addColumn('decision_reason', 'text').execute();
  await db.schema.alterTable('manual_deposits').addColumn('decision_reason', 'text').execute();
}
