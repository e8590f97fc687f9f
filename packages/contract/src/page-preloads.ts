import type { Language } from './constants.ts';

/** Beside the player app's index.html: what each page needs at once, written by its build (route-preload.ts). */
export const PAGE_PRELOADS_FILE = 'page-preloads.json';

/**
 * The files a page of the player app needs before it can show its screen, so the server can name them in the
 * page itself (`<link rel="modulepreload">`, `rel="preload"`) and a phone requests them all with the entry,
 * instead of one round trip after another: the screen's chunks and styles by address, the language file and
 * the fonts by language.
 */
export interface PagePreloads {
  routes: Record<string, { scripts: string[]; styles: string[] }>;
  languages: Record<Language, string>;
  fonts: Record<Language, string[]>;
  /** The language of a player who has not chosen one (Lao in a Lao-mode build). */
  fallbackLanguage: Language;
}
