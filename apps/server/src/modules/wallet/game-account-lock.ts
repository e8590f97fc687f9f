import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/dialect.ts';
import { prepared } from '../../db/prepared.ts';
import type { Database } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { DomainError } from '../../lib/domain-error.ts';

/** Longer than any provider call (GAME_PROVIDER_TIMEOUT_MS caps those), so a live holder never loses it. */
const LEASE_MS = 150_000;
const RETRY_MS = 25;

/**
 * Another instance still holds the account (after a crash, until its lease runs out): a 503 the app
 * may retry, with the same Idempotency-Key, which is not spent on it.
 */
export class GameAccountBusy extends DomainError {
  constructor() {
    super('REQUEST_LIMIT', 'unavailable');
    this.name = 'GameAccountBusy';
  }
}

/** Another instance holds the lease: thrown inside the caller's first transaction, which rolls back and runs again. */
class LeaseHeld extends Error {
  constructor() {
    super('game account lease held by another instance');
    this.name = 'LeaseHeld';
  }
}

/**
 * What work holding an account may do with its lease (PostgreSQL; on SQLite both are plain calls).
 * Each lease write done inside a transaction the work runs anyway saves a round trip and a commit of
 * its own, which on PostgreSQL is most of what a transfer costs.
 */
export interface AccountHold {
  /**
   * Runs the work's first transaction, for work started with `leaseInFirstTransaction`: `run` must call
   * `takeLease(trx)` first thing in it. While another instance holds the lease the transaction rolls
   * back and runs again, up to the wait (then GameAccountBusy, nothing done).
   */
  first<R>(run: (takeLease: (trx: Kysely<Database>) => Promise<void>) => Promise<R>): Promise<R>;
  /** Frees the lease with the work's last transaction, committed with it. */
  releaseIn(trx: Kysely<Database>): Promise<void>;
}

const takeLeaseSql = (db: Kysely<Database>, accountId: string, now: number) =>
  db
    .updateTable('game_accounts')
    .set({ lease_until: now + LEASE_MS })
    .where('id', '=', accountId)
    .where('lease_until', '<', now)
    .executeTakeFirst();
const freeLease = prepared('update game_accounts set lease_until = 0 where id = $1');

/**
 * One provider conversation at a time per game account. A refresh must never read the provider's
 * balance while a transfer is between our ledger and the provider, or it would book the money in
 * flight as a game result.
 *
 * Inside one process callers queue on a promise chain. With PostgreSQL several instances share the
 * accounts, so the holder also takes a lease row (game_accounts.lease_until) with a conditional
 * UPDATE; a crashed holder's lease simply runs out. SQLite is one process by design, so the queue is
 * enough there and saves two writes per transfer.
 */
export function createGameAccountLocks(db: Kysely<Database>, dialect: Dialect, clock: Clock) {
  const tails = new Map<string, Promise<void>>();
  const useLease = dialect === 'postgres';

  /** Retries `attempt` (which answers whether it got the lease) every RETRY_MS until `waitMs` has passed. */
  async function whileHeld<R>(
    attempt: () => Promise<{ got: true; value: R } | { got: false }>,
    waitMs: number,
    stopWaiting?: () => Promise<boolean>,
  ): Promise<R> {
    const deadline = Date.now() + waitMs;
    for (let round = 0; ; round += 1) {
      const result = await attempt();
      if (result.got) return result.value;
      if (Date.now() >= deadline) throw new GameAccountBusy();
      // Asked once the account turns out to be held, so the uncontended path costs nothing more.
      if (round === 0 && stopWaiting && (await stopWaiting())) throw new GameAccountBusy();
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
    }
  }

  /**
   * Runs `work` holding the account. `waitMs` bounds the wait for another instance's lease; past it
   * the call fails with GameAccountBusy and nothing has been done. So it does at once when
   * `stopWaiting` says the wait is pointless (a retry of a request already answered). With
   * `leaseInFirstTransaction` the lease is taken by the work's first transaction (`hold.first`) instead
   * of a write of its own; work that talks to the provider before any transaction must not ask for it.
   */
  async function withAccount<T>(
    accountId: string,
    work: (hold: AccountHold) => Promise<T>,
    {
      waitMs = 10_000,
      stopWaiting,
      leaseInFirstTransaction = false,
    }: {
      waitMs?: number;
      stopWaiting?: (() => Promise<boolean>) | undefined;
      leaseInFirstTransaction?: boolean;
    } = {},
  ): Promise<T> {
    const previous = tails.get(accountId) ?? Promise.resolve();
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const mine = previous.then(() => gate);
    tails.set(accountId, mine);
    await previous;
    let leased = false;
    let freedInWork = false;
    async function first<R>(run: (takeLease: (trx: Kysely<Database>) => Promise<void>) => Promise<R>): Promise<R> {
      if (!useLease || !leaseInFirstTransaction) return run(async () => {});
      const takeLease = async (trx: Kysely<Database>) => {
        if (Number((await takeLeaseSql(trx, accountId, clock.now())).numUpdatedRows) !== 1) throw new LeaseHeld();
      };
      const value = await whileHeld<R>(
        async () => {
          try {
            return { got: true, value: await run(takeLease) };
          } catch (error) {
            if (error instanceof LeaseHeld) return { got: false };
            throw error;
          }
        },
        waitMs,
        stopWaiting,
      );
      leased = true;
      return value;
    }
    const hold: AccountHold = {
      first,
      releaseIn: async (trx) => {
        if (!leased) return;
        // Travels with the transaction's next statement or its commit: nothing after it reads the lease.
        await freeLease.defer(trx, [accountId]);
        freedInWork = true;
      },
    };
    try {
      if (useLease && !leaseInFirstTransaction) {
        await whileHeld<undefined>(
          async () =>
            Number((await takeLeaseSql(db, accountId, clock.now())).numUpdatedRows) === 1
              ? { got: true, value: undefined }
              : { got: false },
          waitMs,
          stopWaiting,
        );
        leased = true;
      }
      let finished = false;
      try {
        const value = await work(hold);
        finished = true;
        return value;
      } finally {
        // Freed in the work's last transaction only if that committed, which the work's return says.
        if (leased && !(finished && freedInWork)) await freeLease.run(db, [accountId]);
      }
    } finally {
      release();
      if (tails.get(accountId) === mine) tails.delete(accountId);
    }
  }

  return { withAccount };
}
export type GameAccountLocks = ReturnType<typeof createGameAccountLocks>;
