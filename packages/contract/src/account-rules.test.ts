import { describe, expect, it } from 'vitest';
import { maskAccountNumber } from './account-rules.ts';

describe('maskAccountNumber', () => {
  it('hides all but the last 4 digits, keeping the 3-3-rest grouping of a 10-digit number', () => {
    expect(maskAccountNumber('1234567890')).toBe('xxx-xxx-7890');
    expect(maskAccountNumber('123456789012')).toBe('xxxxxxxx9012');
    expect(maskAccountNumber('1234567')).toBe('xxx4567');
  });

  it('leaves a number of 4 digits or fewer as it is (nothing would be left to recognise)', () => {
    expect(maskAccountNumber('1234')).toBe('1234');
    expect(maskAccountNumber('')).toBe('');
  });
});
