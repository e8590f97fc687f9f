import { z } from 'zod';
import type { LANGUAGES } from './constants.ts';

/**
 * The operator's texts (contact, conditions, agreements, sources) come in the player's language
 * (issue 18): `?lang=th|lo|en`, Thai when absent or unknown, and Thai wherever a text has no
 * translation yet. A query parameter rather than Accept-Language, so each language is its own URL for
 * any cache on the way.
 */
export const lookupLanguageQuery = z.object({ lang: z.string().max(10).optional() });
export const CONTENT_FALLBACK_LANGUAGE = 'th' satisfies (typeof LANGUAGES)[number];

/** Bank list item (SPEC §3), with the English name the deposit dialog also shows. */
export const bank = z.object({ code: z.string(), nameTH: z.string(), nameEN: z.string() });
export type Bank = z.infer<typeof bank>;
export const banksResponse = z.array(bank);

/** Source list item: where the player heard of us. */
export const source = z.object({ code: z.string(), description: z.string() });
export type Source = z.infer<typeof source>;
export const sourcesResponse = z.array(source);

export const infoResponse = z.object({ name: z.string(), website: z.string() });
export type InfoResponse = z.infer<typeof infoResponse>;

export const contactResponse = z.object({
  contactText: z.string(),
  lineLink: z.string(),
  lineName: z.string(),
  /** URL of the LINE QR image, or empty when there is none. */
  lineQR: z.string(),
});
export type ContactResponse = z.infer<typeof contactResponse>;

/** Conditions: a list of HTML strings shown in the conditions popup. */
export const conditionsResponse = z.object({ conditions: z.array(z.string()) });
export type ConditionsResponse = z.infer<typeof conditionsResponse>;

/** Agreement HTML paragraphs for the agreement modal. */
export const agreementsResponse = z.object({ agreements: z.array(z.string()) });
export type AgreementsResponse = z.infer<typeof agreementsResponse>;

/** GET /api/lookup/howto?lang= (designed here): the operator's HTML introduction above the how-to videos; empty when none. */
export const howtoTextResponse = z.object({ howto: z.string() });
export type HowtoTextResponse = z.infer<typeof howtoTextResponse>;

/** Operator notice, HTML; empty when there is none. */
export const noticeResponse = z.object({ notice: z.string() });
export type NoticeResponse = z.infer<typeof noticeResponse>;

export const withdrawLimitsResponse = z.object({ withdrawMin: z.number(), withdrawMax: z.number() });
export type WithdrawLimitsResponse = z.infer<typeof withdrawLimitsResponse>;

/**
 * Slip upload availability. SPEC keeps the closed window's value off screen, so the lookup only says
 * whether upload is open right now.
 */
export const slipLookupResponse = z.object({ isOpen: z.boolean() });
export type SlipLookupResponse = z.infer<typeof slipLookupResponse>;

/** GET /api/lookup/active while the service runs; when terminated the call answers 410 {message:"gone"}. */
export const activeResponse = z.object({ active: z.literal(true) });
export type ActiveResponse = z.infer<typeof activeResponse>;

export const registerOtpResponse = z.object({ registerOTP: z.boolean() });
export type RegisterOtpResponse = z.infer<typeof registerOtpResponse>;

export const enableChatWidgetResponse = z.object({ enableChatWidget: z.boolean() });
export type EnableChatWidgetResponse = z.infer<typeof enableChatWidgetResponse>;

export { HOWTO_VIDEOS, type HowtoVideo } from './howto-videos.ts';

/**
 * GET /api/lookup/banners?lang= (designed here; SPEC §2 Home and §9 "Home slides: 6"): the home
 * screen's slides (at most HOME_SLIDES) and banners the operator switched on, in their order, with the
 * alt text in the asked language (Thai where it has none). `link` is empty or where a tap goes.
 */
export const homeBanner = z.object({ id: z.string(), image: z.string(), link: z.string(), alt: z.string() });
export type HomeBanner = z.infer<typeof homeBanner>;
export const homeBannersResponse = z.object({ slides: z.array(homeBanner), banners: z.array(homeBanner) });
export type HomeBannersResponse = z.infer<typeof homeBannersResponse>;
