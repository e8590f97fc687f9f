import { z } from 'zod';
import { text } from './common.ts';

/** Promotion codes are upper-cased before search and activation (SPEC §5); the server does it too. */
export const promotionCode = text().trim().min(1).max(50).toUpperCase();

export const promotionCodeParams = z.object({ code: promotionCode });
export type PromotionCodeParams = z.infer<typeof promotionCodeParams>;

/** Promotion (SPEC §3), with its code so the modal can activate what it found. */
export const promotion = z.object({ code: z.string(), percentFail: z.number(), description: z.string() });
export type Promotion = z.infer<typeof promotion>;

/** GET /api/promotion/find/{code}; an unknown code answers NO_PROMOTION. */
export const promotionFindResponse = promotion;
export type PromotionFindResponse = z.infer<typeof promotionFindResponse>;

/** GET /api/promotion/activate/{code} (designed here): a result code only. */
export const promotionActivateResponse = z.object({ message: z.string() });
export type PromotionActivateResponse = z.infer<typeof promotionActivateResponse>;

/** GET /api/promotion/current (designed here): the promotion behind the active bonus, or null. */
export const promotionCurrentResponse = z.object({ promotion: promotion.nullable() });
export type PromotionCurrentResponse = z.infer<typeof promotionCurrentResponse>;
