import { z } from 'zod';
import { banner } from './banner.ts';
import { isoDateTime, text } from './common.ts';

/** How the receive limit counts: ever, per Bangkok calendar day, or per Bangkok calendar week. */
export const BONUS_TYPES = ['limit', 'day', 'week'] as const;
export type BonusType = (typeof BONUS_TYPES)[number];

export const bonusCode = text().trim().min(1).max(50);

export const bonusCodeParams = z.object({ code: bonusCode });
export type BonusCodeParams = z.infer<typeof bonusCodeParams>;

/** The player's standing with one bonus; each receipt is one entry in received. */
export const userBonus = z.object({
  _id: z.string(),
  isActive: z.boolean(),
  received: z.array(z.object({ updatedAt: isoDateTime })),
});
export type UserBonus = z.infer<typeof userBonus>;

/** Bonus (SPEC §3). userBonus is null until the player first takes it. */
export const bonus = z.object({
  code: bonusCode,
  name: z.string(),
  type: z.enum(BONUS_TYPES),
  maxReceived: z.number().int().nonnegative(),
  banners: z.array(banner),
  /** Credit percent of the starting credit at or below which the bonus finishes as failed. */
  percentFail: z.number(),
  /** HTML shown in the bonus modal. */
  notice: z.string().optional(),
  userBonus: userBonus.nullable(),
});
export type Bonus = z.infer<typeof bonus>;

/** GET /api/bonus. */
export const bonusListResponse = z.array(bonus);
export type BonusListResponse = z.infer<typeof bonusListResponse>;

/** GET /api/bonus/activate/{code} returns the user bonus. */
export const bonusActivateResponse = userBonus;
export type BonusActivateResponse = z.infer<typeof bonusActivateResponse>;

/**
 * GET /api/bonus/check/active. type names the active bonus kind (bonus, promotion, invite or refund);
 * null when none is active. code and name (not in SPEC) say which one, so the screen can name it.
 */
export const bonusCheckActiveResponse = z.object({
  status: z.boolean(),
  type: z.string().nullable(),
  code: z.string().nullable(),
  name: z.string().nullable(),
});
export type BonusCheckActiveResponse = z.infer<typeof bonusCheckActiveResponse>;

/**
 * GET /api/bonus/check/minimum (designed here; SPEC only defines it): whether the active bonus is still
 * running once the player's credit was compared with its fail line, the credit (wallet plus game
 * accounts) and that line. A credit at or below the line finishes the bonus (finish_bonus) on this call.
 */
export const bonusCheckMinimumResponse = z.object({
  status: z.boolean(),
  credit: z.number(),
  minimum: z.number().nullable(),
});
export type BonusCheckMinimumResponse = z.infer<typeof bonusCheckMinimumResponse>;

/** GET /api/bonus/clear. */
export const bonusClearResponse = z.object({ message: z.string() });
export type BonusClearResponse = z.infer<typeof bonusClearResponse>;

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
export function isBonusLimitReached(b: Pick<Bonus, 'type' | 'maxReceived' | 'userBonus'>, now: Date): boolean {
  const received = b.userBonus?.received ?? [];
  if (b.type === 'limit') return received.length >= b.maxReceived;
  const period = b.type === 'day' ? bangkokDayNumber : bangkokWeekNumber;
  const current = period(now);
  const inPeriod = received.filter((r) => period(new Date(r.updatedAt)) === current).length;
  return inPeriod >= b.maxReceived;
}
