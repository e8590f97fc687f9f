import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Lint-like guard both apps run: visible text in JSX must come from t(). Flags text nodes (>Text<) and
 * visible attributes (aria-label, title, placeholder, alt) written as literal strings with letters
 * (Latin, Thai or Lao) in them.
 */

/** The .tsx files of `dir` that render (not tests, not the test helpers of src/test). */
export function renderingFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return renderingFiles(path);
    return name.endsWith('.tsx') && !name.endsWith('.test.tsx') && !path.includes(`${join('src', 'test')}`)
      ? [path]
      : [];
  });
}

const LETTERS = /[A-Za-z\u0E00-\u0E7F\u0E80-\u0EFF]/;
const TEXT_NODE = />([^<>{}]*?)</g;
const VISIBLE_ATTRIBUTE = /\b(aria-label|title|placeholder|alt)="([^"]*)"/g;

export function findHardCodedText(source: string): string[] {
  // Generic type arguments such as useState<string>() look like text between > and <; drop code lines first.
  const jsx = source
    .split('\n')
    .filter((line) => !/^\s*(import|export type|type |interface |\/\/|\*|\/\*)/.test(line))
    .join('\n')
    .replace(/<[A-Z]\w*(\[\])?>\(/g, '(');
  const found: string[] = [];
  for (const match of jsx.matchAll(TEXT_NODE)) {
    const text = match[1]!.trim();
    // Between two JSX values in an object or array literal (`<A />, key: <B />`) sits code, not text.
    const objectLiteral = /^,/.test(text);
    if (text && LETTERS.test(text) && !objectLiteral && !/[;=()]/.test(text) && !/&&|\|\|/.test(text)) found.push(text);
  }
  for (const match of jsx.matchAll(VISIBLE_ATTRIBUTE)) {
    if (LETTERS.test(match[2]!)) found.push(`${match[1]}="${match[2]}"`);
  }
  return found;
}
