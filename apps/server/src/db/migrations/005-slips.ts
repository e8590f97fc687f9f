import { type Kysely, sql } from 'kysely';

/**
 * Uploaded transfer slips, the per-player upload throttle and the sandbox slip verifier's own books.
 * Frozen in time: never import app types.
 */
export async function up(db: Kysely<any>, _dialect: 'sqlite' | 'postgres'): Promise<void> {
  await db.schema
    .createTable('slips')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    // processing, success or failed (SPEC §8, lower case); note is the reason code of a failed slip.
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    // Read from the slip's QR code: the bank's transaction reference and its 3-digit sending-bank id.
    .addColumn('reference', 'text')
    .addColumn('sending_bank', 'text')
    // Known once the verifier has answered; 0 until then.
    .addColumn('amount', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('transferred_at', 'bigint')
    .addColumn('statement_id', 'text', (c) => c.references('statements.id'))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('file_size', 'bigint', (c) => c.notNull())
    // Verification attempts so far, and when the next may start. Claiming an attempt pushes
    // next_attempt_at forward in one conditional UPDATE, which doubles as a lease across instances.
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('slips_user_idx').on('slips').columns(['user_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('slips_due_idx').on('slips').columns(['status', 'next_attempt_at']).execute();
  await db.schema.createIndex('slips_reference_idx').on('slips').column('reference').execute();
  // One bank transfer pays one slip at most. deposit_references already refuses a second credit of
  // the same reference on every route; this keeps the slips table honest on its own as well.
  await db.schema
    .createIndex('slips_success_reference_uq')
    .on('slips')
    .column('reference')
    .unique()
    .where(sql.ref('status'), '=', sql.lit('success'))
    .execute();

  // When each player last had an upload accepted: one row per player, claimed with a conditional
  // upsert so two uploads at the same moment cannot both pass the once-a-minute rule.
  await db.schema
    .createTable('slip_upload_throttle')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id'))
    .addColumn('last_upload_at', 'bigint', (c) => c.notNull())
    .execute();

  // The sandbox verifier is "the bank's slip API": it keeps the transfers it knows in its own table
  // and never reads ours.
  await db.schema
    .createTable('sandbox_slip_transfers')
    .addColumn('reference', 'text', (c) => c.primaryKey())
    .addColumn('sending_bank_id', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('transferred_at', 'bigint', (c) => c.notNull())
    .addColumn('sender_bank', 'text', (c) => c.notNull())
    .addColumn('sender_account', 'text', (c) => c.notNull())
    .addColumn('receiver_bank', 'text', (c) => c.notNull())
    .addColumn('receiver_account', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}
