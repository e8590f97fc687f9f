/**
 * Promotion rules without Zod, for the back-office forms (a runtime import of promotions.ts would pull
 * Zod into their chunks). promotions.ts re-exports them.
 */

/** percent: value is a whole percent of the player's credit, capped by maxBonus; fixed: value in minor units. */
export const PROMOTION_KINDS = ['percent', 'fixed'] as const;
export type PromotionKind = (typeof PROMOTION_KINDS)[number];

/** Where a player's bonus came from; the cost report has one row per source and code. */
export const BONUS_SOURCES = ['bonus', 'promotion', 'invite', 'refund', 'spin'] as const;
export type BonusSource = (typeof BONUS_SOURCES)[number];

export const REFUND_PERIODS = ['day', 'week'] as const;
export type RefundPeriod = (typeof REFUND_PERIODS)[number];

/** Bonus and promotion codes: what players type (upper case), so letters, digits, - and _ only. */
export const PROMOTION_CODE_PATTERN = /^[A-Z0-9_-]{2,40}$/;
/** A percent bonus above ten times the credit is a typo, not an offer. */
export const PERCENT_VALUE_MAX = 1000;
/** A success target is a percent of the starting credit (200 = double). */
export const PERCENT_SUCCESS_MAX = 10_000;
/** The fail line is below the starting credit, so under 100 %. */
export const PERCENT_FAIL_MAX = 99;
export const TURNOVER_MULTIPLE_MAX = 1000;
/** Minor units: 10 million baht, far above any offer, far below what integers hold exactly. */
export const PROMOTION_AMOUNT_MAX = 1_000_000_000;
export const PROMOTION_COUNT_MAX = 1_000_000;
export const BANNERS_PER_LANGUAGE_MAX = 10;
export const PROMOTION_NAME_MAX = 100;
export const PROMOTION_HTML_MAX = 20_000;
