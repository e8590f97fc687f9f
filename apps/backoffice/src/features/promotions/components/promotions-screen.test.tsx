import { screen, waitFor, within } from '@testing-library/react';
import type {
  BonusTypeView,
  InviteSettingsView,
  PromotionCodeView,
  PromotionReportResponse,
  RefundSettingsView,
} from '@wallet/contract/backoffice/promotions';
import { mockApi } from '@wallet/web-kit/testing/mock-api';
import { describe, expect, it } from 'vitest';
import { me, renderApp, signedIn } from '@/test/render';

/** The screen's chunk and its first answers; a loaded machine takes longer than findBy's 1 s. */
const FIRST_PAINT = { timeout: 5_000 };

const welcome: BonusTypeView = {
  code: 'WELCOME100',
  names: { th: 'โบนัสต้อนรับ', lo: '', en: 'Welcome bonus' },
  notices: { th: '<p>เงื่อนไข</p>', lo: '', en: '' },
  banners: { th: [], lo: [], en: [] },
  limitType: 'limit',
  maxReceived: 1,
  kind: 'percent',
  value: 100,
  maxBonus: 500_00,
  minDeposit: 100_00,
  percentSuccess: 200,
  percentFail: 10,
  turnoverMultiple: 0,
  maxWithdraw: 5_000_00,
  expiresAt: null,
  enabled: true,
  sortOrder: 1,
  createdAt: '2026-03-01T00:00:00.000Z',
  updatedAt: '2026-03-01T00:00:00.000Z',
};

const refund: RefundSettingsView = {
  enabled: true,
  period: 'week',
  percent: 5,
  minimum: 10_00,
  cap: 2_000_00,
  percentSuccess: 150,
  percentFail: 10,
  info: { th: '<p>คืนยอดเสีย</p>', lo: '', en: '' },
  banners: { th: [], lo: [], en: [] },
};

/** Types into a labelled field of the form, replacing what it held. */
async function fill(user: ReturnType<typeof renderApp>['user'], form: HTMLElement, label: string, value: string) {
  const field = within(form).getByLabelText(label);
  await user.clear(field);
  if (value) await user.type(field, value);
}

describe('Promotions', { timeout: 30_000 }, () => {
  it('creates a bonus type: amounts in baht go out in minor units, the code upper-cased', async () => {
    signedIn();
    let items = [welcome];
    const calls = mockApi({
      'GET /api/backoffice/me': { body: me('marketing') },
      'GET /api/backoffice/promotions/bonuses': () => ({ body: { items } }),
      'POST /api/backoffice/promotions/bonuses': (body) => {
        const created = { ...welcome, ...(body as object), createdAt: welcome.createdAt, updatedAt: welcome.updatedAt };
        items = [...items, created as BonusTypeView];
        return { body: { bonus: created } };
      },
    });
    const { user } = renderApp('/promotions');
    expect(await screen.findByTestId('bonus-WELCOME100', {}, FIRST_PAINT)).toBeTruthy();
    await user.click(screen.getByTestId('bonus-new'));
    const form = await screen.findByTestId('bonus-form');
    await user.type(within(form).getByLabelText('Code'), 'songkran');
    const names = within(form).getByRole('group', { name: 'Names' });
    await user.type(within(names).getByLabelText('In Thai'), 'โบนัสสงกรานต์');
    await user.selectOptions(within(form).getByLabelText('Bonus kind'), 'fixed');
    await fill(user, form, 'Amount (baht)', '50.25');
    await fill(user, form, 'Minimum credit to receive it (baht)', '100');
    await fill(user, form, 'Fail line (%)', '20');
    await user.click(within(form).getByTestId('bonus-save'));

    await waitFor(() => expect(screen.getByTestId('bonus-SONGKRAN')).toBeTruthy());
    const sent = calls.find((call) => call.method === 'POST')?.body;
    expect(sent).toMatchObject({
      code: 'SONGKRAN',
      names: { th: 'โบนัสสงกรานต์', lo: '', en: '' },
      kind: 'fixed',
      value: 50_25,
      minDeposit: 100_00,
      percentFail: 20,
      expiresAt: null,
      enabled: true,
    });
  });

  it('refuses a bad form before sending it, naming the fields', async () => {
    signedIn();
    const calls = mockApi({
      'GET /api/backoffice/me': { body: me('marketing') },
      'GET /api/backoffice/promotions/bonuses': { body: { items: [] } },
    });
    const { user } = renderApp('/promotions');
    await user.click(await screen.findByTestId('bonus-new', {}, FIRST_PAINT));
    const form = await screen.findByTestId('bonus-form');
    await user.type(within(form).getByLabelText('Code'), 'x');
    await user.type(within(form).getByLabelText('Percent of credit (%)'), '5000');
    await fill(user, form, 'Fail line (%)', '100');
    await fill(user, form, 'Maximum withdrawal (baht)', '1.234');
    await user.click(within(form).getByTestId('bonus-save'));
    expect(await within(form).findByText('Use 2 to 40 capital letters, digits, - or _.')).toBeTruthy();
    expect(within(form).getByText('Please fill in this field.')).toBeTruthy();
    expect(within(form).getAllByText('Enter a whole number in range.')).toHaveLength(2);
    expect(within(form).getByText('Enter an amount in baht with at most 2 decimals.')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('edits a promotion code and shows the server refusal with its field', async () => {
    signedIn();
    const code: PromotionCodeView = {
      code: 'WELCOME50',
      descriptions: { th: 'รับ 50 บาท', lo: '', en: '' },
      kind: 'fixed',
      value: 50_00,
      maxBonus: 0,
      minDeposit: 0,
      percentSuccess: 0,
      percentFail: 20,
      turnoverMultiple: 0,
      maxWithdraw: 0,
      maxRedemptions: 100,
      maxPerPlayer: 1,
      redeemed: 3,
      validFrom: null,
      validTo: null,
      enabled: true,
      createdAt: '2026-03-01T00:00:00.000Z',
      updatedAt: '2026-03-01T00:00:00.000Z',
    };
    const calls = mockApi({
      'GET /api/backoffice/me': { body: me('owner') },
      'GET /api/backoffice/promotions/codes': { body: { items: [code] } },
      'PUT /api/backoffice/promotions/codes/WELCOME50': {
        status: 400,
        body: { message: 'KEY_INVALID', field: 'value' },
      },
    });
    const { user } = renderApp('/promotions?tab=codes');
    const row = await screen.findByTestId('code-WELCOME50', {}, FIRST_PAINT);
    expect(row.textContent).toContain('3 / 100');
    await user.click(within(row).getByText('Edit'));
    const form = await screen.findByTestId('code-form');
    expect((within(form).getByLabelText('Amount (baht)') as HTMLInputElement).value).toBe('50');
    await fill(user, form, 'Redemptions overall', '200');
    await user.click(within(form).getByTestId('code-save'));
    expect(await within(form).findByText(/\(value\)/)).toBeTruthy();
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({ maxRedemptions: 200, value: 50_00 });
    expect(calls.find((call) => call.method === 'PUT')?.body).not.toHaveProperty('code');
  });

  it('saves the refund programme with minimum and cap in minor units, refusing a cap below the minimum', async () => {
    signedIn();
    const calls = mockApi({
      'GET /api/backoffice/me': { body: me('marketing') },
      'GET /api/backoffice/promotions/refund': { body: refund },
      'PUT /api/backoffice/promotions/refund': (body) => ({ body: { ...refund, ...(body as object) } }),
    });
    const { user } = renderApp('/promotions?tab=refund');
    const form = await screen.findByTestId('refund-form', {}, FIRST_PAINT);
    await fill(user, form, 'Refund cap (baht)', '5');
    await user.click(within(form).getByTestId('refund-save'));
    expect(await within(form).findByText('The cap must not be below the minimum.')).toBeTruthy();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
    await fill(user, form, 'Refund cap (baht)', '1500.50');
    await user.selectOptions(within(form).getByLabelText('Period'), 'day');
    await user.click(within(form).getByTestId('refund-save'));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
      period: 'day',
      minimum: 10_00,
      cap: 1_500_50,
      percent: 5,
    });
  });

  it('saves the invite programme, refusing a percent that is not a whole number', async () => {
    signedIn();
    const invite: InviteSettingsView = {
      enabled: true,
      percent: 2,
      percentSuccess: 0,
      percentFail: 0,
      banners: { th: [], lo: [], en: [] },
    };
    const calls = mockApi({
      'GET /api/backoffice/me': { body: me('marketing') },
      'GET /api/backoffice/promotions/invite': { body: invite },
      'PUT /api/backoffice/promotions/invite': (body) => ({ body: { ...invite, ...(body as object) } }),
    });
    const { user } = renderApp('/promotions?tab=invite');
    const form = await screen.findByTestId('invite-form', {}, FIRST_PAINT);
    await fill(user, form, 'Percent of each referred deposit', '2.5');
    await user.click(within(form).getByTestId('invite-save'));
    expect(await within(form).findByText('Enter a whole number in range.')).toBeTruthy();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
    await fill(user, form, 'Percent of each referred deposit', '3');
    await user.type(within(form).getByLabelText(/Reason for the audit log/), 'summer');
    await user.click(within(form).getByTestId('invite-save'));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
      percent: 3,
      enabled: true,
      reason: 'summer',
    });
  });

  it('shows finance the cost report only, in baht, with totals', async () => {
    signedIn();
    const report: PromotionReportResponse = {
      rows: [
        {
          source: 'bonus',
          code: 'WELCOME100',
          currency: 'THB',
          players: 2,
          taken: 2,
          credited: 200_00,
          forfeited: 100_00,
          withdrawn: 0,
          netCost: 100_00,
        },
      ],
      totals: [
        { currency: 'THB', players: 2, taken: 2, credited: 200_00, forfeited: 100_00, withdrawn: 0, netCost: 100_00 },
      ],
    };
    mockApi({
      'GET /api/backoffice/me': { body: me('finance') },
      'GET /api/backoffice/promotions/report': { body: report },
    });
    renderApp('/promotions');
    const row = await screen.findByTestId('cost-bonus-WELCOME100', {}, FIRST_PAINT);
    expect([...row.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual([
      'Bonus',
      'WELCOME100',
      'THB',
      '2',
      '2',
      '200.00',
      '100.00',
      '0.00',
      '100.00',
    ]);
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Cost report']);
  });
});
