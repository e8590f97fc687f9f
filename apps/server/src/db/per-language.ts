import type { Language } from '@wallet/contract/constants';

/** One language's text of a JSON object keyed th, lo, en: Thai when that language is missing, then any. */
export function pickLanguage<T>(json: string, language: Language, empty: T): T {
  try {
    const byLanguage = JSON.parse(json) as Partial<Record<Language, T>>;
    return byLanguage[language] ?? byLanguage.th ?? Object.values(byLanguage)[0] ?? empty;
  } catch {
    return empty;
  }
}
