import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Lint-like guard, as in the player app: visible text in JSX must come from t(). Flags text nodes (>Text<)
 * and visible attributes (aria-label, title, placeholder, alt) written as literal strings with letters.
 */
const srcDir = join(import.meta.dirname, '..');

function tsxFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return tsxFiles(path);
    return name.endsWith('.tsx') && !name.endsWith('.test.tsx') && !path.includes(`${join('src', 'test')}`)
      ? [path]
      : [];
  });
}

const LETTERS = /[A-Za-z\u0E00-\u0E7F]/;
const TEXT_NODE = />([^<>{}]*?)</g;
const VISIBLE_ATTRIBUTE = /\b(aria-label|title|placeholder|alt)="([^"]*)"/g;

function findHardCodedText(source: string): string[] {
  // Generic type arguments such as useState<string>() look like text between > and <; drop code lines first.
  const jsx = source
    .split('\n')
    .filter((line) => !/^\s*(import|export type|type |interface |\/\/|\*|\/\*)/.test(line))
    .join('\n')
    .replace(/<[A-Z]\w*(\[\])?>\(/g, '(');
  const found: string[] = [];
  for (const match of jsx.matchAll(TEXT_NODE)) {
    const text = match[1]!.trim();
    const objectLiteral = /^,/.test(text);
    if (text && LETTERS.test(text) && !objectLiteral && !/[;=()]/.test(text) && !/&&|\|\|/.test(text)) found.push(text);
  }
  for (const match of jsx.matchAll(VISIBLE_ATTRIBUTE)) {
    if (LETTERS.test(match[2]!)) found.push(`${match[1]}="${match[2]}"`);
  }
  return found;
}

describe('no hard-coded visible text in the back office JSX', () => {
  it('the checker catches literal text and literal visible attributes', () => {
    expect(findHardCodedText('const a = <p>Hello world</p>;')).toEqual(['Hello world']);
    expect(findHardCodedText('const a = <button aria-label="Close">{x}</button>;')).toEqual(['aria-label="Close"']);
    expect(findHardCodedText('const a = <p>สวัสดี</p>;')).toEqual(['สวัสดี']);
    expect(findHardCodedText("const a = <p>{t('nav.staff')}</p>;")).toEqual([]);
  });

  it.each(tsxFiles(srcDir).map((file) => [relative(srcDir, file), file]))('%s', (_name, file) => {
    expect(findHardCodedText(readFileSync(file, 'utf8'))).toEqual([]);
  });
});
