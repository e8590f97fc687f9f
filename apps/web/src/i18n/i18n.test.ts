import { join } from 'node:path';
import { DESIGNED_CODES, ERROR_CODES, SLIP_REASON_CODES } from '@wallet/contract/errors';
import { baseKeys, flattenTexts, missingTextKeys, type TextTree } from '@wallet/web-kit/testing/translations';
import { describe, expect, it } from 'vitest';
import en from './en.json';
import { LAZY_TEXT_SETS } from './lazy-texts';
import lo from './lo.json';
import th from './th.json';

/** Deep merge, as i18next merges a part's texts into the translation. */
function merged(base: TextTree, extra: TextTree): TextTree {
  const out: TextTree = { ...base };
  for (const [key, value] of Object.entries(extra)) {
    const current = out[key];
    out[key] =
      typeof value === 'object' && typeof current === 'object' ? merged(current as TextTree, value as TextTree) : value;
  }
  return out;
}

// The texts of parts loaded on demand (lazy-texts.ts) load with them but are held to the same rules.
async function withLazyTexts(language: 'th' | 'lo' | 'en', base: TextTree): Promise<TextTree> {
  let tree = base;
  for (const set of LAZY_TEXT_SETS) tree = merged(tree, (await set[language]()).default as TextTree);
  return tree;
}

const languages = {
  th: await withLazyTexts('th', th as TextTree),
  lo: await withLazyTexts('lo', lo as TextTree),
  en: await withLazyTexts('en', en as TextTree),
} as Record<string, TextTree>;

const flat = Object.fromEntries(Object.entries(languages).map(([name, tree]) => [name, flattenTexts(tree)]));

describe('translations', () => {
  it('th, lo and en have exactly the same keys', () => {
    expect(baseKeys(flat.lo!)).toEqual(baseKeys(flat.th!));
    expect(baseKeys(flat.en!)).toEqual(baseKeys(flat.th!));
  });

  it.each(Object.keys(languages))(
    '%s translates every error code, invalid-token, gone and every slip reason',
    (name) => {
      const keys = flat[name]!;
      for (const code of [...ERROR_CODES, ...DESIGNED_CODES, 'invalid-token', 'gone'])
        expect(keys[`errors.${code}`], code).toBeTruthy();
      for (const code of SLIP_REASON_CODES) expect(keys[`slipReason.${code}`], code).toBeTruthy();
    },
  );

  it.each(Object.keys(languages))('%s has no empty text', (name) => {
    for (const [key, value] of Object.entries(flat[name]!)) expect(value.trim(), key).not.toBe('');
  });

  it.each(Object.keys(languages))(
    '%s: UNAUTHORIZED and EXPIRED_AUTH_TOKEN read the same "cannot verify identity" text',
    (name) => {
      // The client recognises that text to send the player to /login (SPEC §8).
      expect(flat[name]!['errors.EXPIRED_AUTH_TOKEN']).toBe(flat[name]!['errors.UNAUTHORIZED']);
    },
  );

  it('Lao is written in Lao script and Thai in Thai script', () => {
    const thaiScript = /[\u0E00-\u0E7F]/;
    const laoScript = /[\u0E80-\u0EFF]/;
    for (const [key, value] of Object.entries(flat.lo!)) {
      if (key !== 'lang.th') expect(thaiScript.test(value), `lo ${key}`).toBe(false);
    }
    expect(laoScript.test(flat.lo!['login.title']!)).toBe(true);
    expect(thaiScript.test(flat.th!['login.title']!)).toBe(true);
  });

  it('every literal t() key used in the source exists', () => {
    expect(missingTextKeys(new Set(baseKeys(flat.en!)), join(import.meta.dirname, '..'))).toEqual([]);
  });
});
