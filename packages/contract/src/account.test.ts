import { describe, expect, it } from 'vitest';
import {
  formatAccountNumber,
  isEnglishName,
  isValidPhone,
  loginPayload,
  needsEnglishAccountName,
  normalisePhone,
  registrationValidatePayload,
} from './account.ts';
import { otpSendPayload } from './otp.ts';

describe('isValidPhone', () => {
  it('requires exactly 10 digits outside Lao mode', () => {
    expect(isValidPhone('0812345678', false)).toBe(true);
    expect(isValidPhone('081234567', false)).toBe(false);
    expect(isValidPhone('08123456789', false)).toBe(false);
  });

  it('accepts 8 to 15 digits in Lao mode', () => {
    expect(isValidPhone('20555123', true)).toBe(true);
    expect(isValidPhone('856205551234567', true)).toBe(true);
    expect(isValidPhone('2055512', true)).toBe(false);
    expect(isValidPhone('8562055512345678', true)).toBe(false);
  });

  it('refuses anything but digits in both modes', () => {
    for (const lao of [false, true]) {
      expect(isValidPhone('081-234-5678', lao)).toBe(false);
      expect(isValidPhone('+66812345678', lao)).toBe(false);
      expect(isValidPhone('08123456ab', lao)).toBe(false);
      expect(isValidPhone(' 0812345678', lao)).toBe(false);
      expect(isValidPhone('', lao)).toBe(false);
    }
  });
});

describe('isEnglishName', () => {
  it('accepts English letters with single inner spaces', () => {
    expect(isEnglishName('JOHN DOE')).toBe(true);
    expect(isEnglishName('Somchai Jaidee')).toBe(true);
    expect(isEnglishName('Anna')).toBe(true);
  });

  it('ignores surrounding spaces', () => {
    expect(isEnglishName('  JOHN DOE  ')).toBe(true);
  });

  it('refuses Thai, digits, punctuation, doubled spaces and empty names', () => {
    expect(isEnglishName('สมชาย ใจดี')).toBe(false);
    expect(isEnglishName('JOHN DOE2')).toBe(false);
    expect(isEnglishName('JOHN-DOE')).toBe(false);
    expect(isEnglishName("O'BRIEN")).toBe(false);
    expect(isEnglishName('JOHN  DOE')).toBe(false);
    expect(isEnglishName('')).toBe(false);
    expect(isEnglishName('   ')).toBe(false);
  });
});

describe('formatAccountNumber', () => {
  it('shows a 10-digit number as 3-3-rest', () => {
    expect(formatAccountNumber('1234567890')).toBe('123-456-7890');
  });

  it('leaves other lengths and already formatted numbers unchanged', () => {
    expect(formatAccountNumber('123456789')).toBe('123456789');
    expect(formatAccountNumber('123456789012')).toBe('123456789012');
    expect(formatAccountNumber('123-456-7890')).toBe('123-456-7890');
    expect(formatAccountNumber('')).toBe('');
  });
});

describe('needsEnglishAccountName', () => {
  it('is true for KTB, TMB and BBL only', () => {
    expect(needsEnglishAccountName('KTB')).toBe(true);
    expect(needsEnglishAccountName('TMB')).toBe(true);
    expect(needsEnglishAccountName('BBL')).toBe(true);
    expect(needsEnglishAccountName('SCB')).toBe(false);
    expect(needsEnglishAccountName('KBANK')).toBe(false);
    expect(needsEnglishAccountName('')).toBe(false);
  });
});

describe('normalisePhone (issue 18: a pasted number must not be cut before its separators go)', () => {
  it('drops spaces, dashes, dots and brackets before anything else', () => {
    expect(normalisePhone('081-555-0101')).toBe('0815550101');
    expect(normalisePhone(' 081 555 0101 ')).toBe('0815550101');
    expect(normalisePhone('081.555.0101')).toBe('0815550101');
    expect(normalisePhone('(081) 555-0101')).toBe('0815550101');
  });

  it('turns Thai and Lao country prefixes into the local trunk 0', () => {
    expect(normalisePhone('+66 81 555 0101')).toBe('0815550101');
    expect(normalisePhone('+66 (0)81-555-0101')).toBe('0815550101');
    expect(normalisePhone('0066815550101')).toBe('0815550101');
    expect(normalisePhone('+856 20 5555 0101')).toBe('02055550101');
    expect(normalisePhone('00856 20 5555 0101')).toBe('02055550101');
  });

  it('leaves other text for the validation to refuse', () => {
    expect(normalisePhone('+1 555 0101')).toBe('+15550101');
    expect(normalisePhone('08x5550101')).toBe('08x5550101');
  });

  it('runs before the length limit of the login, registration and OTP payloads', () => {
    const pasted = '+66 (0)81-555-0101 ';
    expect(loginPayload.parse({ username: pasted, password: 'x' }).username).toBe('0815550101');
    expect(otpSendPayload.parse({ phoneNumber: '081-555-0101' }).phoneNumber).toBe('0815550101');
    const registration = registrationValidatePayload.parse({
      name: 'A',
      username: '081-555-0101',
      password: 'Lucky-Wallet-42',
    });
    expect(registration.username).toBe('0815550101');
  });
});
