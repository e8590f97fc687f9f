import type { Kysely } from 'kysely';

/**
 * Account security (issue 12): a history of payout bank-account changes, the operator review of
 * withdrawals made soon after one, and fixed-window counters for the OTP SMS budget.
 * Frozen in time: never import app types.
 */
export async function up(db: Kysely<any>, _dialect: 'sqlite' | 'postgres'): Promise<void> {
  // Every change of a player's payout account, old and new: withdrawals soon after one wait for an
  // operator, and whoever reviews them sees where the money used to go.
  await db.schema
    .createTable('bank_account_changes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('old_bank_code', 'text', (c) => c.notNull())
    .addColumn('old_bank_account_no', 'text', (c) => c.notNull())
    .addColumn('old_bank_account_name', 'text', (c) => c.notNull())
    .addColumn('new_bank_code', 'text', (c) => c.notNull())
    .addColumn('new_bank_account_no', 'text', (c) => c.notNull())
    .addColumn('new_bank_account_name', 'text', (c) => c.notNull())
    .addColumn('changed_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('bank_account_changes_user_idx')
    .on('bank_account_changes')
    .columns(['user_id', 'changed_at'])
    .execute();

  // null: the payout is sent at once. AWAITING: held until an operator approves (APPROVED, then sent)
  // or rejects it (REJECTED, the money back in the wallet). One column per statement: SQLite adds one
  // column per ALTER TABLE.
  await db.schema.alterTable('withdrawals').addColumn('review', 'text').execute();
  await db.schema.alterTable('withdrawals').addColumn('reviewed_at', 'bigint').execute();

  // Fixed-window counters shared by every server instance (OTP sends per client address, the global
  // SMS budget). A slot is taken with one upsert, so parallel requests cannot all squeeze under a limit.
  await db.schema
    .createTable('rate_counters')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('window_start', 'bigint', (c) => c.notNull())
    .execute();
}
