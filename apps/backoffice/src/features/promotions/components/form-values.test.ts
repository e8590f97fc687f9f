import { describe, expect, it } from 'vitest';
import { isoFromLocal, localFromIso, minorFromText, textFromMinor, wholeFromText } from './form-values';

describe('promotion form values', () => {
  it('reads baht text into minor units without floats, and refuses what is not an amount', () => {
    expect(minorFromText('0.29')).toBe(29);
    expect(minorFromText('100')).toBe(10_000);
    expect(minorFromText('1.5')).toBe(150);
    for (const bad of ['', '-1', '1.234', 'abc', '1e3']) expect(minorFromText(bad), bad).toBeNull();
    expect(textFromMinor(150)).toBe('1.50');
    expect(textFromMinor(10_000)).toBe('100');
  });

  it('reads whole numbers and round-trips moments through the local field', () => {
    expect(wholeFromText('12')).toBe(12);
    expect(wholeFromText('1.5')).toBeNull();
    const iso = '2026-03-01T05:30:00.000Z';
    expect(isoFromLocal(localFromIso(iso))).toBe(iso);
    expect(isoFromLocal('')).toBeNull();
  });
});
