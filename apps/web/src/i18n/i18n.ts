import { LANGUAGE_COOKIE, LANGUAGES, type Language, STORAGE_KEYS } from '@wallet/contract/constants';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { config } from '@/lib/config';
import { getCookie, setCookie } from '@/lib/cookie';

type Bundle = { default: Record<string, unknown> };

// One chunk per language, fetched only when that language is used.
const loaders: Record<Language, () => Promise<Bundle>> = {
  th: () => import('./th.json'),
  lo: () => import('./lo.json'),
  en: () => import('./en.json'),
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function initialLanguage(): Language {
  const stored = localStorage.getItem(STORAGE_KEYS.locale);
  if (isLanguage(stored)) return stored;
  return config.laoMode ? 'lo' : 'th';
}

/**
 * Texts of parts loaded on demand (the chat panel), kept out of the first language chunk: each set is
 * merged into the translation once per language, now for the current one and with every later change.
 */
const lazyTexts: Record<Language, () => Promise<Bundle>>[] = [];
const lazyLoaded = new Map<Record<Language, () => Promise<Bundle>>, Set<Language>>();

async function loadLazyTexts(set: Record<Language, () => Promise<Bundle>>, language: Language): Promise<void> {
  const done = lazyLoaded.get(set) ?? new Set<Language>();
  lazyLoaded.set(set, done);
  if (done.has(language)) return;
  const bundle = await set[language]();
  i18n.addResourceBundle(language, 'translation', bundle.default, true, true);
  done.add(language);
}

async function loadBundle(language: Language): Promise<void> {
  if (!i18n.hasResourceBundle(language, 'translation')) {
    const bundle = await loaders[language]();
    i18n.addResourceBundle(language, 'translation', bundle.default, true, true);
  }
  await Promise.all(lazyTexts.map((set) => loadLazyTexts(set, language)));
}

/** Registers the texts of a part loaded on demand; resolves once they are there in the current language. */
export async function addLazyTexts(set: Record<Language, () => Promise<Bundle>>): Promise<void> {
  if (!lazyTexts.includes(set)) lazyTexts.push(set);
  await loadLazyTexts(set, currentLanguage());
}

/**
 * A part imported on demand together with its texts, both fetched at once (no second round trip after
 * the chunk arrives): `lazy(withTexts(spinTexts, () => import('./routes/spin-route')))`. A failure to
 * fetch the texts does not keep the part from showing.
 */
export function withTexts<T>(
  sets: Record<Language, () => Promise<Bundle>> | readonly Record<Language, () => Promise<Bundle>>[],
  load: () => Promise<T>,
): () => Promise<T> {
  const all = Array.isArray(sets) ? sets : [sets];
  return () =>
    Promise.all([load(), ...all.map((set) => addLazyTexts(set).catch(() => undefined))]).then(([part]) => part as T);
}

/** Loads the language, applies it at once and persists it (localStorage `locale`, cookie `lang`=TH/LO/EN). */
export async function setLanguage(language: Language): Promise<void> {
  await loadBundle(language);
  await i18n.changeLanguage(language);
  localStorage.setItem(STORAGE_KEYS.locale, language);
  // Only when it changes: writing document.cookie is a synchronous trip to the browser, and this runs on
  // every start, before the first screen (issue 18: total blocking time).
  const cookie = language.toUpperCase();
  if (getCookie(LANGUAGE_COOKIE) !== cookie) setCookie(LANGUAGE_COOKIE, cookie);
  document.documentElement.lang = language;
}

export async function initI18n(language: Language = initialLanguage()): Promise<typeof i18n> {
  if (!i18n.isInitialized) {
    await i18n.use(initReactI18next).init({
      lng: language,
      // Every key exists in every language (i18n.test.ts), so no second bundle is ever needed.
      fallbackLng: false,
      resources: {},
      partialBundledLanguages: true,
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  }
  await setLanguage(language);
  return i18n;
}

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : initialLanguage();
}

export { i18n };
