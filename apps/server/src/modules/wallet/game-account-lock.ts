import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/dialect.ts';
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

  async function takeLease(accountId: string, waitMs: number, stopWaiting?: () => Promise<boolean>): Promise<boolean> {
    const deadline = Date.now() + waitMs;
    for (let attempt = 0; ; attempt += 1) {
      const now = clock.now();
      const result = await db
        .updateTable('game_accounts')
        .set({ lease_until: now + LEASE_MS })
        .where('id', '=', accountId)
        .where('lease_until', '<', now)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 1) return true;
      if (Date.now() >= deadline) return false;
      // Asked once the account turns out to be held, so the uncontended path costs nothing more.
      if (attempt === 0 && stopWaiting && (await stopWaiting())) return false;
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
    }
  }

  /**
   * Runs `work` holding the account. `waitMs` bounds the wait for another instance's lease; past it
   * the call fails with GameAccountBusy and nothing has been done. So it does at once when
   * `stopWaiting` says the wait is pointless (a retry of a request already answered).
   */
  async function withAccount<T>(
    accountId: string,
    work: () => Promise<T>,
    { waitMs = 10_000, stopWaiting }: { waitMs?: number; stopWaiting?: (() => Promise<boolean>) | undefined } = {},
  ): Promise<T> {
    const previous = tails.get(accountId) ?? Promise.resolve();
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const mine = previous.then(() => gate);
    tails.set(accountId, mine);
    await previous;
    try {
      if (useLease && !(await takeLease(accountId, waitMs, stopWaiting))) throw new GameAccountBusy();
      try {
        return await work();
      } finally {
        if (useLease)
          await db.updateTable('game_accounts').set({ lease_until: 0 }).where('id', '=', accountId).execute();
      }
    } finally {
      release();
      if (tails.get(accountId) === mine) tails.delete(accountId);
    }
  }

  return { withAccount };
}
export type GameAccountLocks = ReturnType<typeof createGameAccountLocks>;
