import { z } from 'zod';
import { SPIN_COUPON_STATUSES, SPIN_PRIZE_TYPES } from './backoffice/spinwheel-rules.ts';
import { isoDateTime, text } from './common.ts';

export type { SpinCouponStatus, SpinPrizeType } from './backoffice/spinwheel-rules.ts';
export { SPIN_COUPON_STATUSES, SPIN_PRIZE_TYPES } from './backoffice/spinwheel-rules.ts';

/**
 * GET /api/spinwheel/setup and /coupon take `?lang=th|lo|en` (Thai otherwise), as the lookups do:
 * labels, descriptions and prize names come in that language.
 */
export { lookupLanguageQuery as spinLanguageQuery } from './lookup.ts';

/** Wheel slice. htmlDescription shows in the claim confirmation and goes through the sanitiser. */
export const spinSlice = z.object({
  code: z.string(),
  label: z.string(),
  bgColor: z.string(),
  textColor: z.string(),
  htmlDescription: z.string(),
});
export type SpinSlice = z.infer<typeof spinSlice>;

/** GET /api/spinwheel/setup: the active wheel, slices in drawing order, and the player's coins. */
export const spinSetupResponse = z.object({
  name: z.string(),
  slices: z.array(spinSlice),
  userCoin: z.number().int(),
});
export type SpinSetupResponse = z.infer<typeof spinSetupResponse>;

/** A refused spin or claim: error is a catalogue code the client translates into an error alert. */
const spinFailure = z.object({ success: z.literal(false), error: z.string() });

/** POST /api/spinwheel/spin. code names the slice the wheel lands on. */
export const spinResponse = z.discriminatedUnion('success', [
  z.object({ success: z.literal(true), code: z.string(), label: z.string(), remainingCoin: z.number().int() }),
  spinFailure,
]);
export type SpinResponse = z.infer<typeof spinResponse>;

/** A prize won on the wheel, waiting to be claimed. */
export const coupon = z.object({
  id: z.string(),
  /** Position in the player's list, as the coupon table shows it. */
  index: z.number().int().optional(),
  /** The slice it was won on (its label and description as on the wheel version it was drawn on). */
  slice: spinSlice.pick({ code: true, label: true, htmlDescription: true }),
  /** The prize's name: the item's name, or the slice label for credit and coins. */
  name: z.string(),
  /** bonus: baht (or kip) as other player amounts; coins: whole coins; item: 0. */
  amount: z.number(),
  prizeType: z.enum(SPIN_PRIZE_TYPES),
  /** Claimed (or fulfilled): no longer claimable. */
  claimed: z.boolean(),
  /** open, claimed, fulfilled (an item the operator handed over) or expired. */
  status: z.enum(SPIN_COUPON_STATUSES),
  expiresAt: isoDateTime,
});
export type Coupon = z.infer<typeof coupon>;

/** GET /api/spinwheel/coupon (designed here): all of the player's coupons, newest first; the table pages them. */
export const couponListResponse = z.object({ coupons: z.array(coupon) });
export type CouponListResponse = z.infer<typeof couponListResponse>;

export const couponClaimPayload = z.object({ coupon: text().min(1).max(100) });
export type CouponClaimPayload = z.infer<typeof couponClaimPayload>;

/** POST /api/spinwheel/coupon/claim (designed here): success carries the prize label for the success alert. */
export const couponClaimResponse = z.discriminatedUnion('success', [
  z.object({ success: z.literal(true), label: z.string() }),
  spinFailure,
]);
export type CouponClaimResponse = z.infer<typeof couponClaimResponse>;

/** GET /api/spinwheel/active: whether the home screen shows the wheel widget. */
export const spinActiveResponse = z.object({ active: z.boolean() });
export type SpinActiveResponse = z.infer<typeof spinActiveResponse>;
