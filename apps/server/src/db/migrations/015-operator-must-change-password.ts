import type { Kysely } from 'kysely';

/**
 * An operator whose password an owner made (create, reset) must replace it before doing anything
 * else: the owner saw it, so it is nobody's secret yet. 1 until POST /api/backoffice/me/password.
 * Integer rather than boolean so both databases read the same 0/1. Existing accounts chose their own
 * password (command line) or already use theirs, so they start cleared.
 *
 * Frozen in time: never import app types.
 */
export async function up(db: Kysely<any>, _dialect: 'sqlite' | 'postgres'): Promise<void> {
  await db.schema
    .alterTable('operators')
    .addColumn('must_change_password', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
