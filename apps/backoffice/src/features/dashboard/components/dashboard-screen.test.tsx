import { screen, waitFor, within } from '@testing-library/react';
import type { DashboardResponse } from '@wallet/contract/backoffice/dashboard';
import { mockApi } from '@wallet/web-kit/testing/mock-api';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '@/i18n/i18n';
import { me, renderApp, signedIn } from '@/test/render';
import { niceCeiling } from './money-chart';

/** 14 days from 03/03/2026 to today 16/03/2026, quiet except for the three days set here. */
function dashboard(overrides: Partial<DashboardResponse> = {}): DashboardResponse {
  const busy: Record<string, { deposits: number; withdrawals: number; newPlayers: number; activePlayers: number }> = {
    '2026-03-14': { deposits: 1000, withdrawals: 0, newPlayers: 1, activePlayers: 1 },
    '2026-03-15': { deposits: 650.5, withdrawals: 300, newPlayers: 1, activePlayers: 2 },
    '2026-03-16': { deposits: 1234567.8, withdrawals: 1250000, newPlayers: 12, activePlayers: 1530 },
  };
  const days = Array.from({ length: 14 }, (_, i) => {
    const date = `2026-03-${String(3 + i).padStart(2, '0')}`;
    const day = busy[date] ?? { deposits: 0, withdrawals: 0, newPlayers: 0, activePlayers: 0 };
    return {
      date,
      newPlayers: day.newPlayers,
      activePlayers: day.activePlayers,
      money: [
        {
          currency: 'THB',
          deposits: day.deposits,
          withdrawals: day.withdrawals,
          net: Math.round((day.deposits - day.withdrawals) * 100) / 100,
        },
      ],
    };
  });
  return {
    today: '2026-03-16',
    generatedAt: '2026-03-16T02:15:00.000Z',
    currencies: ['THB'],
    days,
    queues: {
      unmatchedTransfers: { count: 3, oldestAt: new Date(Date.now() - 2 * 3600_000).toISOString() },
      manualDeposits: { count: 0, oldestAt: null },
      undecidedSlips: { count: 1, oldestAt: new Date(Date.now() - 5 * 60_000).toISOString() },
      pendingWithdrawals: { count: 2, oldestAt: new Date(Date.now() - 40 * 60_000).toISOString() },
    },
    ...overrides,
  };
}

describe('Dashboard', () => {
  it('is the home screen: today in cards, money with 2 decimals and separators, days as DD/MM/YYYY', async () => {
    signedIn();
    mockApi({
      'GET /api/backoffice/me': { body: me('owner') },
      'GET /api/backoffice/dashboard': { body: dashboard() },
    });
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Today, 16/03/2026' })).toBeTruthy();
    expect(screen.getByTestId('today-deposits').textContent).toBe('Deposits1,234,567.80');
    expect(screen.getByTestId('today-withdrawals').textContent).toBe('Withdrawals1,250,000.00');
    // A day that paid out more than came in shows its net negative, marked.
    const net = within(screen.getByTestId('today-net'));
    expect(net.getByText('-15,432.20').classList.contains('is-negative')).toBe(true);
    expect(screen.getByTestId('today-new-players').textContent).toBe('New players12');
    expect(screen.getByTestId('today-active-players').textContent).toBe('Active players1,530');
    // What "active" means is on the screen, not only in the code.
    expect(screen.getByText(/Active players: players with any money movement/)).toBeTruthy();

    const rows = screen.getAllByTestId('dashboard-day');
    expect(rows).toHaveLength(14);
    expect(within(rows[0] as HTMLElement).getByRole('rowheader').textContent).toBe('16/03/2026');
    expect((rows[1] as HTMLElement).textContent).toBe('15/03/2026650.50300.00350.5012');
    expect(within(rows[13] as HTMLElement).getByRole('rowheader').textContent).toBe('03/03/2026');
  });

  it('draws the days as an SVG chart a screen reader can name, deposits beside withdrawals', async () => {
    signedIn();
    mockApi({
      'GET /api/backoffice/me': { body: me('auditor') },
      'GET /api/backoffice/dashboard': { body: dashboard() },
    });
    renderApp('/');
    const chart = await screen.findByRole('img', { name: /Deposits and withdrawals, last 14 days/ });
    expect(chart.getAttribute('aria-labelledby')).toBeTruthy();
    expect(chart.querySelector('desc')?.textContent).toBe(
      'Bars for each day from 03/03/2026 to 16/03/2026; the table below lists the same figures.',
    );
    expect(chart.querySelectorAll('rect.chart-bar.is-deposit')).toHaveLength(14);
    expect(chart.querySelectorAll('rect.chart-bar.is-withdrawal')).toHaveLength(14);
    const titles = [...chart.querySelectorAll('rect title')].map((title) => title.textContent);
    expect(titles).toContain('15/03/2026 · Deposits 650.50');
    expect(titles).toContain('15/03/2026 · Withdrawals 300.00');
    // The tallest bar reaches the rounded top of the axis, and a quiet day draws nothing.
    expect([...chart.querySelectorAll('.chart-grid text')].map((label) => label.textContent)).toEqual([
      '0.00',
      '500,000.00',
      '1,000,000.00',
      '1,500,000.00',
      '2,000,000.00',
    ]);
    const quiet = chart.querySelector('rect.chart-bar.is-deposit');
    expect(quiet?.getAttribute('height')).toBe('0');
  });

  it('rounds the chart axis to 1, 2 or 5 times a power of ten', () => {
    expect(niceCeiling(0)).toBe(1);
    expect(niceCeiling(650.5)).toBe(1000);
    expect(niceCeiling(1000)).toBe(1000);
    expect(niceCeiling(1250000)).toBe(2000000);
    expect(niceCeiling(3100)).toBe(5000);
  });

  it('shows the queue sizes, with a way into each queue only for a role that works it', async () => {
    signedIn();
    mockApi({
      'GET /api/backoffice/me': { body: me('finance') },
      'GET /api/backoffice/dashboard': { body: dashboard() },
    });
    const { unmount } = renderApp('/');
    const unmatched = within(await screen.findByTestId('queue-unmatchedTransfers'));
    expect(unmatched.getByText('Unmatched bank transfers')).toBeTruthy();
    expect(unmatched.getByText('3')).toBeTruthy();
    expect(unmatched.getByText('2 hours ago')).toBeTruthy();
    expect(unmatched.getByRole('link', { name: 'Open' }).getAttribute('href')).toBe('/money-desk?queue=transfers');
    const manual = within(screen.getByTestId('queue-manualDeposits'));
    expect(manual.getByText('Nothing waiting')).toBeTruthy();
    expect(within(screen.getByTestId('queue-undecidedSlips')).getByRole('link').getAttribute('href')).toBe(
      '/money-desk?queue=slips',
    );
    unmount();

    // Marketing sees how much waits, but has no queue to open; support opens the slips only.
    mockApi({
      'GET /api/backoffice/me': { body: me('marketing') },
      'GET /api/backoffice/dashboard': { body: dashboard() },
    });
    const second = renderApp('/');
    await screen.findByTestId('queue-pendingWithdrawals');
    expect(within(screen.getByTestId('queue-pendingWithdrawals')).getByText('2')).toBeTruthy();
    expect(screen.queryAllByRole('link', { name: 'Open' })).toHaveLength(0);
    second.unmount();

    mockApi({
      'GET /api/backoffice/me': { body: me('support') },
      'GET /api/backoffice/dashboard': { body: dashboard() },
    });
    renderApp('/');
    await screen.findByTestId('queue-undecidedSlips');
    const links = screen.queryAllByRole('link', { name: 'Open' });
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/money-desk?queue=slips']);
  });

  it('offers a currency switch when another currency moved, and shows its figures', async () => {
    signedIn();
    const base = dashboard();
    const withKip = {
      ...base,
      currencies: ['THB', 'LAK'],
      days: base.days.map((day) => ({
        ...day,
        money: [
          ...day.money,
          {
            currency: 'LAK',
            deposits: day.date === '2026-03-16' ? 500000 : 0,
            withdrawals: 0,
            net: day.date === '2026-03-16' ? 500000 : 0,
          },
        ],
      })),
    };
    mockApi({
      'GET /api/backoffice/me': { body: me('owner') },
      'GET /api/backoffice/dashboard': { body: withKip },
    });
    const { user } = renderApp('/');
    await user.selectOptions(await screen.findByLabelText('Currency'), 'LAK');
    expect(screen.getByTestId('today-deposits').textContent).toBe('Deposits500,000.00');
  });

  it('reads in Thai', async () => {
    signedIn();
    mockApi({
      'GET /api/backoffice/me': { body: me('owner') },
      'GET /api/backoffice/dashboard': { body: dashboard() },
    });
    await setLanguage('th');
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'วันนี้ 16/03/2026' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'ภาพรวม', level: 1 })).toBeTruthy();
    expect(within(screen.getByTestId('queue-unmatchedTransfers')).getByText('รายการโอนที่จับคู่ไม่ได้')).toBeTruthy();
  });

  it('says so when the figures cannot load, and tries again', async () => {
    signedIn();
    let fail = true;
    mockApi({
      'GET /api/backoffice/me': { body: me('owner') },
      'GET /api/backoffice/dashboard': () =>
        fail ? { status: 500, body: { message: 'INTERNAL_SERVER_ERROR' } } : { body: dashboard() },
    });
    const { user } = renderApp('/');
    const retry = await screen.findByRole('button', { name: 'Try again' });
    fail = false;
    await user.click(retry);
    await waitFor(() => expect(screen.getAllByTestId('dashboard-day')).toHaveLength(14));
  });
});
