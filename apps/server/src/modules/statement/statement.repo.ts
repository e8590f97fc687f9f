import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export async function countStatements(db: Kysely<Database>, userId: string): Promise<number> {
  const row = await db
    .selectFrom('statements')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** Newest first; the id breaks ties so paging is stable when two rows share a millisecond. */
export async function pageStatements(db: Kysely<Database>, userId: string, offset: number, limit: number) {
  return db
    .selectFrom('statements')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}
