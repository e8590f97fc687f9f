import { z } from 'zod';

/**
 * Withdrawals (POST /api/wallet/withdraw and /withdrawAll; payloads in wallet.ts). The amount is held
 * out of the wallet while the payout to the player's registered bank account is in flight.
 * PENDING → PAID (the statement turns SUCCESS) or FAILED (the money returns to the wallet).
 */
export const WITHDRAWAL_STATUSES = ['PENDING', 'PAID', 'FAILED'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

/**
 * Operator review of a withdrawal made soon after the payout account changed, or above the four-eyes
 * threshold (two different operators approve): AWAITING (held, not sent to the bank), APPROVED (sent), REJECTED (failed, the money back in the wallet). null: no review.
 */
export const WITHDRAWAL_REVIEWS = ['AWAITING', 'APPROVED', 'REJECTED'] as const;
export type WithdrawalReview = (typeof WITHDRAWAL_REVIEWS)[number];

/** The payout adapter's report on one payout. */
export const PAYOUT_OUTCOMES = ['paid', 'failed'] as const;
export type PayoutOutcome = (typeof PAYOUT_OUTCOMES)[number];

/**
 * How the sandbox bank treats the next payouts: ok pays them after the configured delay, fail fails
 * them after the delay, hold keeps them pending until settled by hand.
 */
export const SANDBOX_PAYOUT_MODES = ['ok', 'fail', 'hold'] as const;
export type SandboxPayoutMode = (typeof SANDBOX_PAYOUT_MODES)[number];

/** POST /sandbox/payouts/faults. */
export const sandboxPayoutFaults = z.object({ mode: z.enum(SANDBOX_PAYOUT_MODES) });
export type SandboxPayoutFaults = z.infer<typeof sandboxPayoutFaults>;

/** POST /sandbox/payouts/:id/paid|failed: the withdrawal's status now; settled is false when it already was. */
export const payoutSettlementResponse = z.object({
  id: z.string(),
  status: z.enum(WITHDRAWAL_STATUSES),
  settled: z.boolean(),
});
export type PayoutSettlementResponse = z.infer<typeof payoutSettlementResponse>;

/** A withdrawal as the operator sees it (sandbox list now, back office later). */
export const withdrawalView = z.object({
  id: z.string(),
  userId: z.string(),
  amount: z.number(),
  currency: z.string(),
  bankCode: z.string(),
  bankAccountNo: z.string(),
  bankAccountName: z.string(),
  status: z.enum(WITHDRAWAL_STATUSES),
  review: z.enum(WITHDRAWAL_REVIEWS).nullable(),
  failureReason: z.string().nullable(),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
});
export type WithdrawalView = z.infer<typeof withdrawalView>;
