import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { Dialect } from './dialect.ts';
import { openPostgresKysely } from './postgres.ts';
import type { Database } from './schema.ts';
import { openSqliteKysely } from './sqlite/group-commit-driver.ts';

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  close(): Promise<void>;
}

export interface OpenDbOptions {
  /** PostgreSQL only: every query runs in this schema (tests give each run its own). */
  schema?: string;
  /**
   * SQLite only. NORMAL (the default, in WAL mode): a commit survives the process crashing, and only a power
   * cut or an OS crash can lose the last commits before a checkpoint. FULL: an fsync on every commit, for
   * operators who want commits to survive power loss too, at a cost in writes per second.
   */
  sqliteSynchronous?: 'NORMAL' | 'FULL';
  /** SQLite only: the WAL size (pages) past which the background checkpointer starts it over (tests lower it). */
  walRestartPages?: number;
}

/** SQLite's page cache for the one connection, in KiB. */
const PAGE_CACHE_KIB = 64 * 1024;

/** Opens the database named by a `sqlite:<file>` or `postgres://` URL. */
export function openDb(url: string, options: OpenDbOptions = {}): Db {
  if (url.startsWith('sqlite:')) {
    const file = url.slice('sqlite:'.length);
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
    const sqlite = new SQLite(file);
    // WAL lets readers proceed during a write; busy_timeout makes a second process wait instead of failing.
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma(`synchronous = ${options.sqliteSynchronous === 'FULL' ? 'FULL' : 'NORMAL'}`);
    sqlite.pragma('busy_timeout = 5000');
    sqlite.pragma('foreign_keys = ON');
    // SQLite's default page cache is 2 MB; the pages a busy wallet touches (every player's leaf page in
    // each per-player index, the ledger accounts) outgrow it, and every miss is a read from the file.
    sqlite.pragma(`cache_size = -${PAGE_CACHE_KIB}`);
    // Every transaction is a savepoint (group commit, sqlite/group-commit-driver.ts), and SQLite keeps the
    // original of each page a savepoint changes in a sub-journal, by default a temporary file: a write()
    // for nearly every statement of a money movement. In memory it is a copy; these journals last one
    // transaction.
    sqlite.pragma('temp_store = MEMORY');
    const kysely = openSqliteKysely(sqlite, file === ':memory:' ? undefined : file, options.walRestartPages);
    return { kysely, dialect: 'sqlite', close: () => kysely.destroy() };
  }
  const kysely = openPostgresKysely(url, options.schema);
  return { kysely, dialect: 'postgres', close: () => kysely.destroy() };
}
