import { type Kysely, SqliteAdapter } from 'kysely';
import type { Database } from './schema.ts';

export type Dialect = 'sqlite' | 'postgres';

/** Which database a Kysely instance (or a transaction on it) talks to. */
export function dialectOf(db: Kysely<Database>): Dialect {
  return db.getExecutor().adapter instanceof SqliteAdapter ? 'sqlite' : 'postgres';
}
