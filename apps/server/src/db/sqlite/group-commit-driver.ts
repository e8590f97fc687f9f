import type SQLite from 'better-sqlite3';
import {
  type CompiledQuery,
  type ConnectionProvider,
  type DatabaseConnection,
  type Driver,
  Kysely,
  type KyselyConfig,
  type Dialect as KyselyDialect,
  type QueryResult,
  SqliteAdapter,
  SqliteDialect,
  SqliteDriver,
  Transaction,
} from 'kysely';
import type { Database } from '../schema.ts';
import { BackgroundCheckpointer } from './checkpointer.ts';

const STATEMENT_CACHE_SIZE = 500;
/** A shared SQLite transaction commits at the latest after this many logical transactions. */
const GROUP_MAX_TRANSACTIONS = 200;
/**
 * A busy database (this many group commits) gets a background checkpointer, and from then on the
 * connection never checkpoints itself: a checkpoint's fsyncs on this connection stall the event loop,
 * every request with it. The worker also starts the WAL over (checkpointer.ts, WAL_RESTART_PAGES).
 */
const CHECKPOINTER_AFTER_GROUPS = 256;

/**
 * SQLite has one connection. Kysely's driver and the direct statements below both take it through
 * this lock, so a direct statement can never land inside somebody else's open transaction. Waiters
 * are served in arrival order, and the lock passes straight to the next one: it is never free while
 * somebody waits.
 */
class ConnectionLock {
  #held = false;
  readonly #waiting: Array<() => void> = [];

  get isHeld(): boolean {
    return this.#held;
  }

  acquire(): Promise<void> {
    if (!this.#held) {
      this.#held = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  release(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#held = false;
  }
}

/** The SQLite transaction several logical transactions share, and the promise of its commit. */
interface CommitGroup {
  size: number;
  /** Set when the group should have committed but the connection was in use: it commits when the turn ends. */
  due: boolean;
  committed: Promise<void>;
  resolve(): void;
  reject(error: unknown): void;
}

/**
 * The SQLite connection without Kysely in between, and group commit.
 *
 * Direct statements: Kysely's SQLite driver prepares every statement on every call, and its query
 * builder costs more than a short indexed query itself; the hot paths run fixed SQL texts (see
 * `prepared`) straight on better-sqlite3, whose calls are synchronous.
 *
 * Group commit: a commit writes every page its transaction touched to the WAL, and every thousand
 * pages a checkpoint syncs the file to disk, stalling the whole process; under load most of a money
 * movement's cost was its three commits. So a transaction is a SAVEPOINT inside one SQLite
 * transaction that the transactions of one turn of the event loop share, and that commits once, at
 * the end of the turn (setImmediate), or after GROUP_MAX_TRANSACTIONS. A transaction's `execute()`
 * resolves only after that commit, so what a caller is told is committed is on disk exactly as before;
 * a transaction that fails rolls back to its savepoint and leaves the others intact. Statements still
 * run strictly one at a time, each transaction seeing what the ones before it wrote, as before.
 *
 * Work outside transactions keeps its meaning by two rules: a write outside a transaction first
 * commits the open group (so it still commits on its own, at once), and a read outside a transaction
 * reads inside the group, that is, it may see a transaction whose commit is still to be written in
 * this turn. Should that commit fail (an I/O error, a full disk), every transaction of the group
 * fails, and such a read has shown data that was then not kept.
 */
export class DirectSqlite {
  readonly lock = new ConnectionLock();
  readonly #statements = new Map<string, SQLite.Statement>();
  #group: CommitGroup | undefined;
  #groupsCommitted = 0;
  #checkpointer: BackgroundCheckpointer | undefined;

  /**
   * `file` is the database file, or undefined for an in-memory database (nothing to checkpoint);
   * `walRestartPages` overrides checkpointer.ts's WAL_RESTART_PAGES (tests).
   */
  constructor(
    readonly sqlite: SQLite.Database,
    readonly file?: string,
    readonly walRestartPages?: number,
  ) {}

  readonly #controlStatements = new Map<string, SQLite.Statement>();

  /** Runs begin, savepoint, commit and the like: several per money movement, so kept apart from the LRU. */
  #control(text: string): void {
    let statement = this.#controlStatements.get(text);
    if (!statement) {
      statement = this.sqlite.prepare(text);
      this.#controlStatements.set(text, statement);
    }
    statement.run();
  }

  /** Prepared statements are kept (our SQL texts are few and fixed), least recently used dropped first. */
  statement(text: string): SQLite.Statement {
    let statement = this.#statements.get(text);
    if (statement) {
      this.#statements.delete(text);
    } else {
      statement = this.sqlite.prepare(text);
      if (this.#statements.size >= STATEMENT_CACHE_SIZE) {
        this.#statements.delete(this.#statements.keys().next().value as string);
      }
    }
    this.#statements.set(text, statement);
    return statement;
  }

  /**
   * Runs one statement. Inside a transaction the caller already holds the connection. Otherwise a
   * free connection is used at once (nothing else can run during a synchronous call) and a busy one
   * is waited for.
   */
  async use<T>(
    holdsConnection: boolean,
    statement: SQLite.Statement,
    run: (statement: SQLite.Statement) => T,
  ): Promise<T> {
    if (holdsConnection) return run(statement);
    if (!this.lock.isHeld) {
      this.#prepareOutside(statement);
      return run(statement);
    }
    await this.lock.acquire();
    try {
      this.#prepareOutside(statement);
      return run(statement);
    } finally {
      this.endTurn();
    }
  }

  /**
   * A write outside a transaction commits on its own, at once, so the open group commits first. A read
   * joins the group (opening one if need be): SQLite would otherwise start and end a read transaction
   * around it, taking and dropping the WAL's read lock, for every session lookup of every request.
   */
  #prepareOutside(statement: SQLite.Statement): void {
    if (statement.readonly) {
      this.#openGroup();
    } else this.commitGroup();
  }

  /**
   * A logical transaction without Kysely's transaction machinery, which costs as much as the few short
   * statements of a money movement (a transaction builder, a connection-provider chain and an
   * asserting executor per call). `work` gets a Kysely transaction all the same; it refuses to run
   * anything once the transaction has ended, as Kysely's does (see #handleFor for the one case it
   * cannot tell).
   */
  async transaction<T>(root: Kysely<Database>, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    await this.lock.acquire();
    let owed: Promise<void> | undefined;
    try {
      this.beginLogical();
      const trx = this.#handleFor(root);
      this.#handleOpen = true;
      let result: T;
      try {
        result = await work(trx);
      } catch (error) {
        this.#handleOpen = false;
        this.rollbackLogical();
        throw error;
      }
      this.#handleOpen = false;
      owed = this.commitLogical();
      return result;
    } finally {
      try {
        this.endTurn();
      } finally {
        if (owed) await owed;
      }
    }
  }

  #handle: { root: Kysely<Database>; trx: Transaction<Database> } | undefined;
  #handleOpen = false;

  /**
   * The Kysely transaction `work` gets. The connection runs one logical transaction at a time, so one
   * handle serves them all in turn: a Transaction built per call (executor, connection provider, frozen
   * props) made a money movement a fifth slower, its three transactions' worth of short-lived objects
   * and call sites that never settled. The handle refuses to run anything while no transaction is
   * open. What it cannot tell apart is a query left running after its own transaction ended (a missing
   * await) while a later transaction is open: that query would run in the later one. Every query in
   * `work` is therefore awaited, which the money code does throughout.
   */
  #handleFor(root: Kysely<Database>): Transaction<Database> {
    if (this.#handle?.root === root) return this.#handle.trx;
    const props = this.transactionProps;
    if (!props) throw new Error('the database is not open');
    const turn = new SqliteTurn(this);
    turn.depth = 1;
    const isOpen = () => this.#handleOpen;
    const provider: ConnectionProvider = {
      async provideConnection(consumer) {
        if (!isOpen()) throw new Error('the transaction has already ended');
        return consumer(turn);
      },
    };
    const trx = new Transaction<Database>({ ...props, executor: root.getExecutor().withConnectionProvider(provider) });
    transactionStates.set(trx, {
      get open() {
        return isOpen();
      },
    });
    this.#handle = { root, trx };
    return trx;
  }

  /**
   * Set by openSqliteKysely once the Kysely instance exists: what a Transaction on this database is made of, as
   * Kysely's own transactions are (its props, with an executor bound to the connection).
   */
  transactionProps: { config: KyselyConfig; driver: Driver; dialect: KyselyDialect } | undefined;

  /** For Kysely's connection: `inTransaction` tells whether a write may join the open group. */
  execute(compiledQuery: CompiledQuery, inTransaction: boolean): QueryResult<unknown> {
    const statement = this.statement(compiledQuery.sql);
    if (!inTransaction && !statement.readonly) this.commitGroup();
    if (statement.reader) return { rows: statement.all(compiledQuery.parameters) };
    const { changes, lastInsertRowid } = statement.run(compiledQuery.parameters);
    return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
  }

  /** Opens a logical transaction: a savepoint in the group's SQLite transaction, opened if need be. */
  beginLogical(): void {
    this.#openGroup();
    this.#control('savepoint wallet_tx');
  }

  #openGroup(): void {
    if (!this.#group) {
      this.#control('begin');
      let resolve = () => {};
      let reject: (error: unknown) => void = () => {};
      const committed = new Promise<void>((yes, no) => {
        resolve = yes;
        reject = no;
      });
      // A group may fail with nobody waiting on it; that is no unhandled rejection.
      committed.catch(() => {});
      const group: CommitGroup = { size: 0, due: false, committed, resolve, reject };
      this.#group = group;
      setImmediate(() => this.#commitAtTurnEnd(group));
    }
  }

  /**
   * Releases a logical transaction into its group. Returns the promise of the group's commit, which
   * the caller must await before reporting success.
   */
  commitLogical(): Promise<void> {
    const group = this.#group;
    if (!group) throw new Error('no transaction to commit');
    this.#control('release wallet_tx');
    group.size += 1;
    if (group.size >= GROUP_MAX_TRANSACTIONS) this.commitGroup();
    return group.committed;
  }

  rollbackLogical(): void {
    try {
      this.#control('rollback to wallet_tx');
      this.#control('release wallet_tx');
    } finally {
      this.#failGroupIfRolledBack();
    }
  }

  /** Ends the holder's turn: a group that is due commits, then the connection passes to the next waiter. */
  endTurn(): void {
    try {
      if (this.#group?.due) this.commitGroup();
    } finally {
      this.lock.release();
    }
  }

  commitGroup(): void {
    const group = this.#group;
    if (!group) return;
    this.#group = undefined;
    try {
      this.#control('commit');
    } catch (error) {
      if (this.sqlite.inTransaction) this.#control('rollback');
      group.reject(error);
      throw error;
    }
    group.resolve();
    if (this.#checkpointer) this.#checkpointer.request();
    else if (++this.#groupsCommitted === CHECKPOINTER_AFTER_GROUPS) this.#startCheckpointer();
  }

  /** Commits before closing: nothing waiting on a group may be left behind. */
  async close(): Promise<void> {
    if (this.#group) this.commitGroup();
    await this.#checkpointer?.stop();
    this.sqlite.close();
  }

  /** Takes checkpoints off the event loop once the database is busy (see checkpointer.ts). */
  #startCheckpointer(): void {
    if (!this.file || this.#checkpointer) return;
    this.#checkpointer = new BackgroundCheckpointer(this.file, {
      // Without a working worker the connection checkpoints as SQLite does by default.
      onFailure: () => this.sqlite.pragma('wal_autocheckpoint = 1000'),
      holdWrites: () => this.#holdConnection(),
      ...(this.walRestartPages ? { restartPages: this.walRestartPages } : {}),
    });
    this.sqlite.pragma('wal_autocheckpoint = 0');
  }

  /**
   * Takes the connection as a transaction would (waiting, never blocking the event loop) and commits
   * the open group, so nothing of this connection is in the WAL's way; returns the release.
   */
  async #holdConnection(): Promise<() => void> {
    await this.lock.acquire();
    try {
      this.commitGroup();
    } catch (error) {
      this.endTurn();
      throw error;
    }
    return () => this.endTurn();
  }

  /** The end of the event-loop turn the group began in: commit now, or when the current holder is done. */
  #commitAtTurnEnd(group: CommitGroup): void {
    if (this.#group !== group) return;
    if (this.lock.isHeld) {
      group.due = true;
      return;
    }
    try {
      this.commitGroup();
    } catch {
      // The group's transactions learn of the failure through `committed`; nobody else is waiting here.
    }
  }

  /**
   * Some errors (a full disk, an I/O error) make SQLite roll back the whole transaction, not just the
   * statement: then every logical transaction of the group is lost and must fail.
   */
  #failGroupIfRolledBack(): void {
    const group = this.#group;
    if (!group || this.sqlite.inTransaction) return;
    this.#group = undefined;
    group.reject(new Error('SQLite rolled back the shared transaction'));
  }
}

/** One turn on the connection, as Kysely sees it: a transaction, a single query, or a pinned connection. */
class SqliteTurn implements DatabaseConnection {
  /** Open logical transactions on this turn (Kysely nests none, but a pinned connection may run several). */
  depth = 0;
  /** Commits of this turn's transactions still being written; awaited before the turn ends. */
  readonly owed: Promise<void>[] = [];

  constructor(readonly direct: DirectSqlite) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return this.direct.execute(query, this.depth > 0) as QueryResult<R>;
  }

  async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    for (const row of this.direct.statement(query.sql).iterate(query.parameters)) yield { rows: [row as R] };
  }
}

/** Kysely's SQLite driver on a DirectSqlite: its lock, statement cache and group commit. */
class WalletSqliteDriver extends SqliteDriver {
  readonly #direct: DirectSqlite;

  constructor(direct: DirectSqlite) {
    super({ database: direct.sqlite });
    this.#direct = direct;
  }

  override async init(): Promise<void> {}

  override async acquireConnection(): Promise<DatabaseConnection> {
    await this.#direct.lock.acquire();
    return new SqliteTurn(this.#direct);
  }

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    this.#direct.beginLogical();
    (connection as SqliteTurn).depth += 1;
  }

  override async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const turn = connection as SqliteTurn;
    turn.depth -= 1;
    turn.owed.push(this.#direct.commitLogical());
  }

  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    (connection as SqliteTurn).depth -= 1;
    this.#direct.rollbackLogical();
  }

  /** Kysely awaits this before a transaction's execute() resolves: it waits for the commit too. */
  override async releaseConnection(connection?: DatabaseConnection): Promise<void> {
    try {
      this.#direct.endTurn();
    } finally {
      if (connection) await Promise.all((connection as SqliteTurn).owed);
    }
  }

  override async destroy(): Promise<void> {
    await this.#direct.close();
  }
}

/** Carries the DirectSqlite to `prepared`: every Kysely instance on this database, transactions too, shares it. */
class WalletSqliteAdapter extends SqliteAdapter {
  constructor(readonly direct: DirectSqlite) {
    super();
  }
}

class WalletSqliteDialect extends SqliteDialect {
  readonly #direct: DirectSqlite;

  constructor(direct: DirectSqlite) {
    super({ database: direct.sqlite });
    this.#direct = direct;
  }

  override createDriver() {
    return new WalletSqliteDriver(this.#direct);
  }

  override createAdapter() {
    return new WalletSqliteAdapter(this.#direct);
  }
}

/** The Kysely instances openSqliteKysely made (not transactions, not pinned connections). */
const roots = new WeakSet<Kysely<Database>>();
/** Transactions made by DirectSqlite.transaction, and whether each is still open. */
const transactionStates = new WeakMap<Kysely<Database>, { open: boolean }>();

/**
 * The direct connection behind `db` and whether the caller already holds it, or undefined when `db`
 * must be used through Kysely (PostgreSQL, or a connection pinned with `db.connection()`).
 */
export function directOf(db: Kysely<Database>): { direct: DirectSqlite; holdsConnection: boolean } | undefined {
  // getExecutor() is marked internal, but it is the one way to reach the dialect from any instance.
  const adapter = db.getExecutor().adapter;
  if (!(adapter instanceof WalletSqliteAdapter)) return undefined;
  if (db.isTransaction) {
    if (transactionStates.get(db)?.open === false) throw new Error('the transaction has already ended');
    return { direct: adapter.direct, holdsConnection: true };
  }
  return roots.has(db) ? { direct: adapter.direct, holdsConnection: false } : undefined;
}

/** The Kysely instance on an open better-sqlite3 connection: `file` as for DirectSqlite. */
export function openSqliteKysely(
  sqlite: SQLite.Database,
  file: string | undefined,
  walRestartPages?: number,
): Kysely<Database> {
  const direct = new DirectSqlite(sqlite, file, walRestartPages);
  const dialect = new WalletSqliteDialect(direct);
  const kysely = new Kysely<Database>({ dialect });
  // A Transaction never calls its driver (it cannot open or end transactions itself); any driver will do.
  direct.transactionProps = { config: { dialect }, driver: dialect.createDriver(), dialect };
  roots.add(kysely);
  return kysely;
}
