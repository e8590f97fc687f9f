import { join } from 'node:path';
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES } from '@wallet/contract/backoffice/audit-actions';
import { OPERATOR_ROLES } from '@wallet/contract/backoffice/roles';
import { baseKeys, flattenTexts, missingTextKeys, type TextTree } from '@wallet/web-kit/testing/translations';
import { describe, expect, it } from 'vitest';
import en from './en.json';
import th from './th.json';

const languages = { th, en } as Record<string, TextTree>;

const flat = Object.fromEntries(Object.entries(languages).map(([name, tree]) => [name, flattenTexts(tree)]));

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
    expect(missingTextKeys(new Set(baseKeys(flat.en!)), join(import.meta.dirname, '..'), { withKit: true })).toEqual(
      [],
    );
  });
});
