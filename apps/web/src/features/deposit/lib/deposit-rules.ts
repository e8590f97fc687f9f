import { ENGLISH_NAME_PATTERN, isEnglishName, needsEnglishAccountName } from '@wallet/contract/account-rules';
import { QR_BANK_CODES, QR_GATEWAYS, type QrBankCode } from '@wallet/contract/constants';
import type { BankDepositAccount } from '@wallet/contract/deposit';

/** SPEC §2/§5: KTB, TMB and BBL accounts need an English name (letters and single spaces). */
export function needsEnglishName(bankCode: string, bankAccountName: string): boolean {
  return needsEnglishAccountName(bankCode) && !isEnglishName(bankAccountName);
}

/**
 * What the name box holds once the player is done: upper case, runs of spaces folded into one. Returns
 * null when it is empty or has anything but English letters and spaces (SPEC §5).
 */
export function englishAccountName(input: string): string | null {
  const folded = input.trim().replace(/\s+/g, ' ').toUpperCase();
  return ENGLISH_NAME_PATTERN.test(folded) ? folded : null;
}

export function isQrBankCode(code: string): code is QrBankCode {
  return (QR_BANK_CODES as readonly string[]).includes(code);
}

/** Deposit accounts that get a QR view: payment gateways SPEC §2 names as QR gateways, in lookup order. */
export function qrGateways(banks: readonly BankDepositAccount[]): (BankDepositAccount & { bankCode: QrBankCode })[] {
  return banks.filter(
    (bank): bank is BankDepositAccount & { bankCode: QrBankCode } =>
      bank.bankType === 'PAYMENT' && isQrBankCode(bank.bankCode),
  );
}

/** Plain bank accounts the player transfers to (PAYMENT gateways outside the QR list have no view in SPEC). */
export function transferAccounts(banks: readonly BankDepositAccount[]): BankDepositAccount[] {
  return banks.filter((bank) => bank.bankType === 'BANK');
}

/** The minimums (baht) the deposit lookup answers: the operator's settings, which the server enforces. */
export type QrMinimums = Partial<Record<QrBankCode, number>>;

/** The smallest amount a gateway takes now, from the deposit lookup; SPEC §9's if the lookup names none. */
export function qrMinimum(code: QrBankCode, minimums: QrMinimums | undefined): number {
  return minimums?.[code] ?? QR_GATEWAYS[code].minimum;
}

/**
 * SPEC §5 QR create: never at or below 0, and never below the gateway's minimum (KBANK's is 0.01
 * until the operator raises it).
 */
export function canCreateQr(amount: number, minimum: number): boolean {
  return amount > 0 && amount >= minimum;
}

/** SPEC §5: an amount under 1 does nothing, whatever the gateway. */
export const QR_SMALLEST_AMOUNT = 1;

/** The smallest amount that creates a QR, for the hint under the amount box. */
export function qrHintMinimum(minimum: number): number {
  return Math.max(QR_SMALLEST_AMOUNT, minimum);
}
