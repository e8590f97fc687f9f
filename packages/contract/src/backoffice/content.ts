import { z } from 'zod';
import { text } from '../common.ts';
import { LANGUAGES } from '../constants.ts';
import {
  BANNER_KINDS,
  CONTENT_TEXT_KEYS,
  isHttpsUrl,
  LINE_QR_GENERATED_PATTERN,
  SITE_NAME_MAX,
  SITE_URL_MAX,
} from './content-rules.ts';

export {
  BANNER_ALT_MAX,
  BANNER_FILE_FIELD,
  BANNER_IMAGE_MAX_BYTES,
  BANNER_IMAGE_TYPES,
  BANNER_KINDS,
  type BannerKind,
  CONTENT_TEXT_KEYS,
  CONTENT_TEXT_MAX,
  type ContentTextKey,
  contentTextIsList,
  isHttpsUrl,
  LINE_QR_GENERATED,
  LINE_QR_GENERATED_PATTERN,
  SITE_NAME_MAX,
  SITE_URL_MAX,
} from './content-rules.ts';

const reason = text().trim().max(500).optional();

/** One text in one language: HTML (sanitised by the server on save), or HTML paragraphs for list texts. */
export const contentTextValue = z.union([
  text({ multiline: true }).max(20_000),
  z.array(text({ multiline: true }).max(20_000)).max(50),
]);

/**
 * GET /api/backoffice/content/texts: every text in every language, as stored (already sanitised);
 * null where that language has none (the player then reads Thai).
 */
export const contentTextsResponse = z.object({
  items: z.array(
    z.object({
      key: z.enum(CONTENT_TEXT_KEYS),
      language: z.enum(LANGUAGES),
      value: z.union([z.string(), z.array(z.string())]).nullable(),
    }),
  ),
});
export type ContentTextsResponse = z.infer<typeof contentTextsResponse>;

export const contentTextParams = z.object({ key: z.enum(CONTENT_TEXT_KEYS), language: z.enum(LANGUAGES) });

/** PUT /api/backoffice/content/texts/:key/:language. A string for notice and contact; a list for conditions and agreements. */
export const contentTextPayload = z.object({ value: contentTextValue, reason });
export type ContentTextPayload = z.input<typeof contentTextPayload>;

/** The text as saved: what the sanitiser kept. */
export const contentTextSaved = z.object({
  key: z.enum(CONTENT_TEXT_KEYS),
  language: z.enum(LANGUAGES),
  value: z.union([z.string(), z.array(z.string())]),
});
export type ContentTextSaved = z.infer<typeof contentTextSaved>;

const altText = text().trim().max(200);
const linkUrl = text()
  .trim()
  .max(500)
  .refine((value) => value === '' || /^https:\/\/[^\s]+$/i.test(value) || /^\/[^/\\\s][^\s]*$|^\/$/.test(value), {
    message: 'KEY_INVALID',
  });

/** A home banner or slide as the back office sees it. */
export const bannerView = z.object({
  id: z.string(),
  kind: z.enum(BANNER_KINDS),
  image: z.string(),
  link: z.string(),
  sortOrder: z.number().int(),
  enabled: z.boolean(),
  alt: z.object({ th: z.string(), lo: z.string(), en: z.string() }),
  updatedAt: z.string(),
});
export type BannerView = z.infer<typeof bannerView>;

export const bannerListResponse = z.object({ items: z.array(bannerView) });
export type BannerListResponse = z.infer<typeof bannerListResponse>;

export const bannerIdParams = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/) });

/**
 * The fields of a banner besides its image: on create they come as multipart fields beside the file,
 * on PUT /api/backoffice/content/banners/:id as JSON. A link is https://… or a path of the player app.
 */
export const bannerFields = z.object({
  kind: z.enum(BANNER_KINDS),
  link: linkUrl.default(''),
  sortOrder: z.coerce.number().int().min(0).max(9999).default(0),
  enabled: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]).default(true),
  altTh: altText.default(''),
  altLo: altText.default(''),
  altEn: altText.default(''),
  reason,
});
export type BannerFields = z.input<typeof bannerFields>;

export const bannerUpdatePayload = bannerFields.omit({ kind: true }).partial().extend({ reason });
export type BannerUpdatePayload = z.input<typeof bannerUpdatePayload>;

export const bannerResponse = z.object({ banner: bannerView });
export type BannerResponse = z.infer<typeof bannerResponse>;

/** DELETE /api/backoffice/content/banners/:id?reason=… (a DELETE carries no body). */
export const bannerDeleteQuery = z.object({ reason });

export const bannerDeletedResponse = z.object({ message: z.literal('SUCCESS') });

/** An https address, or empty for none. */
const httpsUrlOrEmpty = text()
  .trim()
  .max(SITE_URL_MAX)
  .refine((value) => value === '' || isHttpsUrl(value), { message: 'KEY_INVALID' });

/** The operator's name and website, as GET /api/lookup/info answers them (SPEC: Lookup info). */
export const siteInfo = z.object({ name: text().trim().min(1).max(SITE_NAME_MAX), website: httpsUrlOrEmpty });
export type SiteInfo = z.infer<typeof siteInfo>;

/**
 * The contact lookup's LINE fields, the same in every language: the LINE id shown, the link the button
 * opens, and the QR picture (the server-drawn one, an https image, or empty for none).
 */
export const contactLine = z
  .object({
    lineName: text().trim().max(SITE_NAME_MAX),
    lineLink: httpsUrlOrEmpty,
    lineQR: z.union([z.string().regex(LINE_QR_GENERATED_PATTERN), httpsUrlOrEmpty]),
  })
  .refine((line) => !LINE_QR_GENERATED_PATTERN.test(line.lineQR) || line.lineLink !== '', {
    message: 'KEY_INVALID',
    path: ['lineQR'],
  });
export type ContactLine = z.infer<typeof contactLine>;

/** GET /api/backoffice/content/details: what PUT …/info and PUT …/line edit. */
export const siteDetailsResponse = z.object({
  info: z.object({ name: z.string(), website: z.string() }),
  line: z.object({ lineName: z.string(), lineLink: z.string(), lineQR: z.string() }),
});
export type SiteDetailsResponse = z.infer<typeof siteDetailsResponse>;

/** PUT /api/backoffice/content/info. */
export const siteInfoPayload = siteInfo.extend({ reason });
export type SiteInfoPayload = z.input<typeof siteInfoPayload>;

/** PUT /api/backoffice/content/line. */
export const contactLinePayload = contactLine.and(z.object({ reason }));
export type ContactLinePayload = z.input<typeof contactLinePayload>;
