import { z } from 'zod';
import { text } from '../common.ts';
import {
  MONEY_OUTCOMES,
  MONEY_QUEUE_PAGE_SIZE,
  MONEY_QUEUE_PAGE_SIZE_MAX,
  MONEY_QUEUE_SORTS,
  MONEY_QUEUES,
  SLIP_REJECT_REASONS,
  WITHDRAWAL_STAGES,
} from './money-desk-rules.ts';

export * from './money-desk-rules.ts';

/** Why an operator decided; required where the decision takes money back or refuses it. */
const reasonRequired = text().trim().min(1).max(500);
const reasonOptional = text().trim().max(500).optional();

/** GET /api/backoffice/money/counts: open items per queue (also pushed over the socket, MONEY_QUEUES_EVENT). */
export const moneyQueueCounts = z.object({
  transfers: z.number().int(),
  manualDeposits: z.number().int(),
  slips: z.number().int(),
  withdrawals: z.number().int(),
  /** Of the withdrawals, those with one approval that wait for a second operator. */
  awaitingSecondApproval: z.number().int(),
});
export type MoneyQueueCounts = z.infer<typeof moneyQueueCounts>;

/** GET /api/backoffice/money/<queue>: oldest first unless sorted otherwise; `q` finds a player, account or reference. */
export const moneyQueueQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(MONEY_QUEUE_PAGE_SIZE_MAX).default(MONEY_QUEUE_PAGE_SIZE),
  sort: z.enum(MONEY_QUEUE_SORTS).default('createdAt'),
  order: z.enum(['asc', 'desc']).default('asc'),
  q: text().trim().max(50).optional(),
});
export type MoneyQueueQuery = z.input<typeof moneyQueueQuery>;
export type MoneyQueueQueryParsed = z.output<typeof moneyQueueQuery>;

export const moneyClaim = z.object({
  operatorId: z.string(),
  operatorUsername: z.string(),
  expiresAt: z.string(),
  /** True when the asking operator holds it. */
  mine: z.boolean(),
});
export type MoneyClaim = z.infer<typeof moneyClaim>;

export const moneyPlayer = z.object({
  id: z.string(),
  username: z.string(),
  name: z.string(),
  bankCode: z.string(),
  bankAccountNo: z.string(),
});
export type MoneyPlayer = z.infer<typeof moneyPlayer>;

export const moneyQueueItem = z.object({
  queue: z.enum(MONEY_QUEUES),
  id: z.string(),
  amount: z.number(),
  currency: z.string().nullable(),
  createdAt: z.string(),
  /** Seconds since the item arrived, by the server's clock. */
  ageSeconds: z.number().int(),
  /** The player it concerns (null for a transfer nobody was matched to). */
  player: moneyPlayer.nullable(),
  fromBankCode: z.string().nullable(),
  fromAccountNo: z.string().nullable(),
  reference: z.string().nullable(),
  /** Why it waits: UNMATCHED_REASONS of a transfer, SLIP_HOLD_REASONS of a slip. */
  reason: z.string().nullable(),
  /** Withdrawals; and a held transfer or slip with one approval (awaiting-second-approval). */
  stage: z.enum(WITHDRAWAL_STAGES).nullable(),
  firstApprovedBy: z.string().nullable(),
  /**
   * Two different operators must approve: a withdrawal above the four-eyes threshold, or a deposit held
   * by the player's own protection (DEPOSIT_LIMIT, PLAYER_RESTRICTED).
   */
  needsTwoApprovals: z.boolean(),
  /** A held transfer or slip with its first approval: whom it would credit (username) and why. */
  firstApproval: z.object({ player: z.string(), reason: z.string() }).nullable(),
  claim: moneyClaim.nullable(),
});
export type MoneyQueueItem = z.infer<typeof moneyQueueItem>;

export const moneyQueuePage = z.object({
  items: z.array(moneyQueueItem),
  total: z.number().int(),
  totalCapped: z.boolean(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type MoneyQueuePage = z.infer<typeof moneyQueuePage>;

/**
 * A registered player whose account fits a held slip's sender as the bank reported it. nameFits: their
 * registered account name fits the sender's name the bank gave; crediting one whose name does not fit
 * needs a second operator.
 */
export const moneySlipCandidate = moneyPlayer.extend({ bankAccountName: z.string(), nameFits: z.boolean() });
export type MoneySlipCandidate = z.infer<typeof moneySlipCandidate>;

/**
 * GET /api/backoffice/money/slips/:id: the slip with its image, what the verifier answered, and every
 * player the slip could pay (an AMBIGUOUS_SENDER slip is credited only to one of them, named by the operator).
 */
export const moneySlipDetail = z.object({
  item: moneyQueueItem,
  /** A signed link that works for a few minutes (an <img> cannot send the operator's token). */
  imageUrl: z.string(),
  verifier: z.object({
    holdReason: z.string().nullable(),
    sendingBank: z.string().nullable(),
    senderBankCode: z.string().nullable(),
    senderAccountNo: z.string().nullable(),
    /** The sender's account name as the bank reported it (often shortened), or null. */
    senderName: z.string().nullable(),
    transferredAt: z.string().nullable(),
  }),
  candidates: z.array(moneySlipCandidate),
});
export type MoneySlipDetail = z.infer<typeof moneySlipDetail>;

export const moneyItemParams = z.object({ id: text().min(1).max(64) });

/** GET /api/backoffice/money/players?q=: players by phone, name or bank account number, for the credit picker. */
export const moneyPlayerQuery = z.object({ q: text().trim().min(2).max(50) });
export const moneyPlayerList = z.object({ items: z.array(moneyPlayer) });
export type MoneyPlayerList = z.infer<typeof moneyPlayerList>;

/** POST …/:id/claim and …/:id/release answer the item's claim as it now stands. */
export const moneyClaimResponse = z.object({ claim: moneyClaim.nullable() });
export type MoneyClaimResponse = z.infer<typeof moneyClaimResponse>;

/**
 * POST /api/backoffice/money/transfers/:id/credit: to the player the operator identified. A transfer held
 * by the player's protection needs a reason and a second operator, and is refused while the player is
 * restricted (403 PLAYER_TIMED_OUT…) or over a limit (DEPOSIT_LIMIT_EXCEEDED); the return action sends it back.
 */
export const transferCreditPayload = z.object({ userId: text().min(1).max(64), reason: reasonOptional });
export type TransferCreditPayload = z.input<typeof transferCreditPayload>;
/** POST /api/backoffice/money/transfers/:id/return: sent back to the sender by the bank, outside the wallet. */
export const transferReturnPayload = z.object({ reason: reasonRequired });
export type TransferReturnPayload = z.input<typeof transferReturnPayload>;

/** POST /api/backoffice/money/manual-deposits/:id/confirm, with the bank reference the operator matched if any. */
export const manualConfirmPayload = z
  .object({
    bankReference: text()
      .trim()
      .regex(/^[A-Za-z0-9-]{4,64}$/)
      .optional(),
    reason: reasonOptional,
  })
  .default({});
export type ManualConfirmPayload = z.input<typeof manualConfirmPayload>;

/** A refusal, a return or a failed payout: the reason is required. */
export const moneyReasonPayload = z.object({ reason: reasonRequired });
export type MoneyReasonPayload = z.input<typeof moneyReasonPayload>;
/** An approval or a paid payout: the reason is optional. */
export const moneyNotePayload = z.object({ reason: reasonOptional }).default({});
export type MoneyNotePayload = z.input<typeof moneyNotePayload>;

/**
 * POST /api/backoffice/money/slips/:id/approve: credits the uploader, or the player the operator names
 * (by username) when the money came from them; that player must be one of the slip's candidates. Paying
 * another player fails the uploader's slip NOT_MATCH. An AMBIGUOUS_SENDER slip needs the player named and
 * a reason (KEY_MISSING otherwise); crediting a player whose account name does not fit the sender's, or a
 * slip held by player protection, needs a second operator (FIRST_APPROVAL, then another operator's approval).
 */
export const slipApprovePayload = z
  .object({ username: text().trim().min(1).max(30).optional(), reason: reasonOptional })
  .default({});
export type SlipApprovePayload = z.input<typeof slipApprovePayload>;

/** POST /api/backoffice/money/slips/:id/reject: the code the player sees, and an optional note for the audit log. */
export const slipRejectPayload = z.object({ note: z.enum(SLIP_REJECT_REASONS), reason: reasonOptional });
export type SlipRejectPayload = z.input<typeof slipRejectPayload>;

export const moneyDecisionResponse = z.object({
  id: z.string(),
  outcome: z.enum(MONEY_OUTCOMES),
});
export type MoneyDecisionResponse = z.infer<typeof moneyDecisionResponse>;
