import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES } from '@wallet/contract/backoffice/audit-actions';
import { OPERATOR_ROLES } from '@wallet/contract/backoffice/roles';
import { describe, expect, it } from 'vitest';
import en from './en.json';
import th from './th.json';

type Tree = { [key: string]: string | Tree };
const languages = { th, en } as Record<string, Tree>;

function flatten(tree: Tree, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out[`${prefix}${key}`] = value;
    else Object.assign(out, flatten(value, `${prefix}${key}.`));
  }
  return out;
}

/** Plural forms differ per language (English one/other, Thai other only); compare the base keys. */
const baseKeys = (flat: Record<string, string>) =>
  [...new Set(Object.keys(flat).map((key) => key.replace(/_(zero|one|two|few|many|other)$/, '')))].sort();

const flat = Object.fromEntries(Object.entries(languages).map(([name, tree]) => [name, flatten(tree)]));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('back-office translations', () => {
  it('th and en have exactly the same keys', () => {
    expect(baseKeys(flat.en!)).toEqual(baseKeys(flat.th!));
  });

  it.each(Object.keys(languages))('%s has no empty text', (name) => {
    for (const [key, value] of Object.entries(flat[name]!)) expect(value.trim(), key).not.toBe('');
  });

  it.each(Object.keys(languages))('%s names every role and the session codes the HTTP client handles', (name) => {
    for (const role of OPERATOR_ROLES) expect(flat[name]![`roles.${role}`], role).toBeTruthy();
    for (const code of ['invalid-token', 'gone', 'UNAUTHORIZED', 'INTERNAL_SERVER_ERROR'])
      expect(flat[name]![`errors.${code}`], code).toBeTruthy();
  });

  it.each(Object.keys(languages))('%s names every audit action and target type the audit filter offers', (name) => {
    for (const action of AUDIT_ACTIONS) expect(flat[name]![`auditActions.${action}`], action).toBeTruthy();
    for (const type of AUDIT_TARGET_TYPES) expect(flat[name]![`targetTypes.${type}`], type).toBeTruthy();
  });

  it.each(Object.keys(languages))('%s translates every code the back-office routes answer', (name) => {
    const codes = [
      ...['NO_PERMISSION', 'TOTP_REQUIRED', 'TOTP_ENROLMENT_REQUIRED', 'TOTP_NOT_SET_UP', 'TOTP_ALREADY_ENABLED'],
      ...['OPERATOR_EXISTS', 'OWN_ACCOUNT', 'LAST_OWNER', 'WRONG_CREDENTIAL', 'INACTIVE_USER', 'REQUEST_LIMIT'],
      ...['OTP_CODE_INVALID', 'WRONG_PASSWORD', 'WEAK_PASSWORD', 'KEY_MISSING', 'KEY_INVALID', 'NO_DATA'],
    ];
    for (const code of codes) expect(flat[name]![`errors.${code}`], code).toBeTruthy();
  });

  it('Thai is written in Thai script', () => {
    const thaiScript = /[\u0E00-\u0E7F]/;
    for (const key of ['signIn.title', 'nav.staff', 'audit.title', 'account.totpTitle'])
      expect(thaiScript.test(flat.th![key]!), key).toBe(true);
  });

  it('every literal t() key used in the source exists, and the web kit keys it reads too', () => {
    const kitDir = join(import.meta.dirname, '../../../../packages/web-kit/src');
    const files = [...sourceFiles(join(import.meta.dirname, '..')), ...sourceFiles(kitDir)];
    const known = new Set(baseKeys(flat.en!));
    const missing: string[] = [];
    for (const file of files) {
      const source = readFileSync(file, 'utf8');
      for (const match of source.matchAll(/\bt\(\s*'([a-zA-Z][\w.-]*)'/g)) {
        // In the kit, only namespaced keys are texts (a bare 't(' there can be another call, e.g. in a test name).
        const isKey = !file.startsWith(kitDir) || match[1]!.includes('.');
        if (isKey && !known.has(match[1]!)) missing.push(`${file}: ${match[1]}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
