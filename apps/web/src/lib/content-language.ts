import { useTranslation } from 'react-i18next';

/**
 * The language of the operator's texts (contact, conditions, agreements, sources): the app's own, sent
 * as ?lang= so each language is cached apart and switching language fetches the new texts.
 */
export function useContentLanguage(): string {
  return useTranslation().i18n.language;
}

export function withLanguage(path: string, language: string): string {
  return `${path}?lang=${encodeURIComponent(language)}`;
}
