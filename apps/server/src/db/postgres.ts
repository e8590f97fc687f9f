import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
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

/** pg's client, with `prepared` texts run as named statements (see prepared.ts), counting round trips. */
class PreparingClient extends pg.Client {
  // pg.Client.query has a dozen overloads; Kysely calls only query(text, values), the one intercepted.
  override query(...args: never[]): never {
    roundTrips += 1;
    const [text, values, callback] = args as unknown[];
    const name = typeof text === 'string' && callback === undefined ? preparedStatementName(text) : undefined;
    const query = super.query.bind(this) as (...a: unknown[]) => never;
    return name ? query({ name, text, values }) : query(...args);
  }
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
