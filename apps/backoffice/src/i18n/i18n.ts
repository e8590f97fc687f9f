import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

/** Operators work in Thai or English; Lao players are served by the same Thai-reading staff. */
export const LANGUAGES = ['th', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Its own key: the player app on the same origin keeps its language under `locale`. */
export const LANGUAGE_KEY = 'backoffice-locale';

type Bundle = { default: Record<string, unknown> };

// One chunk per language, fetched only when that language is used.
const loaders: Record<Language, () => Promise<Bundle>> = {
  th: () => import('./th.json'),
  en: () => import('./en.json'),
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function initialLanguage(): Language {
  const stored = localStorage.getItem(LANGUAGE_KEY);
  return isLanguage(stored) ? stored : 'th';
}

async function loadBundle(language: Language): Promise<void> {
  if (i18n.hasResourceBundle(language, 'translation')) return;
  const bundle = await loaders[language]();
  i18n.addResourceBundle(language, 'translation', bundle.default, true, true);
}

/** Loads the language, applies it at once and remembers it for the next visit. */
export async function setLanguage(language: Language): Promise<void> {
  await loadBundle(language);
  await i18n.changeLanguage(language);
  localStorage.setItem(LANGUAGE_KEY, language);
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
