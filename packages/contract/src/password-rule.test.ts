import { describe, expect, it } from 'vitest';
import { PASSWORD_MIN_LENGTH, passwordProblem } from './password-rule.ts';

describe('passwordProblem', () => {
  it('wants at least 8 characters, counted as the player sees them', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(8);
    expect(passwordProblem('123')).toBe('tooShort');
    expect(passwordProblem('kanom12')).toBe('tooShort');
    expect(passwordProblem('รหัสผ่าน')).toBeNull();
    expect(passwordProblem('😀😀😀😀😀😀😀')).toBe('tooShort');
  });

  it('refuses the commonest passwords in any case, and one character repeated', () => {
    for (const password of ['12345678', '11111111', 'password', 'PASSWORD1', 'Qwerty123', '88888888', 'iloveyou']) {
      expect(passwordProblem(password), password).toBe('common');
    }
    expect(passwordProblem('xxxxxxxxxxxx')).toBe('common');
  });

  it('refuses the phone number in its usual forms, and only with the phone given', () => {
    const phone = '0812345678';
    for (const password of [
      '0812345678',
      '081-234-5678',
      '081 234 5678',
      '+66812345678',
      '66812345678',
      '+66 81 234 5678',
      '812345678',
    ]) {
      expect(passwordProblem(password, phone), password).toBe('phone');
    }
    expect(passwordProblem('0812345678')).toBeNull();
    expect(passwordProblem('0812345679', phone)).toBeNull();
    expect(passwordProblem('8562055512345', '02055512345')).toBe('phone');
  });

  it('accepts the demo player’s and ordinary passwords', () => {
    expect(passwordProblem('demo1234', '0812345678')).toBeNull();
    expect(passwordProblem('kanom-krok-9', '0812345678')).toBeNull();
  });
});
