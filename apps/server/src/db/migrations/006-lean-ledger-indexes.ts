import { type Kysely, sql } from 'kysely';

/**
 * Fewer index pages written per money movement. Under load the cost of a commit is the pages it
 * writes, and an index keyed by account or game account puts nearly every movement on a page of
 * its own; the rows themselves land on the tables' last pages.
 *
 * - ledger_transfers by debit and by credit account: nothing looks transfers up by account. The
 *   ledger check sums whole columns, and audits reach a transfer through its business record
 *   (ledger_transfers_ref_idx). Balances live on the accounts themselves.
 * - The pending game transfers of a game account: a statement is PENDING only while its provider
 *   call is out, so an index of just those rows stays a page or two, instead of one entry for every
 *   transfer ever made.
 *
 * Frozen in time: never import app types.
 */
export async function up(db: Kysely<any>, _dialect: 'sqlite' | 'postgres'): Promise<void> {
  await db.schema.dropIndex('ledger_transfers_debit_idx').execute();
  await db.schema.dropIndex('ledger_transfers_credit_idx').execute();
  await db.schema.dropIndex('statements_game_pending_idx').execute();
  await sql`create index statements_game_pending_idx on statements (game_account_id, created_at) where status = 'PENDING'`.execute(
    db,
  );
}
