/**
 * The money desk's names and limits, zod-free so the back-office app imports them as they are
 * (money-desk.ts holds the request and response schemas).
 */

/** What finance works through: transfers the feed could not match, manual deposit notices, slips the verifier left undecided, withdrawals still pending. */
export const MONEY_QUEUES = ['transfers', 'manual-deposits', 'slips', 'withdrawals'] as const;
export type MoneyQueue = (typeof MONEY_QUEUES)[number];

/** A claim not renewed (by a claim or a decision) for this long is free for anyone again. */
export const CLAIM_IDLE_MS = 15 * 60 * 1000;

/**
 * What an operator may say when rejecting a slip: reason codes of SPEC §8 that the player app already
 * shows in brackets after the slip status, in th, lo and en.
 */
export const SLIP_REJECT_REASONS = [
  'NOT_MATCH',
  'INVALID_SLIP',
  'DEST_ACC_INVALID',
  'EXPIRED_SLIP',
  'SLIP_REFNO_DUPLICATED',
] as const;
export type SlipRejectReason = (typeof SLIP_REJECT_REASONS)[number];

/**
 * Where a pending withdrawal stands: waiting for an operator (held for review), waiting for a second,
 * different operator (four eyes, above the threshold), or at the payout bank (an operator may mark a
 * payout the bank holds as paid or failed).
 */
export const WITHDRAWAL_STAGES = ['awaiting-approval', 'awaiting-second-approval', 'at-payout'] as const;
export type WithdrawalStage = (typeof WITHDRAWAL_STAGES)[number];

export const MONEY_QUEUE_SORTS = ['createdAt', 'amount'] as const;
export const MONEY_QUEUE_PAGE_SIZE = 20;
export const MONEY_QUEUE_PAGE_SIZE_MAX = 100;

/** What a decision did, as its answer says and the audit row records. */
export const MONEY_OUTCOMES = [
  'CREDITED',
  'DUPLICATE',
  'RETURNED',
  'CONFIRMED',
  'REJECTED',
  'APPROVED',
  'FIRST_APPROVAL',
  'PAID',
  'FAILED',
] as const;
export type MoneyOutcome = (typeof MONEY_OUTCOMES)[number];
