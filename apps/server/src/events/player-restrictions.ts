import type { DepositHoldReason, RestrictedAction } from '@wallet/contract/protection-rules';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

/** How a deposit reached us; kept in the protection history beside a refused or held deposit. */
export type DepositRoute = 'bank' | 'qr' | 'gift-link' | 'slip' | 'notice';

/** Why money that already arrived is held for an operator instead of credited (bank feed). */
export type DepositHold = DepositHoldReason;

/**
 * The guard every feature asks before what player protection can refuse (issue 20). app.ts builds it
 * once (modules/protection) and hands it to every feature in FeatureContext.restrictions, so no feature
 * imports the protection feature. A feature that is refused simply lets the DomainError through: its
 * code (PLAYER_TIMED_OUT, PLAYER_SELF_EXCLUDED, PLAYER_COOLING_OFF, 403; DEPOSIT_LIMIT_EXCEEDED, 400
 * field amount) is in the contract's DESIGNED_CODES and translated.
 *
 * A new feature (e.g. the spin wheel) calls `await ctx.restrictions.assertAllowed(userId, 'spin')`
 * before it changes anything. Withdrawals and the statement never ask: they stay open.
 */
export interface PlayerRestrictions {
  /** Throws the state's forbidden DomainError when a time-out, exclusion or cooling-off refuses `action`. */
  assertAllowed(userId: string, action: RestrictedAction): Promise<void>;
  /** The same question without throwing (banners answer an empty list instead of refusing). */
  allows(userId: string, action: RestrictedAction): Promise<boolean>;
  /**
   * A deposit the player asks for (QR, gift link, slip, notice), before money is accepted: the state
   * first, then each deposit limit against what was deposited in its rolling window plus `amountMinor`.
   * A refusal is kept in the player's protection history.
   */
  assertDeposit(userId: string, amountMinor: number, route: DepositRoute): Promise<void>;
  /**
   * Money that arrived on its own (a bank transfer): null to credit it, or why to hold it for an
   * operator. A hold is kept in the protection history, where the player sees it (GET
   * /api/account/protection, heldDeposits) and is told with DEPOSIT_HELD_LIMIT.
   */
  depositHold(userId: string, amountMinor: number, route: DepositRoute): Promise<DepositHold | null>;
  /**
   * depositHold's question again inside the transaction that credits the money, the player's protection
   * locked: true when it may be credited. Two arrivals at once each passed depositHold before either was
   * credited; judged here one after the other, the second sees the first. Records nothing (the
   * transaction may roll back): on false, the caller asks depositHold again, which records the hold.
   */
  depositFits(trx: Transaction<Database>, userId: string, amountMinor: number): Promise<boolean>;
}
