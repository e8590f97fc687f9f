import { describe, expect, it } from 'vitest';
import { phoneInputValue } from './phone-input';

describe('phoneInputValue', () => {
  it('keeps a pasted number whole: separators go before any length matters', () => {
    expect(phoneInputValue('081-555-0101')).toBe('0815550101');
    expect(phoneInputValue('+66 81 555 0101')).toBe('0815550101');
    expect(phoneInputValue('+856 20 5555 0101')).toBe('02055550101');
  });

  it('lets an international number be typed digit by digit', () => {
    expect(phoneInputValue('+')).toBe('+');
    expect(phoneInputValue('+6')).toBe('+6');
    expect(phoneInputValue('+668')).toBe('08');
  });

  it('drops letters', () => {
    expect(phoneInputValue('08a1')).toBe('081');
  });
});
