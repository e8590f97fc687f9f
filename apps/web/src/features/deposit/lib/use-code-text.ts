import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A result code that arrives inside a 200 answer (a QR create without a QR says why in `message`), read the
 * way SPEC §8 reads server messages: its errors.<CODE> text when one exists, else the code as sent.
 */
export function useCodeText(): (code: string) => string {
  const { t, i18n } = useTranslation();
  return useCallback((code: string) => (i18n.exists(`errors.${code}`) ? t(`errors.${code}`) : code), [t, i18n]);
}
