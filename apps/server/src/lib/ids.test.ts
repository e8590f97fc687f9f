import { describe, expect, it } from 'vitest';
import { orderedId, orderedIdFloor, randomId, sha256 } from './ids.ts';

describe('ids', () => {
  it('draws random ids from the 32-character alphabet, evenly, across refills of the byte pool', () => {
    const counts = new Map<string, number>();
    // 64,000 characters: many refills of the 4 KiB pool, and about 2,000 of each character.
    for (let i = 0; i < 4000; i++) {
      const id = randomId(16);
      expect(id).toMatch(/^[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{16}$/);
      for (const char of id) counts.set(char, (counts.get(char) ?? 0) + 1);
    }
    expect(counts.size).toBe(32);
    for (const count of counts.values()) expect(Math.abs(count - 2000)).toBeLessThan(300);
  });

  it('never repeats a random id', () => {
    const ids = new Set(Array.from({ length: 20_000 }, () => randomId(10)));
    expect(ids.size).toBe(20_000);
  });

  it('orders ids by time, then by creation within one millisecond', () => {
    const ids = [orderedId(1000), orderedId(1000), orderedId(1001), orderedId(999_999_999)];
    expect([...ids].sort()).toEqual(ids);
  });

  it('bounds the ids of a time range by orderedIdFloor, as the dashboard reads the ledger', () => {
    const start = Date.UTC(2026, 0, 14, 17);
    const before = orderedId(start - 1);
    const first = orderedId(start);
    const last = orderedId(start + 86_400_000 - 1);
    const after = orderedId(start + 86_400_000);
    expect(before < orderedIdFloor(start)).toBe(true);
    expect(first >= orderedIdFloor(start)).toBe(true);
    expect(last < orderedIdFloor(start + 86_400_000)).toBe(true);
    expect(after >= orderedIdFloor(start + 86_400_000)).toBe(true);
  });

  it('hashes with SHA-256 in hex', () => {
    expect(sha256('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
