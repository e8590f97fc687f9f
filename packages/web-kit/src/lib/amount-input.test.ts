import { describe, expect, it } from 'vitest';
import { amountInputText, amountOf, parseAmount } from './amount-input';

describe('parseAmount: what Thai and Lao players type and paste', () => {
  it.each([
    ['1,000', 100_000, '1,000'],
    ['1,000.50', 100_050, '1,000.50'],
    ['1000.5', 100_050, '1,000.50'],
    ['1000.', 100_000, '1,000'],
    ['.5', 50, '0.50'],
    ['0.10', 10, '0.10'],
    ['007', 700, '7'],
    ['฿1,000', 100_000, '1,000'],
    ['฿ 1,000.00', 100_000, '1,000.00'],
    ['1,000 บาท', 100_000, '1,000'],
    ['1,000บ.', 100_000, '1,000'],
    ['1,000 THB', 100_000, '1,000'],
    ['500 ບາດ', 50_000, '500'],
    ['1 000', 100_000, '1,000'],
    ['1\u00a0234\u202f567', 123_456_700, '1,234,567'],
    ['  25  ', 2500, '25'],
    ['１，０００', 100_000, '1,000'],
    ['１０００．５', 100_050, '1,000.50'],
    ['๑,๐๐๐.๕๐', 100_050, '1,000.50'],
    ['໒໐໐', 20_000, '200'],
    ['1,234,567.89', 123_456_789, '1,234,567.89'],
    ['1000000000', 100_000_000_000, '1,000,000,000'],
  ])('reads "%s" as %d satang, shown as "%s"', (text, minor, shown) => {
    expect(parseAmount(text)).toEqual({ kind: 'amount', minor, amount: minor / 100, text: shown });
  });

  it('counts satang from the text, never through a float', () => {
    expect(amountOf('0.29')).toBe(0.29);
    expect(amountOf('1,000,000.07')).toBe(1_000_000.07);
    expect(parseAmount('9,007,199.99')).toMatchObject({ minor: 900_719_999 });
  });

  it.each(['', '   ', '.', '฿', 'บาท'])('"%s" is an empty box', (text) => {
    expect(parseAmount(text)).toEqual({ kind: 'empty' });
    expect(amountOf(text)).toBe(0);
  });

  it.each([
    ['1,000.505', 'decimals', false],
    ['12.345', 'decimals', false],
    ['1.000.50', 'points', false],
    ['1..5', 'points', false],
    ['12abc', 'characters', false],
    ['-5', 'characters', false],
    ['1e5', 'characters', false],
    ['$100', 'characters', false],
    ['1,0000', 'grouping', false],
    ['1,000.5,0', 'grouping', false],
    ['1,00.50', 'grouping', false],
    [',100', 'grouping', false],
    ['1,0', 'grouping', true],
    ['12,5', 'grouping', true],
    ['1,000,00', 'grouping', true],
    ['10000000000', 'tooLarge', false],
    ['1,000,000,000.01', 'tooLarge', false],
  ])('refuses "%s": %s (unfinished while typing: %s)', (text, problem, unfinished) => {
    expect(parseAmount(text)).toEqual({ kind: 'invalid', problem, unfinished });
    expect(amountOf(text)).toBe(0);
  });

  it('writes an amount the app puts into a box grouped, with satang only when there are some', () => {
    expect(amountInputText(1000)).toBe('1,000');
    expect(amountInputText(250.5)).toBe('250.50');
    expect(amountInputText(0.25)).toBe('0.25');
    expect(amountInputText(1_234_567.8)).toBe('1,234,567.80');
    expect(amountInputText(-3)).toBe('0');
  });
});
