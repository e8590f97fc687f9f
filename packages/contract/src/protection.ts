import { z } from 'zod';
import { apiAmount, toMinor } from './money.ts';
import {
  DEPOSIT_HOLD_REASONS,
  DEPOSIT_PAUSE_REASONS,
  EXCLUSION_MONTHS,
  LIMIT_PERIODS,
  PROTECTION_STATES,
  REALITY_CHECK_MINUTES,
  TIMEOUT_DAYS,
} from './protection-rules.ts';

export * from './protection-rules.ts';

/**
 * Player protection (issue 20): deposit limits, time-out, self-exclusion and reality checks.
 * Amounts cross the API in baht (2 decimals) like every amount; instants are ISO strings.
 */

const instant = z.string();

/** A pending increase or removal: `amount` null removes the limit. */
export const pendingLimit = z.object({
  amount: z.number().nullable(),
  requestedAt: instant,
  /** From this moment the player may confirm it (PUT the same amount again, or POST …/limits/confirm). */
  appliesAt: instant,
  /** appliesAt has passed: a confirmation applies it now. */
  confirmable: z.boolean(),
});
export type PendingLimit = z.infer<typeof pendingLimit>;

export const depositLimit = z.object({
  /** The limit in force, null for none. */
  amount: z.number().nullable(),
  /** Deposited in the rolling window ending now (24 hours, 7 days, 30 days). */
  used: z.number(),
  /** What may still be deposited in the window; null without a limit. */
  remaining: z.number().nullable(),
  pending: pendingLimit.nullable(),
});
export type DepositLimit = z.infer<typeof depositLimit>;

export const protectionView = z.object({
  /** open | timeout | excluded | closed | cooling_off (protection-rules.ts). */
  state: z.enum(PROTECTION_STATES),
  limits: z.object({ day: depositLimit, week: depositLimit, month: depositLimit }),
  /** The running (or last) time-out; active while `endsAt` is in the future. */
  timeout: z.object({ startedAt: instant, endsAt: instant, days: z.number().int(), active: z.boolean() }).nullable(),
  /** The running (or last) self-exclusion; `active` while it runs; after it the account stays closed until a return request. */
  exclusion: z
    .object({
      startedAt: instant,
      endsAt: instant,
      months: z.number().int(),
      active: z.boolean(),
      /** When the player asked to return (after the end), null before. */
      returnRequestedAt: instant.nullable(),
      /** End of the 24-hour cooling-off after the return request, null before. */
      coolingOffEndsAt: instant.nullable(),
    })
    .nullable(),
  /** When play opens again: time-out or exclusion end, cooling-off end; null when open or closed. */
  restrictedUntil: instant.nullable(),
  /**
   * Why a deposit made now would be refused or held, and until when: the state while play is paused
   * (until restrictedUntil; null for closed), else `limit` when a limit has nothing left (period: the
   * window, until: when its oldest deposit leaves it, the latest of them when several are used up).
   * Null while deposits are open. The deposit dialog shows it instead of the accounts.
   */
  depositPause: z
    .object({
      reason: z.enum(DEPOSIT_PAUSE_REASONS),
      period: z.enum(LIMIT_PERIODS).nullable(),
      until: instant.nullable(),
    })
    .nullable(),
  /** Reality-check interval in minutes, 0 for off. */
  realityCheckMinutes: z.number().int(),
  /**
   * Bank transfers of the last 30 days held for an operator instead of credited, because they would
   * have passed a limit (DEPOSIT_LIMIT) or arrived while play was restricted (PLAYER_RESTRICTED);
   * the app tells the player with DEPOSIT_HELD_LIMIT. Newest first.
   */
  heldDeposits: z.array(z.object({ amount: z.number(), at: instant, reason: z.enum(DEPOSIT_HOLD_REASONS) })),
});
export type ProtectionView = z.infer<typeof protectionView>;
export type DepositPause = NonNullable<ProtectionView['depositPause']>;

/** GET /api/account/protection and the answer of every write below. */
export const protectionResponse = z.object({ protection: protectionView });
export type ProtectionResponse = z.infer<typeof protectionResponse>;

const limitAmount = apiAmount
  .refine((n) => n > 0, { message: 'KEY_INVALID' })
  .transform(toMinor)
  .nullable();

/**
 * PUT /api/account/protection/limits: each period in baht, null for none. A lower limit (or a first
 * one) applies at once; a higher one or a removal waits 24 hours and applies when the player sends it
 * again after that (or POSTs …/limits/confirm). Sending the limit in force withdraws a pending change.
 */
export const protectionLimitsPayload = z.object({ day: limitAmount, week: limitAmount, month: limitAmount });
export type ProtectionLimitsPayload = z.input<typeof protectionLimitsPayload>;

/** POST /api/account/protection/limits/confirm: applies the pending changes that are due (LIMIT_NOT_DUE before). */
export const protectionLimitsConfirmPayload = z.object({ period: z.enum(LIMIT_PERIODS) });
export type ProtectionLimitsConfirmPayload = z.input<typeof protectionLimitsConfirmPayload>;

/** POST /api/account/protection/timeout: starts at once, cannot be lifted or shortened. */
export const protectionTimeoutPayload = z.object({
  days: z.union(TIMEOUT_DAYS.map((d) => z.literal(d)) as [z.ZodLiteral<1>, z.ZodLiteral<7>, z.ZodLiteral<30>]),
});
export type ProtectionTimeoutPayload = z.input<typeof protectionTimeoutPayload>;

/** POST /api/account/protection/exclusion: starts at once, cannot be lifted or shortened by anyone. */
export const protectionExclusionPayload = z.object({
  months: z.union(EXCLUSION_MONTHS.map((m) => z.literal(m)) as [z.ZodLiteral<6>, z.ZodLiteral<12>, z.ZodLiteral<60>]),
});
export type ProtectionExclusionPayload = z.input<typeof protectionExclusionPayload>;

/** PUT /api/account/protection/reality-check. */
export const protectionRealityCheckPayload = z.object({
  minutes: z.union(
    REALITY_CHECK_MINUTES.map((m) => z.literal(m)) as [
      z.ZodLiteral<0>,
      z.ZodLiteral<15>,
      z.ZodLiteral<30>,
      z.ZodLiteral<60>,
      z.ZodLiteral<120>,
    ],
  ),
});
export type ProtectionRealityCheckPayload = z.input<typeof protectionRealityCheckPayload>;

/**
 * POST /api/account/protection/return: after an ended self-exclusion (state closed), the player asks to
 * play again; the 24-hour cooling-off starts (RETURN_NOT_AVAILABLE in any other state).
 */
export const protectionReturnPayload = z.object({}).default({});

/**
 * GET /api/account/protection/session: what the reality-check modal shows, for this sign-in (the
 * session of the bearer token). Net result = from games + bonuses − to games (what play did to the
 * wallet); deposits and withdrawals are shown beside it, not in it.
 */
export const protectionSessionResponse = z.object({
  realityCheckMinutes: z.number().int(),
  /** When this session signed in. */
  signedInAt: instant,
  now: instant,
  /** Whole minutes since sign-in. */
  elapsedMinutes: z.number().int(),
  /** When the next check is due (sign-in + k × interval), null when off. */
  nextCheckAt: instant.nullable(),
  deposited: z.number(),
  withdrawn: z.number(),
  toGames: z.number(),
  fromGames: z.number(),
  net: z.number(),
  currency: z.string(),
});
export type ProtectionSessionResponse = z.infer<typeof protectionSessionResponse>;

/** POST /api/account/protection/session/acknowledge: the player acknowledged the check (kept in the history). */
export const protectionAcknowledgeResponse = z.object({ message: z.string() });
