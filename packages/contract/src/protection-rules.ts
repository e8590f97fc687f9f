/**
 * Player protection rules (issue 20), Zod-free so the web and back-office apps import them at runtime.
 * protection.ts re-exports them beside the API shapes.
 */

/** Deposit limits count deposits in rolling windows ending now: 24 hours, 7 days, 30 days. */
export const LIMIT_PERIODS = ['day', 'week', 'month'] as const;
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];

const HOUR_MS = 60 * 60 * 1000;
export const DAY_MS = 24 * HOUR_MS;

/** The length of each rolling window. */
export const LIMIT_WINDOW_MS: Readonly<Record<LimitPeriod, number>> = {
  day: DAY_MS,
  week: 7 * DAY_MS,
  month: 30 * DAY_MS,
};

/** An increase or removal of a limit waits this long, then applies only when the player confirms it again. */
export const LIMIT_INCREASE_DELAY_MS = DAY_MS;

/** Time-out lengths a player (or staff on the player's request) may choose, in days. */
export const TIMEOUT_DAYS = [1, 7, 30] as const;
export type TimeoutDays = (typeof TIMEOUT_DAYS)[number];

/** Self-exclusion lengths in months (6 months, 1 year, 5 years); months are calendar months (UTC). */
export const EXCLUSION_MONTHS = [6, 12, 60] as const;
export type ExclusionMonths = (typeof EXCLUSION_MONTHS)[number];

/** After an ended self-exclusion, the player asks to return; play opens again this long after the request. */
export const COOLING_OFF_MS = DAY_MS;

/** Reality-check intervals in minutes; 0 is off. */
export const REALITY_CHECK_MINUTES = [0, 15, 30, 60, 120] as const;
export type RealityCheckMinutes = (typeof REALITY_CHECK_MINUTES)[number];

/**
 * Where a player stands:
 * - open: nothing restricts play (deposit limits may still apply);
 * - timeout: a time-out runs until `endsAt`;
 * - excluded: a self-exclusion runs until `endsAt`;
 * - closed: the self-exclusion ended; the account stays closed until the player asks to return;
 * - cooling_off: the player asked to return; play opens at `endsAt` (24 hours after the request).
 * In every state but open, the player may only sign in, see the statement and withdraw.
 */
export const PROTECTION_STATES = ['open', 'timeout', 'excluded', 'closed', 'cooling_off'] as const;
export type ProtectionState = (typeof PROTECTION_STATES)[number];

/** Why deposits are paused (ProtectionView.depositPause): a paused state, or a deposit limit used up. */
export const DEPOSIT_PAUSE_REASONS = ['timeout', 'excluded', 'closed', 'cooling_off', 'limit'] as const;
export type DepositPauseReason = (typeof DEPOSIT_PAUSE_REASONS)[number];

/** The refusal code of each restricted state (declared in DESIGNED_CODES, translated th/lo/en). */
export const RESTRICTED_STATE_CODES = {
  timeout: 'PLAYER_TIMED_OUT',
  excluded: 'PLAYER_SELF_EXCLUDED',
  closed: 'PLAYER_SELF_EXCLUDED',
  cooling_off: 'PLAYER_COOLING_OFF',
} as const satisfies Record<Exclude<ProtectionState, 'open'>, string>;

/**
 * What a timed-out or excluded player is refused, by name: each feature asks the restrictions guard
 * for its action (apps/server/src/events/player-restrictions.ts). Withdrawals and the statement are
 * never among them.
 */
export const RESTRICTED_ACTIONS = [
  'deposit',
  'game.transfer',
  'game.launch',
  'bonus',
  'promotion',
  'spin',
  'banners',
] as const;
export type RestrictedAction = (typeof RESTRICTED_ACTIONS)[number];

/** What the protection history records (player page in the back office). */
export const PROTECTION_EVENT_KINDS = [
  /** A limit set, lowered or (once confirmed) raised or removed: in force from this moment. */
  'limit_applied',
  /** An increase or removal was asked for; it waits 24 hours for the player's confirmation. */
  'limit_pending',
  /** The player withdrew a pending increase (by setting the current limit again, or a lower one). */
  'limit_cancelled',
  'timeout',
  'exclusion',
  /** The player asked to return after an ended self-exclusion; the cooling-off started. */
  'return_requested',
  'reality_check',
  /** A deposit held or refused because of a limit (route in `detail`). */
  'deposit_refused',
  'deposit_held',
] as const;
export type ProtectionEventKind = (typeof PROTECTION_EVENT_KINDS)[number];

/** Back-office report filter: players by the protection active now. */
export const PROTECTION_REPORT_KINDS = ['any', 'limits', 'timeout', 'excluded', 'closed', 'cooling_off'] as const;
export type ProtectionReportKind = (typeof PROTECTION_REPORT_KINDS)[number];

export const PROTECTION_REPORT_PAGE_SIZE = 50;
export const PROTECTION_REPORT_PAGE_SIZE_MAX = 200;

/** Why a bank transfer that arrived on its own was held for an operator instead of credited. */
export const DEPOSIT_HOLD_REASONS = ['DEPOSIT_LIMIT', 'PLAYER_RESTRICTED'] as const;
export type DepositHoldReason = (typeof DEPOSIT_HOLD_REASONS)[number];
