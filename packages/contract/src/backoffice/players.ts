import { z } from 'zod';
import { text } from '../common.ts';
import { apiAmount, toMinor } from '../money.ts';
import { auditPage } from './audit.ts';
import { loginLockView } from './login-lock.ts';
import {
  ADJUSTMENT_DIRECTIONS,
  ADJUSTMENT_STATUSES,
  BANK_CHANGE_STATUSES,
  PLAYER_LIST_PAGE_SIZE,
  PLAYER_LIST_PAGE_SIZE_MAX,
  PLAYER_RECORD_KINDS,
  PLAYER_STATUSES,
} from './player-rules.ts';

export * from './player-rules.ts';

const instant = z.string();
const page = z.coerce.number().int().min(1).max(100_000).default(1);
const limit = z.coerce.number().int().min(1).max(PLAYER_LIST_PAGE_SIZE_MAX).default(PLAYER_LIST_PAGE_SIZE);

/** Why an operator acted on a player; kept in the audit log, required for every action. */
const reason = text().trim().min(1).max(500);

export const playerIdParams = z.object({ id: text().min(1).max(64) });
export const requestIdParams = z.object({ id: text().min(1).max(64) });

/**
 * GET /api/backoffice/players: `q` is matched against the phone, the name, the bank account number
 * (digits anywhere in them) and the id (exactly); empty lists the newest players.
 */
export const playerSearchQuery = z.object({
  q: text().trim().max(100).default(''),
  status: z.enum(PLAYER_STATUSES).optional(),
  page,
  limit,
});
export type PlayerSearchQuery = z.input<typeof playerSearchQuery>;

export const playerSummary = z.object({
  id: z.string(),
  username: z.string(),
  name: z.string(),
  status: z.enum(PLAYER_STATUSES),
  bankCode: z.string(),
  bankAccountNo: z.string(),
  currency: z.string(),
  wallet: z.number(),
  createdAt: instant,
});
export type PlayerSummary = z.infer<typeof playerSummary>;

export const playerSearchResponse = z.object({
  items: z.array(playerSummary),
  total: z.number().int(),
  totalCapped: z.boolean(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type PlayerSearchResponse = z.infer<typeof playerSearchResponse>;

export const bankChangeView = z.object({
  id: z.string(),
  userId: z.string(),
  status: z.enum(BANK_CHANGE_STATUSES),
  old: z.object({ bankCode: z.string(), bankAccountName: z.string(), bankAccountNo: z.string() }),
  new: z.object({ bankCode: z.string(), bankAccountName: z.string(), bankAccountNo: z.string() }),
  /** The operator's reason for a refusal, shown to the player. */
  reason: z.string().nullable(),
  createdAt: instant,
  decidedAt: instant.nullable(),
  decidedBy: z.string().nullable(),
});
export type BankChangeView = z.infer<typeof bankChangeView>;

/** GET /api/backoffice/players/:id: everything the player page shows above its tabs. */
export const playerDetail = z.object({
  player: playerSummary.extend({ sourceCode: z.string().nullable(), inviterId: z.string().nullable() }),
  bankAccount: z.object({
    bankCode: z.string(),
    bankName: z.string(),
    bankAccountName: z.string(),
    bankAccountNo: z.string(),
  }),
  balances: z.object({
    wallet: z.number(),
    coin: z.number().int(),
    games: z.array(z.object({ providerCode: z.string(), name: z.string(), amount: z.number() })),
  }),
  gameAccounts: z.array(
    z.object({
      providerCode: z.string(),
      name: z.string(),
      username: z.string(),
      createdAt: instant,
      syncedAt: instant.nullable(),
    }),
  ),
  /** Live sessions: the first characters of the token's hash identify one without revealing it. */
  sessions: z.array(z.object({ id: z.string(), createdAt: instant, expiresAt: instant })),
  bankChange: bankChangeView.nullable(),
  /** Failed sign-ins in the current window (null when none). */
  loginLock: loginLockView.nullable(),
});
export type PlayerDetail = z.infer<typeof playerDetail>;

/** GET /api/backoffice/players/:id/records: one tab of the player page, newest first. */
export const playerRecordsQuery = z.object({ kind: z.enum(PLAYER_RECORD_KINDS), page, limit });
export type PlayerRecordsQuery = z.input<typeof playerRecordsQuery>;

export const playerRecord = z.object({
  id: z.string(),
  createdAt: instant,
  /** Statement type, or withdrawal / slip. */
  type: z.string(),
  amount: z.number(),
  currency: z.string(),
  status: z.string(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  /** What an operator reads for from and to: a bank's or a game provider's name; null for the wallet or an unknown code. */
  fromName: z.string().nullable(),
  toName: z.string().nullable(),
  /** A slip's reason code, a withdrawal's bank account or failure, a statement's linked description. */
  note: z.string().nullable(),
});
export type PlayerRecord = z.infer<typeof playerRecord>;

export const playerRecordsResponse = z.object({
  items: z.array(playerRecord),
  total: z.number().int(),
  totalCapped: z.boolean(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type PlayerRecordsResponse = z.infer<typeof playerRecordsResponse>;

/** GET /api/backoffice/players/:id/audit: the audit rows about this player (players.read, not audit.read). */
export const playerAuditQuery = z.object({ page, limit });
export const playerAuditResponse = auditPage;

/** Suspend, reactivate, sign out everywhere, reset the password: each needs a reason. */
export const playerActionPayload = z.object({ reason });
export type PlayerActionPayload = z.input<typeof playerActionPayload>;

export const playerActionResponse = z.object({ player: playerSummary });
export type PlayerActionResponse = z.infer<typeof playerActionResponse>;

/** GET /api/backoffice/bank-changes: the queue of players' requests, oldest pending first. */
export const bankChangeQuery = z.object({ status: z.enum(BANK_CHANGE_STATUSES).default('pending'), page, limit });
export type BankChangeQuery = z.input<typeof bankChangeQuery>;

export const bankChangeListItem = bankChangeView.extend({ username: z.string(), name: z.string() });
export type BankChangeListItem = z.infer<typeof bankChangeListItem>;

export const bankChangeListResponse = z.object({
  items: z.array(bankChangeListItem),
  total: z.number().int(),
  totalCapped: z.boolean(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type BankChangeListResponse = z.infer<typeof bankChangeListResponse>;

/** Approve: the reason is optional (the player asked for it). Refuse: the reason is shown to the player. */
export const bankChangeApprovePayload = z.object({ reason: text().trim().max(500).optional() }).default({});
export type BankChangeApprovePayload = z.input<typeof bankChangeApprovePayload>;
export const bankChangeRefusePayload = z.object({ reason });
export type BankChangeRefusePayload = z.input<typeof bankChangeRefusePayload>;

export const bankChangeResponse = z.object({ request: bankChangeView });
export type BankChangeResponse = z.infer<typeof bankChangeResponse>;

/**
 * POST /api/backoffice/players/:id/adjustments (Idempotency-Key like every money POST). The amount is
 * in baht (2 decimals) and converted to minor units here, once. Above the four-eyes threshold the
 * adjustment waits for a second operator.
 */
export const adjustmentCreatePayload = z.object({
  direction: z.enum(ADJUSTMENT_DIRECTIONS),
  amount: apiAmount.refine((n) => n > 0, { message: 'KEY_INVALID' }).transform(toMinor),
  reason,
});
export type AdjustmentCreatePayload = z.input<typeof adjustmentCreatePayload>;

export const adjustmentView = z.object({
  id: z.string(),
  userId: z.string(),
  username: z.string(),
  name: z.string(),
  direction: z.enum(ADJUSTMENT_DIRECTIONS),
  amount: z.number(),
  currency: z.string(),
  status: z.enum(ADJUSTMENT_STATUSES),
  reason: z.string(),
  createdBy: z.string(),
  createdAt: instant,
  decidedBy: z.string().nullable(),
  decidedAt: instant.nullable(),
  decisionReason: z.string().nullable(),
  /** The wallet balance right after the booking; null until booked. */
  walletAfter: z.number().nullable(),
});
export type AdjustmentView = z.infer<typeof adjustmentView>;

export const adjustmentResponse = z.object({ adjustment: adjustmentView });
export type AdjustmentResponse = z.infer<typeof adjustmentResponse>;

/** GET /api/backoffice/adjustments (the four-eyes queue, pending first) and /players/:id/adjustments. */
export const adjustmentQuery = z.object({ status: z.enum(ADJUSTMENT_STATUSES).optional(), page, limit });
export type AdjustmentQuery = z.input<typeof adjustmentQuery>;

export const adjustmentListResponse = z.object({
  items: z.array(adjustmentView),
  total: z.number().int(),
  totalCapped: z.boolean(),
  page: z.number().int(),
  limit: z.number().int(),
  /** The four-eyes threshold in baht: adjustments above it wait for a second operator. */
  fourEyesThreshold: z.number(),
});
export type AdjustmentListResponse = z.infer<typeof adjustmentListResponse>;

export const adjustmentDecisionPayload = z.object({ reason: text().trim().max(500).optional() }).default({});
export const adjustmentRefusePayload = z.object({ reason });
export type AdjustmentRefusePayload = z.input<typeof adjustmentRefusePayload>;
