import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from './schema.ts';

/** Key/value settings stored as JSON: operator content, the service state, generated secrets. */
export async function getSetting<T>(db: Kysely<Database>, key: string): Promise<T | undefined> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  return row ? (JSON.parse(row.value) as T) : undefined;
}

export async function putSetting(db: Kysely<Database>, key: string, value: unknown, now = Date.now()): Promise<void> {
  const json = JSON.stringify(value);
  await db
    .insertInto('settings')
    .values({ key, value: json, updated_at: now })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: json, updated_at: now }))
    .execute();
}

/** Inserts only when absent, so concurrent first starts agree on one value. */
export async function ensureSetting<T>(db: Kysely<Database>, key: string, make: () => T): Promise<T> {
  await db
    .insertInto('settings')
    .values({ key, value: JSON.stringify(make()), updated_at: Date.now() })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  return (await getSetting<T>(db, key)) as T;
}

/**
 * Makes operator changes to settings take turns: two owners saving at once each read the value the
 * other wrote, so each audit row's "before" is true and a repeated switch is seen as no change.
 * SQLite runs one write transaction at a time already; PostgreSQL takes a lock held to commit.
 */
export async function serializeSettingsWrites(
  trx: Transaction<Database>,
  dialect: 'sqlite' | 'postgres',
): Promise<void> {
  if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(7272014)`.execute(trx);
}
