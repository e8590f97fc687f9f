/**
 * Account rules without Zod: the web app imports these at runtime, and a runtime import of account.ts
 * would pull Zod into its chunks. account.ts re-exports them.
 */
import { ENGLISH_NAME_BANKS, PHONE_LENGTH } from './constants.ts';

/** Letters A–Z and single inner spaces: the account-name rule for KTB, TMB and BBL (SPEC §5). */
export const ENGLISH_NAME_PATTERN = /^[A-Za-z]+( [A-Za-z]+)*$/;

export function needsEnglishAccountName(bankCode: string): boolean {
  return (ENGLISH_NAME_BANKS as readonly string[]).includes(bankCode);
}

export function isEnglishName(name: string): boolean {
  return ENGLISH_NAME_PATTERN.test(name.trim());
}

/**
 * The local form of a phone number as a player pastes or types it ("081-555-0101", "+66 81 555 0101",
 * "0066815550101", "+856 20 5555 0101"): separators go first, then a Thai or Lao country prefix
 * becomes the trunk 0. Run before any length check, so a limit never cuts a pasted number short.
 * Anything else is returned without separators, for the validation to judge.
 */
export function normalisePhone(raw: string): string {
  const compact = raw.replace(/[\s\-.()\u00a0]/g, '');
  const international = /^(?:\+|00)(66|856)(\d+)$/.exec(compact);
  if (!international) return compact;
  const national = international[2] as string;
  return national.startsWith('0') ? national : `0${national}`;
}

/** SPEC §5: exactly 10 characters, except in Lao mode. Digits only in both modes. */
export function isValidPhone(phone: string, laoMode: boolean): boolean {
  if (!/^\d+$/.test(phone)) return false;
  return laoMode ? phone.length >= 8 && phone.length <= 15 : phone.length === PHONE_LENGTH;
}

/** Bank account numbers: digits only (dashes a player types are stripped by the client). */
export const BANK_ACCOUNT_NO_PATTERN = /^\d{6,20}$/;

/** Formats a 10-digit account number as 3-3-rest for display (SPEC §2 Profile); other lengths unchanged. */
export function formatAccountNumber(accountNo: string): string {
  return /^\d{10}$/.test(accountNo)
    ? `${accountNo.slice(0, 3)}-${accountNo.slice(3, 6)}-${accountNo.slice(6)}`
    : accountNo;
}

/**
 * An account number with all but its last 4 digits hidden, for screens that confirm where money goes: the
 * player recognises the account without the full number showing to whoever looks at the screen. A 10-digit
 * number keeps the 3-3-rest grouping of formatAccountNumber.
 */
export function maskAccountNumber(accountNo: string): string {
  if (accountNo.length <= 4) return accountNo;
  const masked = `${'x'.repeat(accountNo.length - 4)}${accountNo.slice(-4)}`;
  return /^\d{10}$/.test(accountNo) ? `${masked.slice(0, 3)}-${masked.slice(3, 6)}-${masked.slice(6)}` : masked;
}
