import { type Kysely, sql } from 'kysely';

/**
 * The back office's players desk (issue 14): players' requests to change their payout bank account,
 * which an operator approves or refuses, and manual adjustments of a wallet (booked at once, or pending
 * for a second operator above the four-eyes threshold). Frozen in time: never import app types.
 */
export async function up(db: Kysely<any>, _dialect: 'sqlite' | 'postgres'): Promise<void> {
  await db.schema
    .createTable('bank_change_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    // pending | approved | refused
    .addColumn('status', 'text', (c) => c.notNull())
    // The account at the time of the request: what the operator compares the new one with.
    .addColumn('old_bank_code', 'text', (c) => c.notNull())
    .addColumn('old_bank_account_name', 'text', (c) => c.notNull())
    .addColumn('old_bank_account_no', 'text', (c) => c.notNull())
    .addColumn('new_bank_code', 'text', (c) => c.notNull())
    .addColumn('new_bank_account_name', 'text', (c) => c.notNull())
    .addColumn('new_bank_account_no', 'text', (c) => c.notNull())
    // The operator's reason; a refusal's is shown to the player.
    .addColumn('reason', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('decided_at', 'bigint')
    .addColumn('decided_by', 'text')
    .execute();
  // One open request per player, whatever races: the second insert fails on this index.
  await sql`create unique index bank_change_requests_one_pending on bank_change_requests (user_id)
    where status = 'pending'`.execute(db);
  await db.schema
    .createIndex('bank_change_requests_user_idx')
    .on('bank_change_requests')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('bank_change_requests_status_idx')
    .on('bank_change_requests')
    .columns(['status', 'created_at'])
    .execute();

  await db.schema
    .createTable('wallet_adjustments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    // credit | debit
    .addColumn('direction', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    // pending | booked | refused
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_by_username', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('decided_by', 'text')
    .addColumn('decided_by_username', 'text')
    .addColumn('decided_at', 'bigint')
    .addColumn('decision_reason', 'text')
    // The statement row (and through it the ledger transfer) of the booking; null until booked.
    .addColumn('statement_id', 'text')
    .addColumn('wallet_after', 'bigint')
    // The creator's Idempotency-Key and a hash of what was asked: a retry finds the first adjustment.
    .addColumn('idempotency_key', 'text')
    .addColumn('request_hash', 'text')
    .execute();
  await db.schema
    .createIndex('wallet_adjustments_key_idx')
    .on('wallet_adjustments')
    .columns(['created_by', 'idempotency_key'])
    .unique()
    .execute();
  await db.schema
    .createIndex('wallet_adjustments_user_idx')
    .on('wallet_adjustments')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('wallet_adjustments_status_idx')
    .on('wallet_adjustments')
    .columns(['status', 'created_at'])
    .execute();
}
