import { type Kysely, sql } from 'kysely';

/**
 * Money in and out by bank: the once-ever claim on outside references, the bank feed, manual deposit
 * notices and withdrawals. Frozen in time: never import app types.
 */
export async function up(db: Kysely<any>, _dialect: 'sqlite' | 'postgres'): Promise<void> {
  // Every deposit route claims its outside reference here in the crediting transaction: the primary
  // key is what makes "credited once" hold across routes and across server instances.
  await db.schema
    .createTable('deposit_references')
    .addColumn('reference', 'text', (c) => c.primaryKey())
    .addColumn('statement_id', 'text', (c) => c.notNull().references('statements.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  // Every transfer the bank feed delivered, once per bank reference, whatever became of it: nothing
  // the bank reports is dropped. status: CREDITED, UNMATCHED (reason NO_PLAYER, AMBIGUOUS, CURRENCY;
  // waits for the operator), DUPLICATE (paid by another route), UNKNOWN_DESTINATION (not our account).
  // The sender and destination are kept as delivered (a masked number stays masked).
  await db.schema
    .createTable('bank_transfers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('reference', 'text', (c) => c.notNull().unique())
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('to_account_no', 'text', (c) => c.notNull())
    .addColumn('to_bank_code', 'text')
    .addColumn('from_account_no', 'text', (c) => c.notNull())
    .addColumn('from_bank_code', 'text')
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    // The destination account's currency; null when the destination is not ours.
    .addColumn('currency', 'text')
    .addColumn('transferred_at', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('user_id', 'text', (c) => c.references('users.id'))
    .addColumn('statement_id', 'text', (c) => c.references('statements.id'))
    // Who credited an UNMATCHED transfer by hand (an operator), for the audit trail.
    .addColumn('resolved_by', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('bank_transfers_status_idx')
    .on('bank_transfers')
    .columns(['status', 'created_at'])
    .execute();

  // A player's notice of a manual deposit; its id is the id of the PENDING deposit statement the
  // player sees, so support, the player and the operator quote the same id.
  // status: PENDING, CONFIRMED (the wallet was credited), REJECTED.
  await db.schema
    .createTable('manual_deposits')
    .addColumn('id', 'text', (c) => c.primaryKey().references('statements.id'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('from_bank_code', 'text', (c) => c.notNull())
    .addColumn('from_account_no', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('decided_by', 'text')
    .addColumn('decided_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('manual_deposits_status_idx')
    .on('manual_deposits')
    .columns(['status', 'created_at'])
    .execute();

  // A withdrawal: held out of the wallet until the payout posts or fails. Its id is the withdraw
  // statement's id and the payout reference the bank sees. The destination is a snapshot of the
  // player's registered bank account at request time: a later profile change never redirects money
  // already on its way. status: PENDING, PAID, FAILED (the hold went back to the wallet).
  await db.schema
    .createTable('withdrawals')
    .addColumn('id', 'text', (c) => c.primaryKey().references('statements.id'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('bank_code', 'text', (c) => c.notNull())
    .addColumn('bank_account_no', 'text', (c) => c.notNull())
    .addColumn('bank_account_name', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('failure_reason', 'text')
    .addColumn('settled_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('withdrawals_status_idx').on('withdrawals').columns(['status', 'created_at']).execute();
  await db.schema.createIndex('withdrawals_user_idx').on('withdrawals').columns(['user_id', 'created_at']).execute();
}
