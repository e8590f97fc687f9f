/**
 * Statement rules without Zod: the web app imports these at runtime, and a runtime import of statement.ts
 * would pull Zod into its chunks. statement.ts re-exports them.
 */

/** The two final statuses of statements and slips; anything else shows as in progress (SPEC §4). */
export const STATUS = { SUCCESS: 'SUCCESS', FAILED: 'FAILED' } as const;
export type StatusKind = 'success' | 'failed' | 'processing';

/**
 * Case-insensitive because slips travel their status in lower case (SPEC §8) and statements in upper. A
 * withdrawal's PAID is its success.
 */
export function statusKind(status: string): StatusKind {
  const upper = status.toUpperCase();
  if (upper === STATUS.SUCCESS || upper === 'PAID') return 'success';
  if (upper === STATUS.FAILED) return 'failed';
  return 'processing';
}

export const STATEMENT_TYPES = ['deposit', 'bonus', 'finish_bonus', 'withdraw', 'transfer'] as const;
export type StatementType = (typeof STATEMENT_TYPES)[number];

/**
 * How the money of a deposit came in, so rows that share a source (a KBANK transfer, a KBANK QR and a slip
 * from a KBANK account) can be told apart. Not in SPEC; absent on other rows and on deposits of unknown origin.
 */
export const DEPOSIT_CHANNELS = ['bank', 'qr', 'slip', 'giftLink', 'manual'] as const;
export type DepositChannel = (typeof DEPOSIT_CHANNELS)[number];
