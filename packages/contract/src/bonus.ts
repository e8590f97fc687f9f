import { z } from 'zod';
import { banner } from './banner.ts';
import { BONUS_TYPES } from './bonus-rules.ts';
import { isoDateTime, text } from './common.ts';

export {
  BONUS_TYPES,
  type BonusType,
  BUSINESS_UTC_OFFSET_MS,
  bangkokDayNumber,
  bangkokWeekNumber,
  isBonusLimitReached,
} from './bonus-rules.ts';

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

/**
 * GET /api/bonus/progress (designed here): where the running bonus stands, so the withdraw dialog and the
 * bonus screen can say up front what is left to reach and what would be forfeited, instead of a refusal
 * after the player confirmed. Amounts in baht. The turnover multiple is not shown (SPEC §1): turnover comes
 * as a percent done only. null when no bonus runs.
 */
export const bonusProgress = z.object({
  type: z.string(),
  code: z.string(),
  /** Wallet plus game accounts now. */
  credit: z.number(),
  wallet: z.number(),
  inGames: z.number(),
  /** The credit the bonus started from (deposit plus bonus). */
  startCredit: z.number(),
  /** At or below this credit the bonus ends as failed (percentFail of the starting credit). */
  failCredit: z.number(),
  percentFail: z.number(),
  /** The credit that unlocks withdrawal; 0 when the bonus sets none. */
  targetCredit: z.number(),
  percentSuccess: z.number(),
  /** Percent (0 to 100) of the required turnover played; null when none is required. */
  turnoverPercent: z.number().nullable(),
  /** Withdrawal is open: the target and the turnover are reached. */
  conditionMet: z.boolean(),
  /** The bonus credit: what cancelling the bonus takes back (at most what the wallet holds). */
  bonusAmount: z.number(),
  /** The most one withdrawal may take under this bonus; null: no cap. */
  maxWithdraw: z.number().nullable(),
});
export type BonusProgress = z.infer<typeof bonusProgress>;
export const bonusProgressResponse = z.object({ progress: bonusProgress.nullable() });
export type BonusProgressResponse = z.infer<typeof bonusProgressResponse>;

/** GET /api/bonus/clear. */
export const bonusClearResponse = z.object({ message: z.string() });
export type BonusClearResponse = z.infer<typeof bonusClearResponse>;
