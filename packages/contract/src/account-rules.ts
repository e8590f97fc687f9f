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
