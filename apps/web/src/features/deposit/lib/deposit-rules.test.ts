import * as account from '@wallet/contract/account';
import { formatAccountNumber } from '@wallet/contract/account-rules';
import * as deposit from '@wallet/contract/deposit';
import {
  GIFT_LINK_MAX_LENGTH,
  giftLinkPlaintext,
  isGiftLinkWallet,
  WALLET_DEPOSIT_AUTO,
} from '@wallet/contract/deposit-rules';
import { describe, expect, it } from 'vitest';
import { formatCountdown, secondsLeft } from './countdown';
import {
  canCreateQr,
  englishAccountName,
  needsEnglishName,
  qrGateways,
  qrHintMinimum,
  qrMinimum,
  transferAccounts,
} from './deposit-rules';
import { pemToDer, toBase64 } from './gift-link-crypto';

describe('contract copies', () => {
  it('behave exactly like the contract originals they stand in for', () => {
    expect(WALLET_DEPOSIT_AUTO).toBe(deposit.WALLET_DEPOSIT_AUTO);
    expect(GIFT_LINK_MAX_LENGTH).toBe(deposit.GIFT_LINK_MAX_LENGTH);
    for (const mode of ['AUTO', 'TRUELINK', 'GIFT', '']) {
      const wallet = { walletAccountName: 'x', mode };
      expect(isGiftLinkWallet(wallet), mode).toBe(deposit.isGiftLinkWallet(wallet));
    }
    for (const [link, name] of [
      ['https://gift.example/campaign/?v=abc', 'Lucky Shop'],
      ['with "quotes" and \\ and ไทย', 'ຊື່'],
    ] as const) {
      expect(giftLinkPlaintext(link, name)).toBe(deposit.giftLinkPlaintext(link, name));
    }
    for (const number of ['1234567890', '123456789', '12345678901', '12345-6789']) {
      expect(formatAccountNumber(number), number).toBe(account.formatAccountNumber(number));
    }
    for (const [bankCode, name] of [
      ['KTB', 'สมชาย ใจดี'],
      ['KTB', 'SOMCHAI JAIDEE'],
      ['BBL', 'Somchai  Jaidee'],
      ['TMB', ' JOHN '],
      ['KBANK', 'สมชาย ใจดี'],
    ] as const) {
      const expected = account.needsEnglishAccountName(bankCode) && !account.isEnglishName(name);
      expect(needsEnglishName(bankCode, name), `${bankCode} ${name}`).toBe(expected);
    }
  });
});

describe('bank account name edit', () => {
  it('upper-cases English letters and folds spaces; refuses empty text, Thai, digits and symbols', () => {
    expect(englishAccountName('  somchai   jaidee ')).toBe('SOMCHAI JAIDEE');
    expect(englishAccountName('')).toBeNull();
    expect(englishAccountName('   ')).toBeNull();
    expect(englishAccountName('สมชาย')).toBeNull();
    expect(englishAccountName('JOHN 2')).toBeNull();
    expect(englishAccountName("O'NEIL")).toBeNull();
  });
});

describe('QR gateway rules (SPEC §5, §9)', () => {
  it("takes the deposit lookup's minimum (the operator's), SPEC's where the lookup names none", () => {
    expect(qrMinimum('WW', { WW: 250 })).toBe(250);
    expect(qrMinimum('KBANK', { KBANK: 20 })).toBe(20);
    expect(qrMinimum('WW', {})).toBe(100);
    expect(qrMinimum('PAYTIMZ', undefined)).toBe(10);
  });

  it('enables create above 0 and from the minimum, KBANK included', () => {
    expect(canCreateQr(0, qrMinimum('KBANK', {}))).toBe(false);
    expect(canCreateQr(0.01, qrMinimum('KBANK', {}))).toBe(true);
    expect(canCreateQr(19.99, qrMinimum('KBANK', { KBANK: 20 }))).toBe(false);
    expect(canCreateQr(99.99, 100)).toBe(false);
    expect(canCreateQr(100, 100)).toBe(true);
    expect(canCreateQr(9, 10)).toBe(false);
  });

  it('hints at the smallest amount that does something: never under 1', () => {
    expect(qrHintMinimum(0.01)).toBe(1);
    expect(qrHintMinimum(0.5)).toBe(1);
    expect(qrHintMinimum(100)).toBe(100);
  });

  it('splits the lookup into transfer accounts and QR gateways', () => {
    const bank = { bankAccountName: 'A', bankAccountNo: '1', currency: null, bank: { nameTH: 'ก', nameEN: 'A' } };
    const banks = [
      { ...bank, bankCode: 'KBANK', bankType: 'BANK' as const, mode: 'AUTO' as const },
      { ...bank, bankCode: 'KBANK', bankType: 'PAYMENT' as const, mode: 'AUTO' as const },
      { ...bank, bankCode: 'OTHERPAY', bankType: 'PAYMENT' as const, mode: 'AUTO' as const },
      { ...bank, bankCode: 'ZPAY', bankType: 'PAYMENT' as const, mode: 'SMS' as const },
    ];
    expect(transferAccounts(banks).map((item) => `${item.bankType} ${item.bankCode}`)).toEqual(['BANK KBANK']);
    expect(qrGateways(banks).map((item) => item.bankCode)).toEqual(['KBANK', 'ZPAY']);
  });
});

describe('QR countdown', () => {
  it('counts whole seconds to the expiry and shows mm:ss', () => {
    const now = Date.parse('2026-03-01T10:00:00.000Z');
    expect(secondsLeft('2026-03-01T10:05:00.000Z', now)).toBe(300);
    expect(secondsLeft('2026-03-01T10:00:00.900Z', now)).toBe(0);
    expect(secondsLeft('2026-03-01T09:59:00.000Z', now)).toBe(0);
    expect(secondsLeft('not a time', now)).toBe(0);
    expect(formatCountdown(300)).toBe('05:00');
    expect(formatCountdown(59)).toBe('00:59');
    expect(formatCountdown(0)).toBe('00:00');
    expect(formatCountdown(75 * 60 + 3)).toBe('75:03');
  });
});

describe('gift link encoding', () => {
  it('reads the DER bytes out of a PEM block and base64-encodes bytes', () => {
    const pem = '-----BEGIN PUBLIC KEY-----\nAQID\nBAU=\n-----END PUBLIC KEY-----\n';
    expect([...pemToDer(pem)]).toEqual([1, 2, 3, 4, 5]);
    expect(toBase64(new Uint8Array([1, 2, 3, 4, 5]))).toBe('AQIDBAU=');
    expect(() => pemToDer('-----BEGIN PUBLIC KEY-----\n-----END PUBLIC KEY-----')).toThrow();
    expect(() => pemToDer('not base64 !')).toThrow();
  });
});
