import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * The statement shows how each deposit came in (issue 18), found by the deposit statement's id in the
 * record that booked it. Partial indexes: only booked rows have a statement, and the rest (unmatched
 * transfers, unpaid QRs, refused slips) never need one here, so each index stays small and costs a
 * write only when money is booked.
 *
 * Frozen in time: never import app types.
 */
export async function up(db: Kysely<any>, _dialect: 'sqlite' | 'postgres'): Promise<void> {
  for (const table of ['bank_transfers', 'qrcodes', 'slips', 'gift_link_redemptions']) {
    await sql`create index ${sql.id(`${table}_statement_idx`)} on ${sql.table(table)} (statement_id) where statement_id is not null`.execute(
      db,
    );
  }
}
