import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { canCarryWrites, DEFER_MARK, type PendingWrite, withWrites, writesAlone } from './deferred-writes.ts';
import { mapPlaceholders } from './placeholders.ts';
import { preparedStatementName } from './prepared.ts';
import type { Database } from './schema.ts';

// int8 (bigint) columns hold epoch ms and minor units, all far below 2^53: read them as numbers.
pg.types.setTypeParser(20, (value: string) => Number(value));

let roundTrips = 0;

/**
 * Queries this process has sent to PostgreSQL, BEGIN and COMMIT included: each is a round trip, the
 * main cost of a money movement there (/metrics shows it; the bench prints it per request).
 */
export function postgresRoundTrips(): number {
  return roundTrips;
}

/** Most distinct query texts this process prepares by name (each takes a little memory per connection). */
const NAMED_TEXTS_MAX = 2_000;
/** Texts seen once, waiting for a second use before they are named; cleared when it fills up. */
const SEEN_ONCE_MAX = 10_000;
const namedTexts = new Map<string, string>();
const seenOnce = new Set<string>();
/** Texts whose named plan a schema change broke: run unnamed from then on (see PreparingClient#send). */
const staleTexts = new Set<string>();

/** PostgreSQL refuses a named statement whose result columns a migration changed (`select *` of an altered table). */
function isStalePlan(error: unknown): boolean {
  return (
    (error as { code?: string }).code === '0A000' &&
    /cached plan must not change result type/.test((error as Error).message ?? '')
  );
}

/**
 * The name a parameterised query runs under. Named statements are parsed and planned once per
 * connection, which on a short indexed query saves PostgreSQL most of its work (the bench measured
 * about a quarter more transfers and wallet reads per second). The query builder's texts are named
 * too, from their second use: a text used once (an ad-hoc report) is not worth a statement slot.
 * Migrations run before the server answers, so no named plan outlives a schema change.
 */
function statementName(text: string, values: unknown): string | undefined {
  if (staleTexts.has(text)) return undefined;
  const known = preparedStatementName(text) ?? namedTexts.get(text);
  if (known || !Array.isArray(values) || values.length === 0 || namedTexts.size >= NAMED_TEXTS_MAX) return known;
  if (!seenOnce.has(text)) {
    if (seenOnce.size >= SEEN_ONCE_MAX) seenOnce.clear();
    seenOnce.add(text);
    return undefined;
  }
  seenOnce.delete(text);
  const name = `wallet_q${namedTexts.size + 1}`;
  namedTexts.set(text, name);
  return name;
}

type Result = { command: string; rowCount: number | null; rows: unknown[] };
const answered = (command: string): Promise<Result> => Promise.resolve({ command, rowCount: null, rows: [] });

/**
 * pg's client, running repeated parameterised queries as named statements, counting round trips, and
 * saving some inside transactions (Kysely sends `begin`, `commit` and `rollback` as plain texts):
 * - deferred writes (deferred-writes.ts) wait and travel with the next statement, or with the commit;
 * - `begin` waits for the first statement that must see the transaction. A transaction that turns out
 *   to be only deferred writes is then sent as one statement, atomic on its own, without BEGIN and
 *   COMMIT; one that sent nothing costs nothing. Under READ COMMITTED each statement takes its own
 *   snapshot anyway, so starting the transaction at its first statement changes nothing else.
 */
class PreparingClient extends pg.Client {
  #inTransaction = false;
  #beginPending = false;
  #pending: PendingWrite[] = [];

  // pg.Client.query has a dozen overloads; Kysely calls only query(text, values), the one intercepted.
  override query(...args: never[]): never {
    const [text, values, callback] = args as unknown[];
    if (typeof text !== 'string' || callback !== undefined) {
      // A cursor (Kysely's stream) returns at once: what the transaction owes goes ahead of it in
      // pg's queue, which runs queries in order.
      if (this.#inTransaction) void this.#catchUp().catch(() => {});
      roundTrips += 1;
      return (super.query.bind(this) as (...a: unknown[]) => never)(...args);
    }
    return this.#statement(text, Array.isArray(values) ? values : []) as never;
  }

  async #statement(text: string, values: readonly unknown[]): Promise<Result> {
    if (text.startsWith(DEFER_MARK)) {
      const write = { text: text.slice(DEFER_MARK.length), values };
      if (!this.#inTransaction) return this.#send(write);
      this.#pending.push(write);
      return answered('DEFERRED');
    }
    if (text === 'begin') {
      this.#inTransaction = true;
      this.#beginPending = true;
      this.#pending = [];
      return answered('BEGIN');
    }
    if (text === 'commit' || text === 'rollback') return this.#end(text);
    if (!this.#inTransaction) return this.#send({ text, values });
    const writes = this.#takePending();
    const first = this.#beginPending;
    this.#beginPending = false;
    const send = (statement: PendingWrite) => (first ? this.#sendWithBegin(statement) : this.#send(statement));
    if (writes.length === 0) return send({ text, values });
    if (canCarryWrites(text)) return send(withWrites(writes, { text, values }));
    await send(writesAlone(writes));
    return this.#send({ text, values });
  }

  /**
   * The transaction's first statement, sent with its BEGIN as one simple query (`begin; …`): one round
   * trip instead of two for every transaction. The simple protocol takes no parameters, so they are
   * written into the text as quoted literals, which PostgreSQL types from their context exactly as it
   * types a parameter sent as text (what pg sends). Values that are not plain text, numbers or booleans
   * (bytes, arrays, objects) go the usual way, BEGIN first.
   */
  async #sendWithBegin(statement: PendingWrite): Promise<Result> {
    const inlined = inlineParameters(statement);
    if (inlined === undefined) {
      await this.#send({ text: 'begin', values: [] });
      return this.#send(statement);
    }
    roundTrips += 1;
    const query = super.query.bind(this) as (text: string) => Promise<Result | Result[]>;
    const results = await query(`begin; ${inlined}`);
    // One result per statement of the text: BEGIN's, then the statement's.
    return (Array.isArray(results) ? results[results.length - 1] : results) as Result;
  }

  async #end(text: 'commit' | 'rollback'): Promise<Result> {
    const writes = this.#takePending();
    const started = this.#inTransaction && !this.#beginPending;
    this.#inTransaction = false;
    this.#beginPending = false;
    if (text === 'rollback') return started ? this.#send({ text, values: [] }) : answered('ROLLBACK');
    if (!started) {
      if (writes.length > 0) await this.#send(writesAlone(writes));
      return answered('COMMIT');
    }
    if (writes.length > 0) {
      try {
        await this.#send(writesAlone(writes));
      } catch (error) {
        // The transaction is aborted: Kysely's rollback, which follows, must still reach the server.
        this.#inTransaction = true;
        throw error;
      }
    }
    return this.#send({ text, values: [] });
  }

  /** Sends the transaction's BEGIN and pending writes, if still owed. */
  async #catchUp(): Promise<void> {
    const begun = this.#beginPending ? this.#send({ text: 'begin', values: [] }) : undefined;
    this.#beginPending = false;
    const writes = this.#takePending();
    const flushed = writes.length > 0 ? this.#send(writesAlone(writes)) : undefined;
    await begun;
    await flushed;
  }

  #takePending(): PendingWrite[] {
    const writes = this.#pending;
    this.#pending = [];
    return writes;
  }

  #send({ text, values }: PendingWrite): Promise<Result> {
    roundTrips += 1;
    const name = statementName(text, values);
    const query = super.query.bind(this) as (...a: unknown[]) => Promise<Result>;
    if (!name) return query(text, values);
    return query({ name, text, values }).catch((error: unknown) => {
      if (!isStalePlan(error)) throw error;
      // A migration changed what this statement returns: during a rolling deploy the new version migrates
      // while this one still runs. Every connection runs the text unnamed from now on; this one runs it
      // again at once, unless the failure aborted the transaction it was part of (the caller retries).
      staleTexts.add(text);
      if (this.#inTransaction) throw error;
      roundTrips += 1;
      return query(text, values);
    });
  }
}

/**
 * `statement` with its parameters written in as literals, or undefined when one of them is not a plain
 * scalar. pg sends every parameter as text of unknown type; a quoted literal is the same to PostgreSQL.
 */
export function inlineParameters({ text, values }: PendingWrite): string | undefined {
  if (values.length === 0) return text;
  const literals: string[] = [];
  for (const value of values) {
    if (value === null || value === undefined) literals.push('NULL');
    // A NUL would end the simple query's text: such a value goes as a parameter.
    else if (typeof value === 'string' && value.includes('\u0000')) return undefined;
    else if (typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint')
      literals.push(pg.escapeLiteral(String(value)));
    else if (typeof value === 'boolean') literals.push(value ? "'true'" : "'false'");
    else return undefined;
  }
  let unknownPlaceholder = false;
  const inlined = mapPlaceholders(text, (n) => {
    const literal = literals[n - 1];
    if (literal === undefined) unknownPlaceholder = true;
    return literal ?? '';
  });
  return unknownPlaceholder ? undefined : inlined;
}

/** A pool of connections to `url`; `schema`, when given, is every query's search path. */
export function openPostgresKysely(url: string, schema: string | undefined): Kysely<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: 20,
    // pg-pool documents `Client` as the way to use a client class of one's own.
    Client: PreparingClient as unknown as new () => pg.ClientBase,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}
