import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { KIT_SOURCE_DIR } from './architecture';

/** The i18n checks both apps run over their own language files and sources. */

export type TextTree = { [key: string]: string | TextTree };

export function flattenTexts(tree: TextTree, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out[`${prefix}${key}`] = value;
    else Object.assign(out, flattenTexts(value, `${prefix}${key}.`));
  }
  return out;
}

/** Plural forms differ per language (English one/other, Thai and Lao other only); compare the base keys. */
export const baseKeys = (flat: Record<string, string>) =>
  [...new Set(Object.keys(flat).map((key) => key.replace(/_(zero|one|two|few|many|other)$/, '')))].sort();

/** The app's (or the kit's) source files that are not tests. */
export function nonTestSources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return nonTestSources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The web kit's sources, whose texts each app that uses them must have. */
export { KIT_SOURCE_DIR };

/**
 * Every literal t('key') of `appDir` (and of the kit with `withKit`) missing from `known`, as
 * "file: key". In the kit only namespaced keys count: a bare 't(' there can be another call.
 */
export function missingTextKeys(known: Set<string>, appDir: string, { withKit = false } = {}): string[] {
  const files = [...nonTestSources(appDir), ...(withKit ? nonTestSources(KIT_SOURCE_DIR) : [])];
  const missing: string[] = [];
  for (const file of files) {
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(/\bt\(\s*'([a-zA-Z][\w.-]*)'/g)) {
      const isKey = !file.startsWith(KIT_SOURCE_DIR) || match[1]!.includes('.');
      if (isKey && !known.has(match[1]!)) missing.push(`${file}: ${match[1]}`);
    }
  }
  return missing;
}
