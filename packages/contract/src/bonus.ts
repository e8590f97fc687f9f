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

/** GET /api/bonus/clear. */
export const bonusClearResponse = z.object({ message: z.string() });
export type BonusClearResponse = z.infer<typeof bonusClearResponse>;
