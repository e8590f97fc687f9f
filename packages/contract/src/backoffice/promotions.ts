import { z } from 'zod';
import { BONUS_TYPES } from '../bonus-rules.ts';
import { text } from '../common.ts';
import {
  BANNERS_PER_LANGUAGE_MAX,
  BONUS_SOURCES,
  PERCENT_FAIL_MAX,
  PERCENT_SUCCESS_MAX,
  PERCENT_VALUE_MAX,
  PROMOTION_AMOUNT_MAX,
  PROMOTION_CODE_PATTERN,
  PROMOTION_COUNT_MAX,
  PROMOTION_HTML_MAX,
  PROMOTION_KINDS,
  PROMOTION_NAME_MAX,
  REFUND_PERIODS,
  TURNOVER_MULTIPLE_MAX,
} from './promotions-rules.ts';

export * from './promotions-rules.ts';

/**
 * The back office's promotions (issue 15): bonus types, promotion codes, the invite and refund
 * programmes, and what each cost. Money is in minor units (satang/att) as integers, percents are whole
 * percents, times are ISO 8601. HTML (notices, descriptions, banner texts, refund info) is sanitised by
 * the server on save; what comes back is what was kept.
 */

const reason = text().trim().max(500).optional();
const minor = z.number().int().min(0).max(PROMOTION_AMOUNT_MAX);
const count = z.number().int().min(0).max(PROMOTION_COUNT_MAX);
const html = text({ multiline: true }).max(PROMOTION_HTML_MAX);
const moment = z.iso.datetime({ offset: true });

export const promotionCode = z.string().trim().toUpperCase().regex(PROMOTION_CODE_PATTERN, { message: 'KEY_INVALID' });
export const promotionCodeParams = z.object({ code: promotionCode });

/**
 * A banner image: one of ours under /media/ (uploads in /media/banners, seeded art), an https address,
 * or none (a slide of text only).
 */
const bannerImage = text()
  .trim()
  .max(500)
  .refine(
    (value) =>
      value === '' ||
      /^\/media\/[a-z-]+\/[A-Za-z0-9_-]{1,60}\.(png|jpg|jpeg|webp|svg)$/.test(value) ||
      /^https:\/\/\S+$/i.test(value),
    {
      message: 'KEY_INVALID',
    },
  );
export const promotionBanner = z.object({ image: bannerImage, html });
export type PromotionBanner = z.infer<typeof promotionBanner>;

const bannerList = z.array(promotionBanner).max(BANNERS_PER_LANGUAGE_MAX);
/** Banners per language; a language left empty shows Thai's. */
export const promotionBanners = z.object({ th: bannerList, lo: bannerList, en: bannerList });
export type PromotionBanners = z.infer<typeof promotionBanners>;

/** A text in th, lo and en; Thai is required where `thRequired`, the others fall back to it. */
const perLanguage = <T extends z.ZodType<string>>(value: T) => z.object({ th: value, lo: value, en: value });
const name = text().trim().max(PROMOTION_NAME_MAX);

/** The bonus arithmetic a bonus type and a promotion code share. */
const offerFields = {
  kind: z.enum(PROMOTION_KINDS),
  /** percent: whole percent of the credit; fixed: minor units. */
  value: z.number().int().min(1).max(PROMOTION_AMOUNT_MAX),
  /** Cap of a percent bonus, minor units (0: no cap). */
  maxBonus: minor,
  minDeposit: minor,
  /** Target credit as a percent of the starting credit (0: none). */
  percentSuccess: z.number().int().min(0).max(PERCENT_SUCCESS_MAX),
  /** The bonus fails when the credit falls to this percent of the starting credit. */
  percentFail: z.number().int().min(0).max(PERCENT_FAIL_MAX),
  turnoverMultiple: z.number().int().min(0).max(TURNOVER_MULTIPLE_MAX),
  /** Most a player may withdraw once the condition is met, minor units (0: no cap). */
  maxWithdraw: minor,
  enabled: z.boolean(),
};

/** A percent above PERCENT_VALUE_MAX is a typo; say which field. */
function percentValueInRange(offer: { kind: string; value: number }, ctx: z.RefinementCtx) {
  if (offer.kind === 'percent' && offer.value > PERCENT_VALUE_MAX) {
    ctx.addIssue({ code: 'custom', path: ['value'], message: 'KEY_INVALID' });
  }
}

const bonusTypeShape = z.object({
  names: z.object({ th: name.min(1), lo: name, en: name }),
  notices: perLanguage(html),
  banners: promotionBanners,
  limitType: z.enum(BONUS_TYPES),
  maxReceived: count,
  ...offerFields,
  /** After this moment players no longer see it (null: never). */
  expiresAt: moment.nullable(),
  sortOrder: z.number().int().min(0).max(9999),
});

/** POST /api/backoffice/promotions/bonuses. */
export const bonusTypeCreatePayload = bonusTypeShape
  .extend({ code: promotionCode, reason })
  .superRefine(percentValueInRange);
export type BonusTypeCreatePayload = z.input<typeof bonusTypeCreatePayload>;

/** PUT /api/backoffice/promotions/bonuses/:code: the whole form (the code stays). */
export const bonusTypeUpdatePayload = bonusTypeShape.extend({ reason }).superRefine(percentValueInRange);
export type BonusTypeUpdatePayload = z.input<typeof bonusTypeUpdatePayload>;

export const bonusTypeView = bonusTypeShape.extend({
  code: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BonusTypeView = z.infer<typeof bonusTypeView>;
export const bonusTypeListResponse = z.object({ items: z.array(bonusTypeView) });
export type BonusTypeListResponse = z.infer<typeof bonusTypeListResponse>;
export const bonusTypeResponse = z.object({ bonus: bonusTypeView });
export type BonusTypeResponse = z.infer<typeof bonusTypeResponse>;

const promotionCodeShape = z.object({
  descriptions: perLanguage(html),
  ...offerFields,
  /** Redemptions overall (0: unlimited) and per player (0: unlimited). */
  maxRedemptions: count,
  maxPerPlayer: count,
  /** The window it can be redeemed in; null on either side: open. */
  validFrom: moment.nullable(),
  validTo: moment.nullable(),
});

function windowInOrder(code: { validFrom: string | null; validTo: string | null }, ctx: z.RefinementCtx) {
  if (code.validFrom && code.validTo && Date.parse(code.validFrom) >= Date.parse(code.validTo)) {
    ctx.addIssue({ code: 'custom', path: ['validTo'], message: 'KEY_INVALID' });
  }
}

/** POST /api/backoffice/promotions/codes. */
export const promotionCodeCreatePayload = promotionCodeShape
  .extend({ code: promotionCode, reason })
  .superRefine(percentValueInRange)
  .superRefine(windowInOrder);
export type PromotionCodeCreatePayload = z.input<typeof promotionCodeCreatePayload>;

/** PUT /api/backoffice/promotions/codes/:code. */
export const promotionCodeUpdatePayload = promotionCodeShape
  .extend({ reason })
  .superRefine(percentValueInRange)
  .superRefine(windowInOrder);
export type PromotionCodeUpdatePayload = z.input<typeof promotionCodeUpdatePayload>;

export const promotionCodeView = promotionCodeShape.extend({
  code: z.string(),
  /** Redemptions so far. */
  redeemed: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PromotionCodeView = z.infer<typeof promotionCodeView>;
export const promotionCodeListResponse = z.object({ items: z.array(promotionCodeView) });
export type PromotionCodeListResponse = z.infer<typeof promotionCodeListResponse>;
export const promotionCodeResponse = z.object({ promotion: promotionCodeView });
export type PromotionCodeResponse = z.infer<typeof promotionCodeResponse>;

const programmeLines = {
  enabled: z.boolean(),
  /** Success and fail percents of the bonus a claim becomes. */
  percentSuccess: z.number().int().min(0).max(PERCENT_SUCCESS_MAX),
  percentFail: z.number().int().min(0).max(PERCENT_FAIL_MAX),
  banners: promotionBanners,
};

/** GET and PUT /api/backoffice/promotions/invite. */
export const inviteSettings = z.object({
  ...programmeLines,
  /** Whole percent of each referred player's deposit accrued to the inviter. */
  percent: z.number().int().min(0).max(100),
});
export type InviteSettingsView = z.infer<typeof inviteSettings>;
export const inviteSettingsPayload = inviteSettings.extend({ reason });
export type InviteSettingsPayload = z.input<typeof inviteSettingsPayload>;

/** GET and PUT /api/backoffice/promotions/refund. */
export const refundSettings = z.object({
  ...programmeLines,
  period: z.enum(REFUND_PERIODS),
  /** Whole percent of the period's net loss. */
  percent: z.number().int().min(0).max(100),
  /** Minor units: no refund below the minimum; the cap limits it (0: no cap). */
  minimum: minor,
  cap: minor,
  info: perLanguage(html),
});
export type RefundSettingsView = z.infer<typeof refundSettings>;
export const refundSettingsPayload = refundSettings.extend({ reason }).superRefine((value, ctx) => {
  if (value.cap > 0 && value.minimum > value.cap)
    ctx.addIssue({ code: 'custom', path: ['cap'], message: 'KEY_INVALID' });
});
export type RefundSettingsPayload = z.input<typeof refundSettingsPayload>;

/** POST /api/backoffice/promotions/images (multipart, field `image`): where the stored image is served. */
export const promotionImageResponse = z.object({ image: z.string() });
export type PromotionImageResponse = z.infer<typeof promotionImageResponse>;

/** GET /api/backoffice/promotions/report?from=&to=: bonuses taken in [from, to), both optional. */
export const promotionReportQuery = z
  .object({ from: moment.optional(), to: moment.optional() })
  .refine((q) => !q.from || !q.to || Date.parse(q.from) < Date.parse(q.to), { path: ['to'], message: 'KEY_INVALID' });
export type PromotionReportQuery = z.input<typeof promotionReportQuery>;

const costFigures = {
  /** Distinct players who took it. */
  players: z.number().int(),
  /** Bonuses taken. */
  taken: z.number().int(),
  /** Minor units: bonus credited, bonus credit taken back (fail, clear, withdrawal), withdrawn after it. */
  credited: z.number().int(),
  forfeited: z.number().int(),
  withdrawn: z.number().int(),
  /** credited − forfeited: what the promotions expense account paid out net. */
  netCost: z.number().int(),
};
/** One row per source, code and currency (a LAK player's bonus never adds to a baht one). */
export const promotionReportRow = z.object({
  source: z.enum(BONUS_SOURCES),
  code: z.string(),
  currency: z.string(),
  ...costFigures,
});
export type PromotionReportRow = z.infer<typeof promotionReportRow>;
export const promotionReportResponse = z.object({
  rows: z.array(promotionReportRow),
  /** Per currency. */
  totals: z.array(z.object({ currency: z.string(), ...costFigures })),
});
export type PromotionReportResponse = z.infer<typeof promotionReportResponse>;
