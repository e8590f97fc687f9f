import type { SpinWheelView } from '@wallet/contract/backoffice/spinwheel';
import { expectedWheelCost } from '@wallet/contract/backoffice/spinwheel-rules';
import { describe, expect, it } from 'vitest';
import { costSlicesOf, draftOf, newSlice, payloadOf } from './draft';

const slice = (overrides: Partial<SpinWheelView['slices'][number]>): SpinWheelView['slices'][number] => ({
  code: 'A',
  labels: { th: 'ก', lo: '', en: 'A' },
  bgColor: '#ff0000',
  textColor: '#ffffff',
  htmlDescriptions: { th: '', lo: '', en: '' },
  prizeType: 'bonus',
  amount: 10_00,
  itemNames: { th: '', lo: '', en: '' },
  bonusCode: null,
  weight: 1,
  stock: null,
  remaining: null,
  won: 0,
  ...overrides,
});

const wheel = (slices: SpinWheelView['slices']): SpinWheelView => ({
  id: 'w1',
  names: { th: 'วงล้อ', lo: '', en: 'Wheel' },
  startsAt: null,
  endsAt: null,
  active: true,
  live: true,
  couponValidDays: 7,
  version: 1,
  spins: 0,
  slices,
  expected: expectedWheelCost(slices),
  createdAt: '2026-03-01T00:00:00.000Z',
  updatedAt: '2026-03-01T00:00:00.000Z',
});

describe('wheel draft', () => {
  it('round-trips a saved wheel: baht back to minor units, codes upper-cased, unused item names empty', () => {
    const saved = wheel([
      slice({ code: 'B50', amount: 50_25, bonusCode: 'WELCOME100', stock: 10, remaining: 4 }),
      slice({ code: 'C2', prizeType: 'coins', amount: 2, weight: 3 }),
      slice({ code: 'TEE', prizeType: 'item', amount: 0, itemNames: { th: 'เสื้อ', lo: '', en: 'T-shirt' } }),
    ]);
    const { payload, problems } = payloadOf(draftOf(saved));
    expect(problems).toEqual({});
    expect(payload?.slices.map((s) => [s.code, s.prizeType, s.amount, s.bonusCode, s.weight, s.stock])).toEqual([
      ['B50', 'bonus', 50_25, 'WELCOME100', 1, 10],
      ['C2', 'coins', 2, null, 3, null],
      ['TEE', 'item', 0, null, 1, null],
    ]);
    expect(payload?.slices[2]?.itemNames).toEqual({ th: 'เสื้อ', lo: '', en: 'T-shirt' });
    expect(payload?.slices[0]?.itemNames).toEqual({ th: '', lo: '', en: '' });
  });

  it('costs what is typed: an unchanged stock keeps what is left, a new number starts again, text counts as 0', () => {
    const draft = draftOf(wheel([slice({ code: 'A', stock: 10, remaining: 0 }), slice({ code: 'B', weight: 3 })]));
    expect(costSlicesOf(draft)[0]?.remaining).toBe(0);
    expect(expectedWheelCost(costSlicesOf(draft)).chances).toEqual([0, 1]);
    const restocked = { ...draft, slices: draft.slices.map((s, i) => (i === 0 ? { ...s, stock: '5' } : s)) };
    expect(expectedWheelCost(costSlicesOf(restocked)).chances).toEqual([0.25, 0.75]);
    const typing = { ...draft, slices: draft.slices.map((s, i) => (i === 1 ? { ...s, weight: '3x' } : s)) };
    expect(expectedWheelCost(costSlicesOf(typing)).totalWeight).toBe(0);
  });

  it('refuses what the server would: Thai texts, codes, amounts, weights, schedule, no weight at all', () => {
    const draft = draftOf(null);
    draft.endsAt = '2026-03-01T10:00';
    draft.startsAt = '2026-03-02T10:00';
    draft.slices = [
      { ...newSlice(0), code: 'same', weight: '0', amount: '0' },
      { ...newSlice(1), code: 'SAME', weight: '0', prizeType: 'bonus', amount: '1.234' },
      { ...newSlice(2), prizeType: 'item', weight: 'x' },
    ];
    const { payload, problems } = payloadOf(draft);
    expect(payload).toBeUndefined();
    expect(problems).toMatchObject({
      names: 'spinwheel.thaiRequired',
      endsAt: 'spinwheel.scheduleInvalid',
      'slices.0.labels': 'spinwheel.thaiRequired',
      'slices.0.amount': 'spinwheel.coinsInvalid',
      'slices.1.code': 'spinwheel.codeTaken',
      'slices.1.amount': 'spinwheel.bonusInvalid',
      'slices.2.itemNames': 'spinwheel.thaiRequired',
      'slices.2.weight': 'spinwheel.weightInvalid',
    });
    const noWeight = draftOf(null);
    noWeight.names.th = 'วงล้อ';
    noWeight.slices = noWeight.slices.map((s) => ({ ...s, weight: '0', labels: { th: 'x', lo: '', en: '' } }));
    expect(payloadOf(noWeight).problems).toEqual({ slices: 'spinwheel.noWeight' });
  });
});
