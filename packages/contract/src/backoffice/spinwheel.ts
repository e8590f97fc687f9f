import { z } from 'zod';
import { text } from '../common.ts';
import {
  SPIN_BONUS_PRIZE_MAX,
  SPIN_COINS_PRIZE_MAX,
  SPIN_COLOR_PATTERN,
  SPIN_COUPON_DAYS_MAX,
  SPIN_COUPON_STATUSES,
  SPIN_HTML_MAX,
  SPIN_LABEL_MAX,
  SPIN_NAME_MAX,
  SPIN_PAGE_SIZE,
  SPIN_PAGE_SIZE_MAX,
  SPIN_PRIZE_TYPES,
  SPIN_SLICE_CODE_PATTERN,
  SPIN_SLICES_MAX,
  SPIN_SLICES_MIN,
  SPIN_STOCK_MAX,
  SPIN_WEIGHT_MAX,
} from './spinwheel-rules.ts';

export * from './spinwheel-rules.ts';

/**
 * The back office's spin wheels (issue 16). Marketing edits wheels and their slices; finance reads the
 * cost and the report; support and finance read the spin log and the coupons, and support fulfils
 * item coupons. Money is minor units (integers), coins whole coins, times ISO 8601.
 *
 * A wheel that players have spun is never edited in place: a save makes a new version (its slices are
 * the new ones) and the spins and coupons already made keep pointing to the version they were drawn on.
 */

const reason = text().trim().max(500).optional();
const moment = z.iso.datetime({ offset: true });
const html = text({ multiline: true }).max(SPIN_HTML_MAX);
const perLanguage = <T extends z.ZodType<string>>(value: T) => z.object({ th: value, lo: value, en: value });
const label = text().trim().max(SPIN_LABEL_MAX);
const name = text().trim().max(SPIN_NAME_MAX);

export const spinWheelIdParams = z.object({ id: z.string().min(1).max(64) });
export const spinCouponIdParams = z.object({ id: z.string().min(1).max(64) });

/** One slice as the editor saves it. */
export const spinSliceInput = z
  .object({
    code: z.string().trim().toUpperCase().regex(SPIN_SLICE_CODE_PATTERN, { message: 'KEY_INVALID' }),
    /** Thai required; Lao and English fall back to it. */
    labels: z.object({ th: label.min(1), lo: label, en: label }),
    bgColor: z.string().regex(SPIN_COLOR_PATTERN, { message: 'KEY_INVALID' }),
    textColor: z.string().regex(SPIN_COLOR_PATTERN, { message: 'KEY_INVALID' }),
    /** Shown in the player's claim confirmation; sanitised on save. */
    htmlDescriptions: perLanguage(html),
    prizeType: z.enum(SPIN_PRIZE_TYPES),
    /** bonus: minor units credited as a bonus; coins: whole coins; item: 0. */
    amount: z.number().int().min(0).max(SPIN_BONUS_PRIZE_MAX),
    /** item: what the operator hands over (Thai required for an item). */
    itemNames: perLanguage(name),
    /**
     * bonus: the bonus type (back office promotions) whose conditions the credit carries (success and
     * fail percents, turnover, maximum withdrawal); null: no condition but the fail line at 0.
     */
    bonusCode: z.string().trim().toUpperCase().max(40).nullable(),
    /** 0: on the wheel but never drawn. */
    weight: z.number().int().min(0).max(SPIN_WEIGHT_MAX),
    /**
     * Prizes left to win (null: unlimited). On a save, a slice whose stock field is unchanged keeps
     * what is left of it; a new number starts the count again.
     */
    stock: z.number().int().min(0).max(SPIN_STOCK_MAX).nullable(),
  })
  .superRefine((slice, ctx) => {
    if (slice.prizeType === 'bonus' && slice.amount < 1) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'KEY_INVALID' });
    }
    if (slice.prizeType === 'coins' && (slice.amount < 1 || slice.amount > SPIN_COINS_PRIZE_MAX)) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'KEY_INVALID' });
    }
    if (slice.prizeType === 'item' && slice.itemNames.th.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['itemNames', 'th'], message: 'KEY_INVALID' });
    }
  });
export type SpinSliceInput = z.input<typeof spinSliceInput>;

const wheelShape = z.object({
  names: z.object({ th: name.min(1), lo: name, en: name }),
  /** The wheel is live between these (null: open on that side) and only while `active`. */
  startsAt: moment.nullable(),
  endsAt: moment.nullable(),
  /** One wheel is active at a time: activating one deactivates the others. */
  active: z.boolean(),
  /** Days a coupon won on this wheel can be claimed in. */
  couponValidDays: z.number().int().min(1).max(SPIN_COUPON_DAYS_MAX),
  slices: z.array(spinSliceInput).min(SPIN_SLICES_MIN).max(SPIN_SLICES_MAX),
});

function wheelRules(
  wheel: { startsAt: string | null; endsAt: string | null; slices: { code: string; weight: number }[] },
  ctx: z.RefinementCtx,
) {
  if (wheel.startsAt && wheel.endsAt && Date.parse(wheel.startsAt) >= Date.parse(wheel.endsAt)) {
    ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'KEY_INVALID' });
  }
  const seen = new Set<string>();
  wheel.slices.forEach((slice, i) => {
    if (seen.has(slice.code)) ctx.addIssue({ code: 'custom', path: ['slices', i, 'code'], message: 'KEY_INVALID' });
    seen.add(slice.code);
  });
  if (!wheel.slices.some((slice) => slice.weight > 0)) {
    ctx.addIssue({ code: 'custom', path: ['slices'], message: 'KEY_INVALID' });
  }
}

/** POST /api/backoffice/spinwheel/wheels and PUT /api/backoffice/spinwheel/wheels/:id: the whole form. */
export const spinWheelPayload = wheelShape.extend({ reason }).superRefine(wheelRules);
export type SpinWheelPayload = z.input<typeof spinWheelPayload>;

/** POST /api/backoffice/spinwheel/wheels/:id/active {active}: switch a wheel on (the others go off) or off. */
export const spinWheelActivePayload = z.object({ active: z.boolean(), reason });
export type SpinWheelActivePayload = z.input<typeof spinWheelActivePayload>;

const expectedCost = z.object({
  totalWeight: z.number(),
  chances: z.array(z.number()),
  bonusPerSpin: z.number(),
  coinsPerSpin: z.number(),
  itemChancePerSpin: z.number(),
  bonusPerCoin: z.number().nullable(),
  itemsPerCoin: z.number().nullable(),
});

export const spinSliceView = z.object({
  code: z.string(),
  labels: z.object({ th: z.string(), lo: z.string(), en: z.string() }),
  bgColor: z.string(),
  textColor: z.string(),
  htmlDescriptions: z.object({ th: z.string(), lo: z.string(), en: z.string() }),
  prizeType: z.enum(SPIN_PRIZE_TYPES),
  amount: z.number().int(),
  itemNames: z.object({ th: z.string(), lo: z.string(), en: z.string() }),
  bonusCode: z.string().nullable(),
  weight: z.number().int(),
  /** As last saved (null: unlimited). */
  stock: z.number().int().nullable(),
  /** Left to win now (null: unlimited). */
  remaining: z.number().int().nullable(),
  /** Won on this version. */
  won: z.number().int(),
});
export type SpinSliceView = z.infer<typeof spinSliceView>;

export const spinWheelView = z.object({
  id: z.string(),
  names: z.object({ th: z.string(), lo: z.string(), en: z.string() }),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  active: z.boolean(),
  /** Whether players see it now: active and inside its schedule. */
  live: z.boolean(),
  couponValidDays: z.number().int(),
  /** The current version; spins made on earlier ones keep theirs. */
  version: z.number().int(),
  /** Spins on the current version: a save with any makes a new version. */
  spins: z.number().int(),
  slices: z.array(spinSliceView),
  /** expectedWheelCost of the current slices (out-of-stock ones out of the draw). */
  expected: expectedCost,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SpinWheelView = z.infer<typeof spinWheelView>;
export const spinWheelListResponse = z.object({ items: z.array(spinWheelView) });
export type SpinWheelListResponse = z.infer<typeof spinWheelListResponse>;
export const spinWheelResponse = z.object({ wheel: spinWheelView });
export type SpinWheelResponse = z.infer<typeof spinWheelResponse>;

const pageFields = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(SPIN_PAGE_SIZE_MAX).default(SPIN_PAGE_SIZE),
};

/** GET /api/backoffice/spinwheel/spins (and .csv): newest first; filters combine. from inclusive, to exclusive. */
export const spinLogQuery = z.object({
  wheelId: z.string().min(1).max(64).optional(),
  playerId: z.string().min(1).max(64).optional(),
  from: moment.optional(),
  to: moment.optional(),
  ...pageFields,
});
export type SpinLogQuery = z.input<typeof spinLogQuery>;
export type SpinLogQueryParsed = z.output<typeof spinLogQuery>;

export const spinLogRow = z.object({
  id: z.string(),
  at: z.string(),
  playerId: z.string(),
  username: z.string(),
  wheelId: z.string(),
  version: z.number().int(),
  sliceCode: z.string(),
  /** The slice's Thai label on the version it was drawn on. */
  sliceLabel: z.string(),
  prizeType: z.enum(SPIN_PRIZE_TYPES),
  amount: z.number().int(),
  couponId: z.string(),
  couponStatus: z.enum(SPIN_COUPON_STATUSES),
});
export type SpinLogRow = z.infer<typeof spinLogRow>;
export const spinLogPage = z.object({
  items: z.array(spinLogRow),
  total: z.number().int(),
  totalCapped: z.boolean(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type SpinLogPage = z.infer<typeof spinLogPage>;

/** GET /api/backoffice/spinwheel/coupons (and .csv): newest first. `status` expired: open ones past their time. */
export const spinCouponQuery = z.object({
  status: z.enum(SPIN_COUPON_STATUSES).optional(),
  prizeType: z.enum(SPIN_PRIZE_TYPES).optional(),
  playerId: z.string().min(1).max(64).optional(),
  wheelId: z.string().min(1).max(64).optional(),
  ...pageFields,
});
export type SpinCouponQuery = z.input<typeof spinCouponQuery>;
export type SpinCouponQueryParsed = z.output<typeof spinCouponQuery>;

export const spinCouponRow = z.object({
  id: z.string(),
  at: z.string(),
  playerId: z.string(),
  username: z.string(),
  wheelId: z.string(),
  version: z.number().int(),
  sliceCode: z.string(),
  sliceLabel: z.string(),
  prizeType: z.enum(SPIN_PRIZE_TYPES),
  /** bonus: minor units; coins: whole coins; item: 0. */
  amount: z.number().int(),
  /** item: the Thai name of what is handed over; '' otherwise. */
  itemName: z.string(),
  status: z.enum(SPIN_COUPON_STATUSES),
  expiresAt: z.string(),
  claimedAt: z.string().nullable(),
  fulfilledAt: z.string().nullable(),
  /** Username of the operator who fulfilled it. */
  fulfilledBy: z.string().nullable(),
});
export type SpinCouponRow = z.infer<typeof spinCouponRow>;
export const spinCouponPage = z.object({
  items: z.array(spinCouponRow),
  total: z.number().int(),
  totalCapped: z.boolean(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type SpinCouponPage = z.infer<typeof spinCouponPage>;

/**
 * POST /api/backoffice/spinwheel/coupons/:id/fulfil: an item coupon the player claimed was handed
 * over. Not an item: INVALID_COUPON_TYPE; not claimed yet: NO_CLAIMABLE_COUPON; already fulfilled: ALREADY_DECIDED.
 */
export const spinCouponFulfilPayload = z.object({ reason });
export type SpinCouponFulfilPayload = z.input<typeof spinCouponFulfilPayload>;
export const spinCouponResponse = z.object({ coupon: spinCouponRow });
export type SpinCouponResponse = z.infer<typeof spinCouponResponse>;

/** GET /api/backoffice/spinwheel/report?from=&to=&wheelId=: both ends optional, from inclusive, to exclusive. */
export const spinReportQuery = z
  .object({ from: moment.optional(), to: moment.optional(), wheelId: z.string().min(1).max(64).optional() })
  .refine((q) => !q.from || !q.to || Date.parse(q.from) < Date.parse(q.to), { path: ['to'], message: 'KEY_INVALID' });
export type SpinReportQuery = z.input<typeof spinReportQuery>;

/** One slice of one wheel version: how often it was won against how often its weight says it should be. */
export const spinReportRow = z.object({
  wheelId: z.string(),
  version: z.number().int(),
  sliceCode: z.string(),
  sliceLabel: z.string(),
  prizeType: z.enum(SPIN_PRIZE_TYPES),
  amount: z.number().int(),
  weight: z.number().int(),
  /** Spins of this version in the period. */
  spins: z.number().int(),
  won: z.number().int(),
  /** spins × weight / total weight (stock running out makes the real count drift from it). */
  expected: z.number(),
  /** Coupons of this slice claimed in the period, and for bonus prizes the minor units they credited. */
  claimed: z.number().int(),
});
export type SpinReportRow = z.infer<typeof spinReportRow>;
export const spinReportResponse = z.object({
  /** Coins players earned by deposits (and won back on the wheel) in the period. */
  coinsEarned: z.number().int(),
  coinsWon: z.number().int(),
  /** Coins spent: one per spin. */
  coinsSpent: z.number().int(),
  spins: z.number().int(),
  /** Bonus credit paid out by claimed coupons, per currency (minor units). */
  bonusPaid: z.array(z.object({ currency: z.string(), amount: z.number().int() })),
  itemsWon: z.number().int(),
  itemsFulfilled: z.number().int(),
  rows: z.array(spinReportRow),
});
export type SpinReportResponse = z.infer<typeof spinReportResponse>;
