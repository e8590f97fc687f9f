import { createHash } from 'node:crypto';
import type SQLite from 'better-sqlite3';
import { CompiledQuery, type Kysely, type Transaction } from 'kysely';
import { DEFER_MARK } from './deferred-writes.ts';
import { mapPlaceholders } from './placeholders.ts';
import type { Database } from './schema.ts';
import { type DirectSqlite, directOf } from './sqlite/group-commit-driver.ts';

/**
 * The texts of `prepared` statements and the name each is prepared under on a PostgreSQL connection.
 * A named statement is parsed and planned once per connection instead of on every call, which saves
 * the server most of the work of a short indexed query.
 */
const statementNames = new Map<string, string>();

/** The name a `prepared` text is prepared under on a PostgreSQL connection (see postgres.ts), if it is one. */
export function preparedStatementName(text: string): string | undefined {
  return statementNames.get(text);
}

/**
 * Whether `db` is the in-process SQLite database, where a statement costs no round trip; on PostgreSQL
 * each one does, so the hot paths there fold several into one.
 */
export function isInProcess(db: Kysely<Database>): boolean {
  return directOf(db) !== undefined;
}

/**
 * Runs `work` in a transaction, as `db.transaction().execute(work)` does. On SQLite it skips Kysely's
 * transaction machinery (see DirectSqlite.transaction); the hot paths use it. Either way `work` gets a
 * real Kysely Transaction, so code that must run inside one can say so in its types.
 */
export function transaction<T>(db: Kysely<Database>, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  const fast = directOf(db);
  if (!fast || fast.holdsConnection) return db.transaction().execute(work);
  return fast.direct.transaction(db, work);
}

export interface PreparedSql<Row> {
  /** Every row (a SELECT, or a write with RETURNING). */
  all(db: Kysely<Database>, params: readonly unknown[]): Promise<Row[]>;
  /** The first row, or undefined. */
  first(db: Kysely<Database>, params: readonly unknown[]): Promise<Row | undefined>;
  /** A write without RETURNING: how many rows it changed. */
  run(db: Kysely<Database>, params: readonly unknown[]): Promise<number>;
  /**
   * A write whose outcome nobody waits for. Inside a transaction on PostgreSQL it travels with the
   * transaction's next statement or its commit instead of a round trip of its own (deferred-writes.ts);
   * anywhere else it runs at once. Only for a write whose row count nobody needs, that fails only as a
   * bug would (its error surfaces later, ending the transaction all the same), and whose rows nothing
   * later in the same transaction reads or writes: the statement carrying it sees the database as it
   * was before it.
   */
  defer(db: Kysely<Database>, params: readonly unknown[]): Promise<void>;
}

/**
 * One fixed SQL text for both databases, written with PostgreSQL's $1…$n placeholders (a number may
 * repeat). The hot paths use these instead of the query builder: on SQLite they run straight on the
 * connection with a cached prepared statement, on PostgreSQL as a ready-made query through Kysely.
 * The text must be portable SQL; values always travel as parameters.
 */
export function prepared<Row = Record<string, unknown>>(text: string): PreparedSql<Row> {
  // better-sqlite3 binds only anonymous `?` by position: rewrite once and remember which value goes where.
  const order: number[] = [];
  const sqliteText = mapPlaceholders(text, (n) => {
    order.push(n - 1);
    return '?';
  });
  // Most texts use $1…$n once each, in order: then the values go through as they are.
  const inOrder = order.every((position, i) => position === i);
  const sqliteParams = (params: readonly unknown[]) =>
    inOrder && params.length === order.length ? (params as unknown[]) : order.map((i) => params[i]);
  // The statement prepared on the database this text last ran on (nearly always the only one).
  let preparedOn: DirectSqlite | undefined;
  let statement: SQLite.Statement | undefined;
  const statementOn = (direct: DirectSqlite): SQLite.Statement => {
    if (preparedOn !== direct || !statement) {
      statement = direct.statement(sqliteText);
      preparedOn = direct;
    }
    return statement;
  };
  statementNames.set(text, `wallet_${createHash('sha256').update(text).digest('hex').slice(0, 16)}`);

  async function viaKysely(db: Kysely<Database>, params: readonly unknown[]) {
    return db.executeQuery<Row>(CompiledQuery.raw(text, params as unknown[]));
  }

  /**
   * Runs the statement on SQLite; undefined when `db` goes through Kysely. Inside a transaction the
   * connection is already the caller's: the statement runs at once, without the two async frames per
   * statement that a money movement's dozen statements would otherwise pay.
   */
  function onSqlite<R>(db: Kysely<Database>, run: (statement: SQLite.Statement) => R): Promise<R> | undefined {
    try {
      const fast = directOf(db);
      if (!fast) return undefined;
      if (!fast.holdsConnection) return fast.direct.use(false, statementOn(fast.direct), run);
      return Promise.resolve(run(statementOn(fast.direct)));
    } catch (error) {
      return Promise.reject(error);
    }
  }

  return {
    all(db, params) {
      return (
        onSqlite(db, (st) => st.all(sqliteParams(params)) as Row[]) ??
        viaKysely(db, params).then((result) => result.rows)
      );
    },
    first(db, params) {
      return (
        // A write with RETURNING must run to completion even if only its first row is wanted.
        onSqlite(db, (st) =>
          st.readonly
            ? (st.get(sqliteParams(params)) as Row | undefined)
            : (st.all(sqliteParams(params))[0] as Row | undefined),
        ) ?? viaKysely(db, params).then((result) => result.rows[0])
      );
    },
    run(db, params) {
      return (
        onSqlite(db, (st) => st.run(sqliteParams(params)).changes) ??
        viaKysely(db, params).then((result) => Number(result.numAffectedRows ?? 0))
      );
    },
    async defer(db, params) {
      // SQLite is in process: a statement costs no round trip, so it simply runs.
      const done = onSqlite(db, (st) => st.run(sqliteParams(params)));
      if (done) await done;
      else await db.executeQuery(CompiledQuery.raw(DEFER_MARK + text, params as unknown[]));
    },
  };
}
