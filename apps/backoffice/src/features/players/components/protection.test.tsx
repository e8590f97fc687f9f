import { screen, waitFor, within } from '@testing-library/react';
import type { PlayerDetail } from '@wallet/contract/backoffice/players';
import type { PlayerProtectionResponse, ProtectionReportItem } from '@wallet/contract/backoffice/protection';
import type { ProtectionView } from '@wallet/contract/protection';
import { mockApi } from '@wallet/web-kit/testing/mock-api';
import { describe, expect, it } from 'vitest';
import { stubDownloads } from '@/test/download';
import { me, renderApp, signedIn } from '@/test/render';

const detail: PlayerDetail = {
  player: {
    id: 'P1',
    username: '0812345678',
    name: 'Somchai Jaidee',
    status: 'active',
    bankCode: 'SCB',
    bankAccountNo: '1234567890',
    currency: 'THB',
    wallet: 10,
    createdAt: '2026-01-01T00:00:00.000Z',
    sourceCode: null,
    inviterId: null,
  },
  bankAccount: { bankCode: 'SCB', bankName: 'SCB', bankAccountName: 'SOMCHAI JAIDEE', bankAccountNo: '1234567890' },
  balances: { wallet: 10, coin: 0, games: [] },
  gameAccounts: [],
  sessions: [],
  bankChange: null,
  loginLock: null,
};

const none = { amount: null, used: 0, remaining: null, pending: null };
const protection: ProtectionView = {
  state: 'timeout',
  limits: {
    day: { amount: 1000, used: 300, remaining: 700, pending: null },
    week: {
      amount: 3000,
      used: 300,
      remaining: 2700,
      pending: {
        amount: 5000,
        requestedAt: '2026-03-01T03:00:00.000Z',
        appliesAt: '2026-03-02T03:00:00.000Z',
        confirmable: false,
      },
    },
    month: none,
  },
  timeout: { startedAt: '2026-03-01T03:00:00.000Z', endsAt: '2026-03-02T03:00:00.000Z', days: 1, active: true },
  exclusion: null,
  restrictedUntil: '2026-03-02T03:00:00.000Z',
  depositPause: { reason: 'timeout', period: null, until: '2026-03-02T03:00:00.000Z' },
  realityCheckMinutes: 30,
  heldDeposits: [],
};

const answer: PlayerProtectionResponse = {
  protection,
  history: {
    items: [
      {
        id: 'E1',
        at: '2026-03-01T03:00:00.000Z',
        kind: 'timeout',
        period: null,
        amount: null,
        endsAt: '2026-03-02T03:00:00.000Z',
        by: 'player',
        detail: null,
      },
      {
        id: 'E2',
        at: '2026-02-28T03:00:00.000Z',
        kind: 'limit_applied',
        period: 'day',
        amount: 1000,
        endsAt: null,
        by: 'support.one',
        detail: null,
      },
    ],
    total: 2,
    totalCapped: false,
    page: 1,
    limit: 50,
  },
};

async function openProtectionTab(role: 'support' | 'finance', extra: Record<string, unknown> = {}) {
  signedIn();
  const calls = mockApi({
    'GET /api/backoffice/me': { body: me(role) },
    'GET /api/backoffice/players/P1': { body: detail },
    'GET /api/backoffice/players/P1/records': { body: { items: [], total: 0, page: 1, limit: 20 } },
    'GET /api/backoffice/players/P1/protection': { body: answer },
    ...extra,
  });
  const view = renderApp('/players/P1');
  await view.user.click(await screen.findByRole('tab', { name: 'Protection' }, { timeout: 5000 }));
  const tab = await screen.findByTestId('protection-tab');
  await within(tab).findByText('Protection history');
  return { calls, tab, ...view };
}

describe('Player protection in the back office', () => {
  it("shows the player's limits, pending raise, time-out and history", async () => {
    const { tab } = await openProtectionTab('support');
    await waitFor(() => expect(within(tab).getByTestId('protection-state').textContent).toBe('Time-out'));
    expect(within(tab).getByTestId('bo-limit-day').textContent).toBe('1,000.00 (used 300.00)');
    expect(within(tab).getByTestId('bo-limit-week').textContent).toBe(
      '3,000.00 (used 300.00) · raise to 5,000.00 from 02/03/2026 10:00:00',
    );
    expect(within(tab).getByTestId('bo-limit-month').textContent).toBe('No limit');
    expect(tab.textContent).toContain('Every 30 minutes');
    const rows = within(tab).getAllByRole('row');
    expect(rows[1]?.textContent).toContain('Player');
    expect(rows[2]?.textContent).toContain('Limit in force (Limit per 24 h)');
    expect(rows[2]?.textContent).toContain('support.one');
  });

  it("support applies a self-exclusion on the player's request, with its length and reason", async () => {
    const { calls, tab, user } = await openProtectionTab('support', {
      'POST /api/backoffice/players/P1/protection/exclusion': { body: answer },
    });
    await user.click(await within(tab).findByRole('button', { name: 'Self-exclusion on request' }));
    const dialog = screen.getByRole('dialog', { name: 'Self-exclusion on request' });
    expect(dialog.textContent).toContain('nobody can shorten or lift it');
    await user.selectOptions(within(dialog).getByLabelText('Length'), '12 months');
    await user.click(within(dialog).getByRole('button', { name: 'Apply the self-exclusion' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Please give a reason.');
    await user.type(within(dialog).getByLabelText('Reason'), 'Player called the hotline');
    await user.click(within(dialog).getByRole('button', { name: 'Apply the self-exclusion' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.path).toBe('/api/backoffice/players/P1/protection/exclusion');
    expect(post?.body).toEqual({ months: 12, reason: 'Player called the hotline' });
  });

  it('shows the refusal when a time-out would end before the protection in force', async () => {
    const { tab, user } = await openProtectionTab('support', {
      'POST /api/backoffice/players/P1/protection/timeout': {
        status: 409,
        body: { message: 'PROTECTION_ALREADY_LONGER' },
      },
    });
    await user.click(await within(tab).findByRole('button', { name: 'Time-out on request' }));
    const dialog = screen.getByRole('dialog', { name: 'Time-out on request' });
    await user.type(within(dialog).getByLabelText('Reason'), 'Asked by phone');
    await user.click(within(dialog).getByRole('button', { name: 'Apply the time-out' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'A longer time-out or exclusion is already in force; it cannot be shortened.',
    );
  });

  it('finance reads the protection but cannot apply one', async () => {
    const { tab } = await openProtectionTab('finance');
    await within(tab).findByTestId('bo-limit-day');
    expect(within(tab).queryByRole('button', { name: 'Time-out on request' })).toBeNull();
    expect(within(tab).queryByRole('button', { name: 'Self-exclusion on request' })).toBeNull();
  });

  it('lists players by active protection, filtered, paged, and as CSV with the same filter', async () => {
    signedIn();
    const { click } = stubDownloads();
    const item: ProtectionReportItem = {
      userId: 'P1',
      username: '0812345678',
      name: 'Somchai Jaidee',
      state: 'excluded',
      restrictedUntil: '2026-09-01T03:00:00.000Z',
      dayLimit: 500,
      weekLimit: null,
      monthLimit: null,
      since: '2026-03-01T03:00:00.000Z',
    };
    const calls = mockApi({
      'GET /api/backoffice/me': { body: me('support') },
      'GET /api/backoffice/protection': { body: { items: [item], total: 120, page: 1, limit: 50 } },
      'GET /api/backoffice/protection.csv': { body: undefined },
    });
    const { user } = renderApp('/protection');
    await screen.findByRole('heading', { name: 'Player protection' }, { timeout: 5000 });
    const row = await screen.findByTestId('protected-P1');
    expect(row.textContent).toContain('Self-excluded');
    expect(row.textContent).toContain('500.00');
    expect(within(row).getByRole('link', { name: '0812345678' }).getAttribute('href')).toBe('/players/P1');
    await user.selectOptions(screen.getByLabelText('Show'), 'Self-excluded');
    await waitFor(() => expect(calls.some((call) => call.search.includes('kind=excluded'))).toBe(true));
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(calls.some((call) => call.search.includes('page=3'))).toBe(true));
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(calls.find((call) => call.path === '/api/backoffice/protection.csv')?.search).toBe('?kind=excluded');
  });
});
