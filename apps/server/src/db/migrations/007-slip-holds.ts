import type { Kysely } from 'kysely';

/**
 * Slips the server will not decide alone. A transfer whose sender, as the bank prints it (masked),
 * fits more than one registered player waits for an operator instead of paying the uploader; the
 * operator needs to see why, who the bank says sent it, and afterwards who decided. Frozen in time:
 * never import app types.
 */
export async function up(db: Kysely<any>, _dialect: 'sqlite' | 'postgres'): Promise<void> {
  // One column per statement: SQLite's ALTER TABLE adds only one at a time.
  // Why the slip waits for an operator (AMBIGUOUS_SENDER); null while the server decides it alone.
  await db.schema.alterTable('slips').addColumn('hold_reason', 'text').execute();
  // The sending account as the bank's verification service reported it: bank code and (masked) number.
  await db.schema.alterTable('slips').addColumn('sender_bank_code', 'text').execute();
  await db.schema.alterTable('slips').addColumn('sender_account_no', 'text').execute();
  // The operator who credited or rejected a held slip.
  await db.schema.alterTable('slips').addColumn('decided_by', 'text').execute();
}
