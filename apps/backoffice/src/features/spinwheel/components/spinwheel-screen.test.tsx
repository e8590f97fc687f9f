import { screen, waitFor, within } from '@testing-library/react';
import type {
  SpinCouponRow,
  SpinLogRow,
  SpinReportResponse,
  SpinWheelPayload,
  SpinWheelView,
} from '@wallet/contract/backoffice/spinwheel';
import { expectedWheelCost } from '@wallet/contract/backoffice/spinwheel-rules';
import { mockApi } from '@wallet/web-kit/testing/mock-api';
import { describe, expect, it, vi } from 'vitest';
import { stubDownloads } from '@/test/download';
import { me, renderApp, signedIn } from '@/test/render';

/** The screen's chunk and its first answers; a loaded machine takes longer than findBy's 1 s. */
const FIRST_PAINT = { timeout: 5_000 };

const slices: SpinWheelView['slices'] = [
  {
    code: 'B10',
    labels: { th: 'โบนัส 10', lo: '', en: 'Bonus 10' },
    bgColor: '#dc2626',
    textColor: '#ffffff',
    htmlDescriptions: { th: '', lo: '', en: '' },
    prizeType: 'bonus',
    amount: 10_00,
    itemNames: { th: '', lo: '', en: '' },
    bonusCode: null,
    weight: 1,
    stock: null,
    remaining: null,
    won: 6,
  },
  {
    code: 'C1',
    labels: { th: '1 เหรียญ', lo: '', en: '1 coin' },
    bgColor: '#2563eb',
    textColor: '#ffffff',
    htmlDescriptions: { th: '', lo: '', en: '' },
    prizeType: 'coins',
    amount: 1,
    itemNames: { th: '', lo: '', en: '' },
    bonusCode: null,
    weight: 1,
    stock: null,
    remaining: null,
    won: 6,
  },
];

const wheel: SpinWheelView = {
  id: 'w1',
  names: { th: 'วงล้อสงกรานต์', lo: '', en: 'Songkran wheel' },
  startsAt: null,
  endsAt: null,
  active: true,
  live: true,
  couponValidDays: 7,
  version: 2,
  spins: 12,
  slices,
  expected: expectedWheelCost(slices),
  createdAt: '2026-03-01T00:00:00.000Z',
  updatedAt: '2026-03-01T00:00:00.000Z',
};

const spin: SpinLogRow = {
  id: 's1',
  at: '2026-03-01T03:04:05.000Z',
  playerId: 'p1',
  username: '0812345678',
  wheelId: 'w1',
  version: 2,
  sliceCode: 'B10',
  sliceLabel: 'โบนัส 10',
  prizeType: 'bonus',
  amount: 10_00,
  couponId: 'c1',
  couponStatus: 'open',
};

const itemCoupon: SpinCouponRow = {
  id: 'c9',
  at: '2026-03-01T03:04:05.000Z',
  playerId: 'p1',
  username: '0812345678',
  wheelId: 'w1',
  version: 2,
  sliceCode: 'TEE',
  sliceLabel: 'เสื้อ',
  prizeType: 'item',
  amount: 0,
  itemName: 'เสื้อยืด',
  status: 'claimed',
  expiresAt: '2026-03-08T03:04:05.000Z',
  claimedAt: '2026-03-01T04:00:00.000Z',
  fulfilledAt: null,
  fulfilledBy: null,
};

const page = <T,>(items: T[]) => ({ items, total: items.length, page: 1, limit: 50 });

describe('Spin wheel (back office)', { timeout: 30_000 }, () => {
  it('updates the expected cost and the chances as a weight is typed, and saves a spun wheel as a new version', async () => {
    signedIn();
    let saved: SpinWheelPayload | undefined;
    const calls = mockApi({
      'GET /api/backoffice/me': { body: me('marketing') },
      'GET /api/backoffice/spinwheel/wheels': { body: { items: [wheel] } },
      'PUT /api/backoffice/spinwheel/wheels/w1': (body) => {
        saved = body as SpinWheelPayload;
        return { body: { wheel: { ...wheel, version: 3, spins: 0 } } };
      },
    });
    const { user } = renderApp('/spinwheel');
    const row = await screen.findByTestId('wheel-w1', {}, FIRST_PAINT);
    expect(within(row).getByText('Songkran wheel')).toBeTruthy();
    expect(within(row).getByText('Live')).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: 'Edit' }));
    const form = await screen.findByTestId('wheel-form');
    // Spun 12 times: the operator is told before saving that a new version is made.
    expect(within(form).getByTestId('version-notice').textContent).toContain('Saving makes version 3');
    expect(within(form).getByRole('img', { name: /Preview of the wheel Songkran wheel with 2 slices/ })).toBeTruthy();
    expect(within(form).getByTestId('bonus-per-spin').textContent).toBe('5.00');
    expect(within(form).getByTestId('bonus-per-coin').textContent).toBe('10.00');

    const first = within(form).getByTestId('slice-0');
    const weight = within(first).getByLabelText('Weight');
    await user.clear(weight);
    await user.type(weight, '3');
    // 3 : 1 → 75% of 10 baht per spin; a quarter of the spins gives a coin back, so 7.50 / 0.75 per coin.
    expect(within(form).getByTestId('bonus-per-spin').textContent).toBe('7.50');
    expect(within(form).getByTestId('coins-per-spin').textContent).toBe('0.250');
    expect(within(form).getByTestId('bonus-per-coin').textContent).toBe('10.00');
    expect(within(first).getByText('Chance per spin: 75.00%')).toBeTruthy();
    expect(within(within(form).getByTestId('slice-1')).getByText('Chance per spin: 25.00%')).toBeTruthy();

    await user.click(within(form).getByRole('button', { name: 'Save as version 3' }));
    await waitFor(() => expect(saved).toBeDefined());
    expect(saved?.slices.map((s) => [s.code, s.weight, s.amount])).toEqual([
      ['B10', 3, 10_00],
      ['C1', 1, 1],
    ]);
    expect(saved?.names).toEqual(wheel.names);
    expect(calls.some((call) => call.method === 'PUT')).toBe(true);
    expect(await screen.findByText('Saved as version 3. Players see it at once.')).toBeTruthy();
  });

  it('warns when coin prizes pay back a coin or more per spin, and when nothing can be drawn', async () => {
    signedIn();
    mockApi({
      'GET /api/backoffice/me': { body: me('marketing') },
      'GET /api/backoffice/spinwheel/wheels': { body: { items: [{ ...wheel, spins: 0 }] } },
    });
    const { user } = renderApp('/spinwheel');
    await user.click(
      within(await screen.findByTestId('wheel-w1', {}, FIRST_PAINT)).getByRole('button', { name: 'Edit' }),
    );
    const form = await screen.findByTestId('wheel-form');
    expect(within(form).queryByTestId('version-notice')).toBeNull();
    const amount = within(within(form).getByTestId('slice-1')).getByLabelText('Coins won');
    await user.clear(amount);
    await user.type(amount, '2');
    expect(within(form).getByTestId('endless-wheel')).toBeTruthy();
    for (const index of [0, 1]) {
      const weight = within(within(form).getByTestId(`slice-${index}`)).getByLabelText('Weight');
      await user.clear(weight);
      await user.type(weight, '0');
    }
    expect(within(form).getByTestId('expected-cost').textContent).toContain('No slice can be drawn');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(within(form).getByText('At least one slice needs a weight above 0.')).toBeTruthy();
  });

  it('creates a wheel: slices added, Thai texts required, baht sent in minor units', async () => {
    signedIn();
    let created: SpinWheelPayload | undefined;
    mockApi({
      'GET /api/backoffice/me': { body: me('owner') },
      'GET /api/backoffice/spinwheel/wheels': { body: { items: [] } },
      'GET /api/backoffice/promotions/bonuses': {
        body: { items: [{ code: 'WELCOME100', names: { th: 'โบนัสต้อนรับ', lo: '', en: 'Welcome bonus' } }] },
      },
      'POST /api/backoffice/spinwheel/wheels': (body) => {
        created = body as SpinWheelPayload;
        return { body: { wheel } };
      },
    });
    const { user } = renderApp('/spinwheel');
    expect(await screen.findByText('No wheels yet.', {}, FIRST_PAINT)).toBeTruthy();
    await user.click(screen.getByTestId('wheel-new'));
    const form = await screen.findByTestId('wheel-form');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(within(form).getByText('Some fields need fixing (marked above).')).toBeTruthy();
    expect(created).toBeUndefined();

    const names = within(form).getByRole('group', { name: 'Wheel name' });
    await user.type(within(names).getByLabelText('In Thai'), 'วงล้อใหม่');
    await user.click(within(form).getByTestId('slice-add'));
    for (const [index, label] of ['หนึ่ง', 'สอง', 'สาม'].entries()) {
      const slice = within(form).getByTestId(`slice-${index}`);
      const labels = within(slice).getByRole('group', { name: 'Label on the wheel' });
      await user.type(within(labels).getByLabelText('In Thai'), label);
    }
    const third = within(form).getByTestId('slice-2');
    await user.selectOptions(within(third).getByLabelText('Prize'), 'bonus');
    const amount = within(third).getByLabelText('Bonus amount (baht)');
    await user.clear(amount);
    await user.type(amount, '20.5');
    await user.selectOptions(await within(third).findByLabelText(/Bonus conditions/), 'WELCOME100 · Welcome bonus');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(created).toBeDefined());
    expect(created?.names.th).toBe('วงล้อใหม่');
    expect(created?.slices.map((s) => [s.code, s.prizeType, s.amount, s.bonusCode])).toEqual([
      ['S1', 'coins', 1, null],
      ['S2', 'coins', 1, null],
      ['S3', 'bonus', 20_50, 'WELCOME100'],
    ]);
  });

  it('deletes a wheel nobody has spun after asking; a spun one offers no delete', async () => {
    signedIn();
    let items = [wheel, { ...wheel, id: 'w2', version: 1, spins: 0, active: false, live: false }];
    const calls = mockApi({
      'GET /api/backoffice/me': { body: me('marketing') },
      'GET /api/backoffice/spinwheel/wheels': () => ({ body: { items } }),
      'DELETE /api/backoffice/spinwheel/wheels/w2': () => {
        items = items.filter((item) => item.id !== 'w2');
        return { body: { message: 'SUCCESS' } };
      },
    });
    const { user } = renderApp('/spinwheel');
    const spun = await screen.findByTestId('wheel-w1', {}, FIRST_PAINT);
    expect(within(spun).queryByRole('button', { name: 'Delete' })).toBeNull();
    await user.click(within(screen.getByTestId('wheel-w2')).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the wheel' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, delete' }));
    await waitFor(() => expect(screen.queryByTestId('wheel-w2')).toBeNull());
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      '/api/backoffice/spinwheel/wheels/w2',
    ]);
  });

  it('a finance operator reads the wheels and the report but edits nothing', async () => {
    signedIn();
    const report: SpinReportResponse = {
      coinsEarned: 40,
      coinsWon: 6,
      coinsSpent: 12,
      spins: 12,
      bonusPaid: [{ currency: 'THB', amount: 30_00 }],
      itemsWon: 0,
      itemsFulfilled: 0,
      rows: [
        {
          wheelId: 'w1',
          version: 2,
          sliceCode: 'B10',
          sliceLabel: 'โบนัส 10',
          prizeType: 'bonus',
          amount: 10_00,
          weight: 1,
          spins: 12,
          won: 4,
          expected: 6,
          claimed: 3,
        },
      ],
    };
    const calls = mockApi({
      'GET /api/backoffice/me': { body: me('finance') },
      'GET /api/backoffice/spinwheel/wheels': { body: { items: [wheel] } },
      'GET /api/backoffice/spinwheel/report': { body: report },
    });
    const { user } = renderApp('/spinwheel');
    const row = await screen.findByTestId('wheel-w1', {}, FIRST_PAINT);
    expect(within(row).queryByRole('button')).toBeNull();
    expect(screen.queryByTestId('wheel-new')).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'Report' }));
    const reportRow = await screen.findByTestId('report-B10-v2');
    expect(within(reportRow).getByText('Songkran wheel')).toBeTruthy();
    expect(within(reportRow).getByText('-2.0')).toBeTruthy();
    expect(within(screen.getByTestId('spin-totals')).getByText('30.00 THB')).toBeTruthy();
    await user.type(screen.getByLabelText('From'), '01/03/2026');
    await user.type(screen.getByLabelText('To'), '31/03/2026');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/backoffice/spinwheel/report').length).toBe(2));
    const last = calls.filter((c) => c.path === '/api/backoffice/spinwheel/report').at(-1);
    expect(Object.fromEntries(new URLSearchParams(last?.search))).toEqual({
      from: '2026-02-28T17:00:00.000Z',
      to: '2026-03-31T17:00:00.000Z',
    });
  });

  it('lists the spins with filters, pages and a CSV of the same query', async () => {
    signedIn();
    const { click, saved } = stubDownloads();
    const calls = mockApi({
      'GET /api/backoffice/me': { body: me('support') },
      'GET /api/backoffice/spinwheel/wheels': { body: { items: [wheel] } },
      'GET /api/backoffice/spinwheel/spins': { body: page([spin]) },
      'GET /api/backoffice/spinwheel/spins.csv': { body: undefined },
    });
    const { user } = renderApp('/spinwheel?tab=spins');
    const row = await screen.findByTestId('spin-row', {}, FIRST_PAINT);
    expect(within(row).getByText('10.00 baht bonus')).toBeTruthy();
    expect(within(row).getByText('To claim')).toBeTruthy();
    expect(within(row).getByRole('link', { name: '0812345678' })).toBeTruthy();
    // Support sees no report tab (promotion costs are marketing's and finance's).
    expect(screen.queryByRole('tab', { name: 'Report' })).toBeNull();
    await user.selectOptions(screen.getByLabelText('Wheel'), 'w1');
    await user.type(screen.getByLabelText('Player id'), 'p1');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/backoffice/spinwheel/spins').length).toBe(2));
    const spinsCall = calls.filter((c) => c.path === '/api/backoffice/spinwheel/spins').at(-1);
    expect(Object.fromEntries(new URLSearchParams(spinsCall?.search))).toEqual({
      wheelId: 'w1',
      playerId: 'p1',
      page: '1',
      limit: '50',
    });
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const csv = calls.find((c) => c.path === '/api/backoffice/spinwheel/spins.csv');
    expect(csv?.search).toBe('?wheelId=w1&playerId=p1');
    expect(saved()[0]).toMatch(/^spins-\d{4}-\d{2}-\d{2}\.csv$/);
  });

  it('hands over a claimed non-cash prize only after the operator confirms it', async () => {
    signedIn();
    let items: SpinCouponRow[] = [
      itemCoupon,
      { ...itemCoupon, id: 'c8', status: 'open', claimedAt: null },
      { ...itemCoupon, id: 'c7', prizeType: 'bonus', amount: 10_00, itemName: '' },
    ];
    const fulfil = vi.fn((body: unknown) => {
      items = items.map((c) =>
        c.id === 'c9'
          ? { ...c, status: 'fulfilled', fulfilledAt: '2026-03-02T00:00:00.000Z', fulfilledBy: 'support.one' }
          : c,
      );
      return { body: { coupon: items[0], echo: body } };
    });
    mockApi({
      'GET /api/backoffice/me': { body: me('support') },
      'GET /api/backoffice/spinwheel/wheels': { body: { items: [wheel] } },
      'GET /api/backoffice/spinwheel/coupons': () => ({ body: page(items) }),
      'POST /api/backoffice/spinwheel/coupons/c9/fulfil': fulfil,
    });
    const { user } = renderApp('/spinwheel?tab=coupons');
    const row = await screen.findByTestId('coupon-c9', {}, FIRST_PAINT);
    // Only a claimed item can be handed over: not an open coupon, not a bonus.
    expect(within(screen.getByTestId('coupon-c8')).queryByRole('button')).toBeNull();
    expect(within(screen.getByTestId('coupon-c7')).queryByRole('button')).toBeNull();
    await user.click(within(row).getByRole('button', { name: 'Hand over' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hand over the prize' });
    expect(within(dialog).getByText('Has 0812345678 received “เสื้อยืด”?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(fulfil).not.toHaveBeenCalled();
    await user.click(within(row).getByRole('button', { name: 'Hand over' }));
    const again = await screen.findByRole('dialog', { name: 'Hand over the prize' });
    await user.type(within(again).getByLabelText(/Reason/), 'given at the counter');
    await user.click(within(again).getByRole('button', { name: 'Yes, handed over' }));
    await waitFor(() => expect(fulfil).toHaveBeenCalledWith({ reason: 'given at the counter' }, expect.anything()));
    await waitFor(() => expect(within(screen.getByTestId('coupon-c9')).getByText('Handed over')).toBeTruthy());
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
