import { LANGUAGE_COOKIE, type Language } from '@wallet/contract/constants';

/** th, lo or en from a language code in any case (`TH`, `lo`, `en-GB`); undefined for anything else. */
export function languageOf(value: string | undefined): Language | undefined {
  const code = value?.trim().slice(0, 2).toLowerCase();
  return code === 'th' || code === 'lo' || code === 'en' ? code : undefined;
}

/** The language the player app keeps in its `lang` cookie (upper case: TH/LO/EN), if the request carries one. */
export function cookieLanguage(cookieHeader: string | undefined): Language | undefined {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, value] = part.split('=');
    if (name?.trim() === LANGUAGE_COOKIE) return languageOf(value);
  }
  return undefined;
}
