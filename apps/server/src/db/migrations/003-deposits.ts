import type { Kysely } from 'kysely';

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
}
