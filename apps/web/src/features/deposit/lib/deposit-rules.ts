import type {
  ENGLISH_NAME_PATTERN as EnglishNamePattern,
  formatAccountNumber as FormatAccountNumber,
} from '@wallet/contract/account';
import { ENGLISH_NAME_BANKS, QR_BANK_CODES, QR_GATEWAYS, type QrBankCode } from '@wallet/contract/constants';
import type {
  BankDepositAccount,
  GIFT_LINK_MAX_LENGTH as GiftLinkMaxLength,
  giftLinkPlaintext as GiftLinkPlaintextFn,
  isGiftLinkWallet as IsGiftLinkWalletFn,
  WALLET_DEPOSIT_AUTO as WalletDepositAuto,
} from '@wallet/contract/deposit';
import type { AppConfig } from '@/app/config';

/*
 * Copies of small contract helpers, typed against the originals: account.ts and deposit.ts import zod at
 * runtime, which would pull it into the home chunk. deposit-rules.test.ts checks each copy behaves like
 * its original.
 */
export const WALLET_DEPOSIT_AUTO: typeof WalletDepositAuto = 'AUTO';
export const GIFT_LINK_MAX_LENGTH: typeof GiftLinkMaxLength = 200;
const ENGLISH_NAME_PATTERN: typeof EnglishNamePattern = /^[A-Za-z]+( [A-Za-z]+)*$/;

export const isGiftLinkWallet: typeof IsGiftLinkWalletFn = (account) => account.mode !== WALLET_DEPOSIT_AUTO;

export const giftLinkPlaintext: typeof GiftLinkPlaintextFn = (link, walletAccountName) =>
  JSON.stringify({ link, walletAccountName });

export const formatAccountNumber: typeof FormatAccountNumber = (accountNo) =>
  /^\d{10}$/.test(accountNo) ? `${accountNo.slice(0, 3)}-${accountNo.slice(3, 6)}-${accountNo.slice(6)}` : accountNo;

/** SPEC §2/§5: KTB, TMB and BBL accounts need an English name (letters and single spaces). */
export function needsEnglishName(bankCode: string, bankAccountName: string): boolean {
  return (
    (ENGLISH_NAME_BANKS as readonly string[]).includes(bankCode) && !ENGLISH_NAME_PATTERN.test(bankAccountName.trim())
  );
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

/** SPEC §9: the provider minimum; PAYTIMZ and ZPAY take the build settings' overrides. */
export function qrMinimum(code: QrBankCode, settings: Pick<AppConfig, 'paytimzMin' | 'zpayMin'>): number {
  if (code === 'PAYTIMZ') return settings.paytimzMin;
  if (code === 'ZPAY') return settings.zpayMin;
  return QR_GATEWAYS[code].minimum;
}

/**
 * SPEC §5 QR create: disabled at or below 0 for KBANK (any amount above 0), below the provider minimum for
 * the others.
 */
export function canCreateQr(code: QrBankCode, amount: number, minimum: number): boolean {
  return code === 'KBANK' ? amount > 0 : amount >= minimum;
}

/** SPEC §5: an amount under 1 does nothing, whatever the gateway. */
export const QR_SMALLEST_AMOUNT = 1;

/** The smallest amount that creates a QR, for the hint under the amount box. */
export function qrHintMinimum(code: QrBankCode, minimum: number): number {
  return code === 'KBANK' ? QR_SMALLEST_AMOUNT : Math.max(QR_SMALLEST_AMOUNT, minimum);
}
