/**
 * The players desk's constants, zod-free so the back-office app imports them as they are
 * (players.ts re-exports them with the schemas).
 */

/** A suspended player cannot log in (INACTIVE_USER) and every session of theirs has ended. */
export const PLAYER_STATUSES = ['active', 'suspended'] as const;
export type PlayerStatus = (typeof PLAYER_STATUSES)[number];

/** The tabs of the player page that list records, each paged on the server. */
export const PLAYER_RECORD_KINDS = ['statement', 'deposits', 'withdrawals', 'slips'] as const;
export type PlayerRecordKind = (typeof PLAYER_RECORD_KINDS)[number];

/** A player's request to change the bank account withdrawals go to: an operator decides it. */
export const BANK_CHANGE_STATUSES = ['pending', 'approved', 'refused'] as const;
export type BankChangeStatus = (typeof BANK_CHANGE_STATUSES)[number];

/** Manual adjustment of a wallet: money in (credit) or out (debit), against the operator-adjustment account. */
export const ADJUSTMENT_DIRECTIONS = ['credit', 'debit'] as const;
export type AdjustmentDirection = (typeof ADJUSTMENT_DIRECTIONS)[number];

/** booked: the money moved. pending: above the four-eyes threshold, waiting for a second operator. */
export const ADJUSTMENT_STATUSES = ['pending', 'booked', 'refused'] as const;
export type AdjustmentStatus = (typeof ADJUSTMENT_STATUSES)[number];

export const PLAYER_LIST_PAGE_SIZE = 20;
export const PLAYER_LIST_PAGE_SIZE_MAX = 100;
