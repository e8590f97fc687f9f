import { type Kysely, sql } from 'kysely';
import type { Database } from './schema.ts';

/** Tables of the same shape (key, count, window_start) that hold fixed-window counters. */
export type CounterTable = 'auth_failures' | 'rate_counters';

/**
 * Takes one slot of the fixed window `key` and answers how many are taken now, this one included. A
 * window older than `windowMs` starts over. One upsert, so requests racing each other each see a
 * different count and never all pass a limit together, on one instance or many.
 */
export async function takeSlot(
  db: Kysely<Database>,
  table: CounterTable,
  key: string,
  now: number,
  windowMs: number,
): Promise<number> {
  const expired = sql<boolean>`${sql.ref(`${table}.window_start`)} < ${now - windowMs}`;
  const row = await db
    .insertInto(table as 'rate_counters')
    .values({ key, count: 1, window_start: now })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql<number>`case when ${expired} then 1 else ${sql.ref(`${table}.count`)} + 1 end`,
        window_start: sql<number>`case when ${expired} then ${now} else ${sql.ref(`${table}.window_start`)} end`,
      }),
    )
    .returning('count')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Returns a slot that did not count after all (a refused or a successful attempt). */
export async function giveBackSlot(db: Kysely<Database>, table: CounterTable, key: string): Promise<void> {
  await db
    .updateTable(table as 'rate_counters')
    .set((eb) => ({ count: eb('count', '-', 1) }))
    .where('key', '=', key)
    .where('count', '>', 0)
    .execute();
}
