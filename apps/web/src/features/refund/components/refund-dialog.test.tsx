import { screen, waitFor, within } from '@testing-library/react';
import type { Language } from '@wallet/contract/constants';
import type { Refund, RefundCheckResponse } from '@wallet/contract/refund';
import { type Handler, mockApi, type Reply } from '@wallet/web-kit/testing/mock-api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/i18n/i18n';
import { renderScreen } from '@/test/render';
import { RefundDialog } from './refund-dialog';

afterEach(async () => {
  vi.unstubAllGlobals();
  await setLanguage('en');
});

const OFFER: RefundCheckResponse = {
  result: true,
  bonus: false,
  info: '<p>5% of last week back</p>',
  refundAmount: 35,
  refundSuccess: 150,
  refundFail: 10,
};

function refunds(count: number, from = 1): Refund[] {
  return Array.from({ length: count }, (_, index) => ({
    refundAmount: from + index,
    createdAt: new Date(Date.UTC(2026, 2, 1) - (from + index) * 86_400_000).toISOString(),
  }));
}

function open(check: Handler | Reply, extra: Record<string, Handler | Reply> = {}) {
  const calls = mockApi({
    'GET /api/refund/banners': { body: [] },
    'GET /api/refund/check': check,
    'POST /api/refund': { body: { total: 0, refunds: [] } },
    ...extra,
  });
  const view = renderScreen(<RefundDialog onClose={vi.fn()} />);
  const count = (path: string) => calls.filter((call) => call.path === path).length;
  return { ...view, calls, count };
}

describe('Refund dialog', () => {
  it('shows the info through SafeHtml, the amount and the success and fail percents', async () => {
    open({ body: OFFER });
    const dialog = await screen.findByRole('dialog', { name: 'Refund' });
    const offer = await within(dialog).findByTestId('refund-offer');
    expect(offer.textContent).toContain('5% of last week back');
    // The operator's markup goes through the sanitiser (its own tests cover what it strips).
    expect(offer.querySelector('.safe-html.promo-info')?.textContent).toBe('5% of last week back');
    expect(within(offer).getByTestId('refund-amount').textContent).toBe('35.00');
    expect(within(offer).getByTestId('refund-success-rule').textContent).toBe(
      'You can withdraw when your credit reaches 150% of your starting credit.',
    );
    expect(within(offer).getByTestId('refund-fail-rule').textContent).toBe(
      'The bonus ends when your credit falls to 10% of your starting credit.',
    );
    expect((within(offer).getByTestId('refund-claim') as HTMLButtonElement).disabled).toBe(false);
  });

  it('disables the claim while a bonus is active, and says why', async () => {
    open({ body: { ...OFFER, bonus: true } });
    const offer = await screen.findByTestId('refund-offer');
    expect((within(offer).getByTestId('refund-claim') as HTMLButtonElement).disabled).toBe(true);
    expect(within(offer).getByTestId('refund-bonus-active').textContent).toBe(
      'You have an active bonus. Finish or cancel it before receiving the refund.',
    );
  });

  it('disables the claim when there is nothing to receive', async () => {
    open({ body: { ...OFFER, result: false, refundAmount: 0 } });
    const offer = await screen.findByTestId('refund-offer');
    expect((within(offer).getByTestId('refund-claim') as HTMLButtonElement).disabled).toBe(true);
    expect(within(offer).getByText('There is no refund to receive right now.')).toBeTruthy();
  });

  it('claims, shows the server message translated and reloads the check', async () => {
    let claimed = false;
    const { user, count } = open(() => ({ body: claimed ? { ...OFFER, result: false, refundAmount: 0 } : OFFER }), {
      'GET /api/refund/receive': () => {
        claimed = true;
        return { body: { message: 'REFUND_SUCCESS' } };
      },
    });
    const offer = await screen.findByTestId('refund-offer');
    await user.click(within(offer).getByTestId('refund-claim'));
    expect(await screen.findByText('You received the refund.')).toBeTruthy();
    await waitFor(() => expect(count('/api/refund/check')).toBe(2));
    await waitFor(() => expect((screen.getByTestId('refund-claim') as HTMLButtonElement).disabled).toBe(true));
    expect(screen.getByTestId('refund-amount').textContent).toBe('0.00');
  });

  const refusals: [Language, string, string][] = [
    ['en', 'NO_REFUND', 'There is no refund to receive.'],
    ['th', 'REFUND_INACTIVE', 'การคืนยอดเสียยังไม่เปิดให้บริการ'],
    ['lo', 'NO_REFUND', 'ຍັງບໍ່ມີຍອດຄືນໃຫ້ຮັບ'],
  ];
  it.each(refusals)('%s: a refused claim (%s) shows translated in an alert', async (lang, code, text) => {
    await setLanguage(lang);
    const { user } = open({ body: OFFER }, { 'GET /api/refund/receive': { status: 409, body: { message: code } } });
    await user.click(await screen.findByTestId('refund-claim'));
    const alert = await screen.findByRole('alertdialog');
    expect(within(alert).getByText(text)).toBeTruthy();
  });

  it('shows the banners first, then the dialog', async () => {
    const { user } = open(
      { body: OFFER },
      { 'GET /api/refund/banners': { body: [{ image: '/media/weekly.png', html: '<p>5% cashback every week</p>' }] } },
    );
    expect((await screen.findByTestId('banners-first')).textContent).toContain('5% cashback every week');
    expect(screen.queryByTestId('refund-dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(await screen.findByTestId('refund-offer')).toBeTruthy();
  });

  it('lists past refunds 10 per page', async () => {
    const { user, calls } = open(
      { body: OFFER },
      {
        'POST /api/refund': (body) => {
          const { page } = body as { page: number };
          return { body: { total: 12, refunds: page === 2 ? refunds(2, 11) : refunds(10) } };
        },
      },
    );
    const dialog = await screen.findByTestId('refund-dialog');
    await waitFor(() => expect(within(dialog).getAllByTestId('refund-row')).toHaveLength(10));
    expect(within(dialog).getAllByTestId('refund-row')[0]?.textContent).toBe('28/02/2026 07:00:001.00');
    await user.click(within(dialog).getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(within(dialog).getAllByTestId('refund-row')).toHaveLength(2));
    expect(calls.filter((call) => call.path === '/api/refund').map((call) => call.body)).toEqual([
      { page: 1, limit: 10 },
      { page: 2, limit: 10 },
    ]);
  });
});
