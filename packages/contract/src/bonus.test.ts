import { describe, expect, it } from 'vitest';
import { type Bonus, bangkokDayNumber, bangkokWeekNumber, isBonusLimitReached } from './bonus.ts';

function bonusWith(type: Bonus['type'], maxReceived: number, receivedAt: string[] | null): Bonus {
  return {
    code: 'B1',
    name: 'Bonus',
    type,
    maxReceived,
    banners: [],
    percentFail: 10,
    userBonus:
      receivedAt === null
        ? null
        : { _id: 'ub1', isActive: false, received: receivedAt.map((updatedAt) => ({ updatedAt })) },
  };
}

describe('isBonusLimitReached: limit', () => {
  const now = new Date('2024-06-01T00:00:00Z');

  it('is not reached before the player ever took the bonus', () => {
    expect(isBonusLimitReached(bonusWith('limit', 1, null), now)).toBe(false);
  });

  it('counts every receipt however old', () => {
    const bonus = bonusWith('limit', 2, ['2020-01-01T00:00:00Z', '2021-05-05T12:00:00Z']);
    expect(isBonusLimitReached(bonus, now)).toBe(true);
  });

  it('is not reached one receipt short', () => {
    expect(isBonusLimitReached(bonusWith('limit', 3, ['2020-01-01T00:00:00Z', '2024-05-31T00:00:00Z']), now)).toBe(
      false,
    );
  });
});

describe('isBonusLimitReached: day (Bangkok, UTC+7)', () => {
  // Bangkok midnight starting 2024-01-16 is 2024-01-15T17:00:00Z.
  it('forgets a receipt one second before Bangkok midnight once midnight passes', () => {
    const bonus = bonusWith('day', 1, ['2024-01-15T16:59:59Z']);
    expect(isBonusLimitReached(bonus, new Date('2024-01-15T16:59:59.999Z'))).toBe(true);
    expect(isBonusLimitReached(bonus, new Date('2024-01-15T17:00:00Z'))).toBe(false);
  });

  it('treats two moments on the same UTC date but different Bangkok dates as different days', () => {
    const bonus = bonusWith('day', 1, ['2024-01-15T10:00:00Z']); // 17:00 on the 15th in Bangkok
    expect(isBonusLimitReached(bonus, new Date('2024-01-15T18:00:00Z'))).toBe(false); // 01:00 on the 16th
  });

  it('treats two moments on different UTC dates but the same Bangkok date as one day', () => {
    const bonus = bonusWith('day', 1, ['2024-01-15T17:30:00Z']); // 00:30 on the 16th in Bangkok
    expect(isBonusLimitReached(bonus, new Date('2024-01-16T16:00:00Z'))).toBe(true); // 23:00 on the 16th
  });

  it('reads receipt times written with the Bangkok offset', () => {
    const bonus = bonusWith('day', 2, ['2024-01-16T00:00:00+07:00', '2024-01-16T23:59:59+07:00']);
    expect(isBonusLimitReached(bonus, new Date('2024-01-16T12:00:00+07:00'))).toBe(true);
    expect(isBonusLimitReached(bonus, new Date('2024-01-17T00:00:00+07:00'))).toBe(false);
  });

  it('counts only today against the maximum', () => {
    const bonus = bonusWith('day', 2, ['2024-01-14T05:00:00Z', '2024-01-16T05:00:00Z']);
    expect(isBonusLimitReached(bonus, new Date('2024-01-16T09:00:00Z'))).toBe(false);
  });

  it('ignores receipt dates it cannot read', () => {
    const bonus = bonusWith('day', 1, ['not a date']);
    expect(isBonusLimitReached(bonus, new Date('2024-01-16T09:00:00Z'))).toBe(false);
  });
});

describe('isBonusLimitReached: week (Bangkok, Monday first)', () => {
  // Monday 2024-01-15 00:00 in Bangkok is 2024-01-14T17:00:00Z.
  it('forgets a Sunday-night receipt once Bangkok Monday begins', () => {
    const bonus = bonusWith('week', 1, ['2024-01-14T16:59:59Z']); // Sunday 23:59:59 in Bangkok
    expect(isBonusLimitReached(bonus, new Date('2024-01-14T16:59:59.500Z'))).toBe(true);
    expect(isBonusLimitReached(bonus, new Date('2024-01-14T17:00:00Z'))).toBe(false);
  });

  it('keeps a Monday-morning receipt until the next Bangkok Monday', () => {
    const bonus = bonusWith('week', 1, ['2024-01-14T17:00:00Z']); // Monday 00:00 in Bangkok
    expect(isBonusLimitReached(bonus, new Date('2024-01-21T16:59:59Z'))).toBe(true); // Sunday 23:59:59
    expect(isBonusLimitReached(bonus, new Date('2024-01-21T17:00:00Z'))).toBe(false); // next Monday 00:00
  });

  it('does not start the week on Sunday', () => {
    // Sunday 2024-01-21 10:00 Bangkok belongs with Monday 2024-01-15, not with Monday 2024-01-22.
    const bonus = bonusWith('week', 1, ['2024-01-21T03:00:00Z']);
    expect(isBonusLimitReached(bonus, new Date('2024-01-15T03:00:00Z'))).toBe(true);
    expect(isBonusLimitReached(bonus, new Date('2024-01-22T03:00:00Z'))).toBe(false);
  });

  it('spans a year boundary inside one week', () => {
    // Monday 2024-12-30 to Sunday 2025-01-05.
    const bonus = bonusWith('week', 2, ['2024-12-30T08:00:00+07:00', '2025-01-01T08:00:00+07:00']);
    expect(isBonusLimitReached(bonus, new Date('2025-01-05T20:00:00+07:00'))).toBe(true);
    expect(isBonusLimitReached(bonus, new Date('2025-01-06T00:00:00+07:00'))).toBe(false);
  });
});

describe('Bangkok calendar numbers', () => {
  it('advances the day number at 17:00 UTC', () => {
    expect(
      bangkokDayNumber(new Date('2024-01-15T17:00:00Z')) - bangkokDayNumber(new Date('2024-01-15T16:59:59Z')),
    ).toBe(1);
  });

  it('advances the week number only between Sunday and Monday', () => {
    const days = ['2024-01-15', '2024-01-16', '2024-01-17', '2024-01-18', '2024-01-19', '2024-01-20', '2024-01-21'];
    const weeks = days.map((d) => bangkokWeekNumber(new Date(`${d}T12:00:00+07:00`)));
    expect(new Set(weeks).size).toBe(1);
    expect(bangkokWeekNumber(new Date('2024-01-22T00:00:00+07:00'))).toBe((weeks[0] ?? 0) + 1);
  });
});
