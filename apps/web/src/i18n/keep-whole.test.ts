import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { joinedWord, KEEP_WHOLE, WORD_JOINER } from './keep-whole';

/** A language's text files: the first chunk's and every part's (i18n/<part>/<lang>.json). */
function textFiles(lang: 'th' | 'lo'): string[] {
  const dir = import.meta.dirname;
  return [
    join(dir, `${lang}.json`),
    ...readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => join(dir, entry.name, `${lang}.json`)),
  ];
}

describe.each(['th', 'lo'] as const)('%s words the line breaker does not know', (lang) => {
  it('are written joined in every text, so no line ends inside one', () => {
    const loose = textFiles(lang).flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      return KEEP_WHOLE[lang].filter((word) => text.includes(word)).map((word) => `${word} in ${file}`);
    });
    expect(loose).toEqual([]);
  });

  it('join only between letter clusters: the word reads the same without its joiners', () => {
    for (const word of KEEP_WHOLE[lang]) expect(joinedWord(word).replaceAll(WORD_JOINER, '')).toBe(word);
  });
});
