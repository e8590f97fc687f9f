import type { Kysely, Transaction } from 'kysely';
import { transaction } from './prepared.ts';
import type { Database } from './schema.ts';

/**
 * How a service runs the transactions that move money or record a request's outcome. The service owns
 * the money; whoever calls it may need to keep something with that money in the same commit (the route
 * layer keeps a request's Idempotency-Key and its answer there, http/idempotency.ts) without the service
 * knowing what, or that HTTP exists.
 *
 * `operation` names the money operation a transaction starts (its statement id), so a caller can settle
 * it later if the process dies before the outcome is known. `finish` runs the transaction that settles
 * the outcome: its result is the outcome, committed with the work's last change. `settle` does the same
 * inside a transaction opened elsewhere (a shared step such as crediting a deposit), once the outcome
 * is known there.
 */
export interface MoneyTransactions<Outcome> {
  transaction<R>(
    db: Kysely<Database>,
    work: (trx: Transaction<Database>) => Promise<R>,
    operation?: string,
  ): Promise<R>;
  finish<R extends Outcome>(db: Kysely<Database>, work: (trx: Transaction<Database>) => Promise<R>): Promise<R>;
  settle(trx: Transaction<Database>, outcome: Outcome): Promise<void>;
  /**
   * Whether another attempt of this same request already holds or answered it (a client's retry).
   * Work about to wait for something (a game account another instance holds) asks, and stops waiting
   * when so: the retry is then answered with the first attempt's answer. Absent: never.
   */
  repeatOfAnother?(): Promise<boolean>;
}

/** Plain transactions: for callers with nothing to keep alongside (no Idempotency-Key, jobs, tests). */
export const PLAIN_TRANSACTIONS: MoneyTransactions<unknown> = {
  transaction: (db, work) => transaction(db, work),
  finish: (db, work) => transaction(db, work),
  settle: async () => {},
};
