/**
 * Bonus rules without Zod: the web app imports these at runtime, and a runtime import of bonus.ts would
 * pull Zod into its chunks. bonus.ts re-exports them.
 */

/** How the receive limit counts: ever, per Bangkok calendar day, or per Bangkok calendar week. */
export const BONUS_TYPES = ['limit', 'day', 'week'] as const;
export type BonusType = (typeof BONUS_TYPES)[number];

/** What the limit check reads of a bonus (SPEC §3 Bonus). */
export interface BonusReceipts {
  type: BonusType;
  maxReceived: number;
  userBonus: { received: ReadonlyArray<{ updatedAt: string }> } | null;
}

/** Thailand and Laos keep UTC+7 all year, so fixed offset arithmetic is exact for Asia/Bangkok. */
export const BUSINESS_UTC_OFFSET_MS = 7 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** 1970-01-01 was a Thursday: adding 3 days puts every Monday on a multiple of 7. */
const EPOCH_TO_MONDAY_DAYS = 3;

/** Days since 1970-01-01 counted in Bangkok; equal numbers mean the same Bangkok calendar day. */
export function bangkokDayNumber(date: Date): number {
  return Math.floor((date.getTime() + BUSINESS_UTC_OFFSET_MS) / DAY_MS);
}

/** Weeks (Monday first) counted in Bangkok; equal numbers mean the same Bangkok calendar week. */
export function bangkokWeekNumber(date: Date): number {
  return Math.floor((bangkokDayNumber(date) + EPOCH_TO_MONDAY_DAYS) / 7);
}

/**
 * SPEC §4 "Bonus limit reached": limit counts every receipt, day only those of the current Bangkok day,
 * week only those of the current Bangkok week. Unparseable receipt dates never count.
 */
export function isBonusLimitReached(b: BonusReceipts, now: Date): boolean {
  const received = b.userBonus?.received ?? [];
  if (b.type === 'limit') return received.length >= b.maxReceived;
  const period = b.type === 'day' ? bangkokDayNumber : bangkokWeekNumber;
  const current = period(now);
  const inPeriod = received.filter((r) => period(new Date(r.updatedAt)) === current).length;
  return inPeriod >= b.maxReceived;
}
