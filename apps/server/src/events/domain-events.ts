import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * What features tell each other, declared once below them: a feature publishes or subscribes by name
 * and never imports another feature (promotions, coins and chat hang on these).
 *
 * In-transaction events run their handlers inside the transaction that caused them, so a handler's
 * writes commit or roll back with it, and a handler may refuse (throw a DomainError, lib/domain-error.ts) to undo it all; the publishing
 * feature then answers its code (e.g. BONUS_CONDITION for a withdrawal).
 */
export interface InTransactionEvents {
  /** Money from outside reached a wallet (every deposit route); the statement is SUCCESS in this transaction. */
  'deposit.booked': {
    userId: string;
    /** Minor units, positive. */
    amount: number;
    /** The wallet's ledger currency. */
    currency: string;
    statementId: string;
    now: number;
  };
  /** A withdrawal is being held (the wallet already debited in this transaction); a refusal undoes it. */
  'withdraw.requested': {
    userId: string;
    withdrawalId: string;
    /** Minor units, positive. */
    amount: number;
    currency: string;
    /** The wallet balance once the withdrawal is held. */
    walletAfter: number;
    now: number;
  };
  /**
   * A player claims a spin-wheel coupon whose prize is bonus credit (issue 16): promotions credits it
   * as a bonus in this transaction (its conditions apply), or refuses (BONUS_ALREADY_ACTIVE,
   * BONUS_REMAINING, INVALID_PRIZE_CODE) and the claim is undone.
   */
  'spin.bonus_claimed': {
    userId: string;
    couponId: string;
    /** Minor units of the player's wallet currency, positive. */
    amount: number;
    /** The bonus type whose conditions the credit carries; null: none. */
    bonusCode: string | null;
    /** What the statement names (its linked luckydraw description): the slice code. */
    description: string;
    now: number;
  };
}

/** After-commit notifications: the change is durable; a handler can neither undo it nor fail the request. */
export interface AfterCommitEvents {
  /** The player's wallet balance changed (minor units, after the change). */
  'wallet.changed': {
    userId: string;
    walletMinor: number;
    /** Set when a deposit was credited (deposit-crediting.ts): the player's app says "received". */
    deposit?: { amountMinor: number; statementId: string };
  };
  /** A refresh booked what the game providers reported (wins, losses, settled transfers). */
  'game.refreshed': { userId: string };
}

export type InTransactionHandler<K extends keyof InTransactionEvents> = (
  trx: Transaction<Database>,
  event: InTransactionEvents[K],
) => Promise<void>;
export type AfterCommitHandler<K extends keyof AfterCommitEvents> = (
  event: AfterCommitEvents[K],
) => void | Promise<void>;

export interface DomainEvents {
  /** Registers an in-transaction handler; handlers run in registration order, one after another. */
  inTransaction<K extends keyof InTransactionEvents>(name: K, handler: InTransactionHandler<K>): void;
  /** Registers an after-commit handler. */
  afterCommit<K extends keyof AfterCommitEvents>(name: K, handler: AfterCommitHandler<K>): void;
  /** Runs the handlers inside the caller's transaction; the first throw propagates and rolls it back. */
  publish<K extends keyof InTransactionEvents>(
    trx: Transaction<Database>,
    name: K,
    event: InTransactionEvents[K],
  ): Promise<void>;
  /** Tells the handlers once committed. Never throws: a failing handler is logged, the others still run. */
  notify<K extends keyof AfterCommitEvents>(name: K, event: AfterCommitEvents[K]): void;
}

const NOTHING = Promise.resolve();

/**
 * The hub app.ts builds and hands every feature. `logError` receives what an after-commit handler
 * threw (or rejected with), so it is never lost and never reaches the request that caused it.
 */
export function createDomainEvents(logError: (error: unknown, event: string) => void): DomainEvents {
  const inside = new Map<string, InTransactionHandler<never>[]>();
  const after = new Map<string, AfterCommitHandler<never>[]>();

  function add<H>(handlers: Map<string, H[]>, name: string, handler: H) {
    const list = handlers.get(name);
    if (list) list.push(handler);
    else handlers.set(name, [handler]);
  }

  return {
    inTransaction(name, handler) {
      add(inside, name, handler as InTransactionHandler<never>);
    },
    afterCommit(name, handler) {
      add(after, name, handler as AfterCommitHandler<never>);
    },
    publish(trx, name, event) {
      // The wallet's hot paths publish on every movement: with no subscriber this is one map lookup.
      const handlers = inside.get(name) as InTransactionHandler<typeof name>[] | undefined;
      if (!handlers) return NOTHING;
      if (handlers.length === 1) return (handlers[0] as InTransactionHandler<typeof name>)(trx, event);
      return (async () => {
        for (const handler of handlers) await handler(trx, event);
      })();
    },
    notify(name, event) {
      const handlers = after.get(name) as AfterCommitHandler<typeof name>[] | undefined;
      if (!handlers) return;
      for (const handler of handlers) {
        try {
          const running = handler(event);
          if (running) running.catch((error: unknown) => logError(error, name));
        } catch (error) {
          logError(error, name);
        }
      }
    },
  };
}
