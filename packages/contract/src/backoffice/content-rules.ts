/**
 * Content rules without Zod, for the back-office app's forms and the player app (a runtime import of
 * content.ts would pull Zod into their chunks). content.ts re-exports them.
 */

/**
 * The operator texts, each kept in th, lo and en. conditions and agreements are lists of HTML
 * paragraphs (SPEC §3); notice and howto (above the how-to videos) one HTML text each; contact its
 * free text (contactText; the LINE fields stay as they are).
 */
export const CONTENT_TEXT_KEYS = ['notice', 'conditions', 'agreements', 'contact', 'howto'] as const;
export type ContentTextKey = (typeof CONTENT_TEXT_KEYS)[number];

export function contentTextIsList(key: ContentTextKey): boolean {
  return key === 'conditions' || key === 'agreements';
}

/** Longest text the back office accepts for one language (characters, before sanitising). */
export const CONTENT_TEXT_MAX = 20_000;

/** Home banners (under the balance) and slides (the carousel at the top); SPEC §9: up to 6 slides. */
export const BANNER_KINDS = ['slide', 'banner'] as const;
export type BannerKind = (typeof BANNER_KINDS)[number];

/** The multipart field of a banner's image. */
export const BANNER_FILE_FIELD = 'image';
/** A home image travels to every player on a phone network: 2 MB at most. */
export const BANNER_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
/** Read from the file's bytes, never from its name or the browser's claim. */
export const BANNER_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const BANNER_ALT_MAX = 200;

/**
 * The contact page's LINE QR drawn by the server from the LINE link (so the two never disagree). An
 * operator picks it, an https image address, or none; the server stores it with a version of the
 * link (`?v=`) so a changed link is never answered from a cached picture.
 */
export const LINE_QR_GENERATED = '/media/line-qr.svg';
export const LINE_QR_GENERATED_PATTERN = /^\/media\/line-qr\.svg(\?v=[a-z0-9]{1,16})?$/;

/** The operator's name, website and LINE fields: short single lines. */
export const SITE_NAME_MAX = 100;
export const SITE_URL_MAX = 500;

/** An absolute https address without spaces: what the website, LINE link and QR image must be. */
export function isHttpsUrl(value: string): boolean {
  if (!/^https:\/\/[^\s/?#]+[^\s]*$/i.test(value)) return false;
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}
