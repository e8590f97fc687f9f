import { describe, expect, it } from 'vitest';
import { limitOf, protectionOf } from '../components/protection-fixtures';
import { limitWarnings } from './limit-check';

describe('limitWarnings', () => {
  const protection = protectionOf({
    limits: {
      day: limitOf(500, { used: 300 }),
      week: limitOf(null, { used: 1200 }),
      month: limitOf(null, { used: 1200 }),
    },
  });

  it('asks about a limit below what the window already holds, or under 100 baht', () => {
    expect(limitWarnings({ day: 299.99, week: 99.99, month: 5000 }, protection)).toEqual([
      { period: 'day', amount: 299.99, used: 300, reason: 'belowUsed' },
      { period: 'week', amount: 99.99, used: 1200, reason: 'belowUsed' },
    ]);
    expect(limitWarnings({ day: 99.99, week: 1200, month: null }, protectionOf())).toEqual([
      { period: 'day', amount: 99.99, used: 0, reason: 'small' },
    ]);
  });

  it('asks nothing about a limit left as it is, a removal, or one at or above both', () => {
    expect(limitWarnings({ day: 500, week: 1200, month: null }, protection)).toEqual([]);
    expect(limitWarnings({ day: 100, week: null, month: null }, protectionOf())).toEqual([]);
  });
});
