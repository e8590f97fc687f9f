import type { Kysely } from 'kysely';

/**
 * What the money desk needs to decide held deposits: the sender's name as the bank's slip service
 * reports it (beside the masked number, which may fit several players), why a QR payment was held for
 * player protection, and the first of two approvals of a held transfer or slip. Frozen in time: never
 * import app types.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('slips').addColumn('sender_name', 'text').execute();
  await db.schema.alterTable('sandbox_slip_transfers').addColumn('sender_name', 'text').execute();
  // DEPOSIT_LIMIT or PLAYER_RESTRICTED for a PROTECTION_HOLD payment; null for every other outcome.
  await db.schema.alterTable('qr_payments').addColumn('hold_reason', 'text').execute();

  // One first approval per open item; the second, different operator's decision removes it.
  await db.schema
    .createTable('money_desk_approvals')
    .addColumn('queue', 'text', (c) => c.notNull())
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('operator_id', 'text', (c) => c.notNull())
    .addColumn('operator_username', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('approved_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('money_desk_approvals_pk', ['queue', 'item_id'])
    .execute();
}
