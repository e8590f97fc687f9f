import { screen, waitFor, within } from '@testing-library/react';
import type { AdjustmentView, PlayerDetail, PlayerSummary } from '@wallet/contract/backoffice/players';
import { mockApi } from '@wallet/web-kit/testing/mock-api';
import { describe, expect, it } from 'vitest';
import { stubDownloads } from '@/test/download';
import { me, renderApp, signedIn } from '@/test/render';

const summary: PlayerSummary = {
  id: 'P1',
  username: '0812345678',
  name: 'Somchai Jaidee',
  status: 'active',
  bankCode: 'SCB',
  bankAccountNo: '1234567890',
  currency: 'THB',
  wallet: 1500.5,
  createdAt: '2026-01-01T00:00:00.000Z',
};

const detail: PlayerDetail = {
  player: { ...summary, sourceCode: 'FACEBOOK', inviterId: null },
  bankAccount: {
    bankCode: 'SCB',
    bankName: 'ไทยพาณิชย์',
    bankAccountName: 'SOMCHAI JAIDEE',
    bankAccountNo: '1234567890',
  },
  balances: { wallet: 1500.5, coin: 3, games: [{ providerCode: 'pg', name: 'PG Soft', amount: 20 }] },
  gameAccounts: [],
  sessions: [{ id: 'abcd1234', createdAt: '2026-01-02T00:00:00.000Z', expiresAt: '2026-01-03T00:00:00.000Z' }],
  bankChange: {
    id: 'R1',
    userId: 'P1',
    status: 'pending',
    old: { bankCode: 'SCB', bankAccountName: 'SOMCHAI JAIDEE', bankAccountNo: '1234567890' },
    new: { bankCode: 'KBANK', bankAccountName: 'SOMCHAI JAIDEE', bankAccountNo: '9876543210' },
    reason: null,
    createdAt: '2026-01-02T00:00:00.000Z',
    decidedAt: null,
    decidedBy: null,
  },
  loginLock: null,
};

const emptyPage = { items: [], total: 0, page: 1, limit: 20 };

function playerApi(extra: Record<string, unknown> = {}) {
  return {
    'GET /api/backoffice/players/P1': { body: detail },
    'GET /api/backoffice/players/P1/records': { body: emptyPage },
    ...extra,
  };
}

describe('Players', () => {
  it('downloads the players the search finds as CSV: the same query, every page', async () => {
    signedIn();
    const { click, saved } = stubDownloads();
    const calls = mockApi({
      'GET /api/backoffice/me': { body: me('support') },
      'GET /api/backoffice/players': { body: { items: [summary], total: 45, page: 1, limit: 20 } },
      'GET /api/backoffice/players.csv': { body: undefined },
    });
    const { user } = renderApp('/players');
    await screen.findByRole('heading', { name: 'Players' }, { timeout: 5000 });
    await user.type(await screen.findByLabelText('Phone, name, bank account or id'), '0812');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(calls.some((c) => c.search.includes('q=0812'))).toBe(true));
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    // 45 rows fit in one file: nothing to warn about.
    expect(screen.queryByTestId('export-capped')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const csv = calls.find((call) => call.path === '/api/backoffice/players.csv');
    expect(csv?.search).toBe('?q=0812');
    expect(csv?.headers.Authorization).toBe('Bearer operator-token');
    expect(saved()[0]).toMatch(/^players-\d{4}-\d{2}-\d{2}\.csv$/);
  });

  it('says before the download when the CSV will hold only the first rows of a longer list', async () => {
    signedIn();
    mockApi({
      'GET /api/backoffice/me': { body: me('support') },
      'GET /api/backoffice/players': { body: { items: [summary], total: 12_345, page: 1, limit: 20 } },
    });
    renderApp('/players');
    expect((await screen.findByTestId('export-capped', {}, { timeout: 5000 })).textContent).toBe(
      'The CSV holds the first 10,000 of 12,345 rows; narrow the filters for the rest.',
    );
  });

  it("downloads the open tab of a player's page as CSV", async () => {
    signedIn();
    const { click } = stubDownloads();
    const calls = mockApi({
      'GET /api/backoffice/me': { body: me('support') },
      ...playerApi({ 'GET /api/backoffice/players/P1/records.csv': { body: undefined } }),
    });
    const { user } = renderApp('/players/P1');
    await screen.findByTestId('pending-bank-change', {}, { timeout: 5000 });
    await user.click(await screen.findByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const csv = calls.find((call) => call.path === '/api/backoffice/players/P1/records.csv');
    expect(csv?.search).toBe('?kind=statement');
  });

  it('marks the list busy while a search is on its way, so the old rows are not taken for its answer', async () => {
    signedIn();
    const both = { items: [summary, { ...summary, id: 'P2', username: '0899999999' }], total: 2, page: 1, limit: 20 };
    let searching = false;
    let answer: (reply: { body: unknown }) => void = () => {};
    mockApi({
      'GET /api/backoffice/me': { body: me('support') },
      'GET /api/backoffice/players': () =>
        searching
          ? new Promise((done) => {
              answer = done;
            })
          : { body: both },
    });
    const { user } = renderApp('/players');
    await screen.findByTestId('player-P2', {}, { timeout: 5000 });
    expect(screen.getByRole('table', { name: 'Players' }).getAttribute('aria-busy')).toBe('false');
    searching = true;
    await user.type(screen.getByLabelText('Phone, name, bank account or id'), '0812');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(screen.getByRole('table', { name: 'Players' }).getAttribute('aria-busy')).toBe('true'));
    answer({ body: { items: [summary], total: 1, page: 1, limit: 20 } });
    await waitFor(() => expect(screen.getByRole('table', { name: 'Players' }).getAttribute('aria-busy')).toBe('false'));
    expect(screen.queryByTestId('player-P2')).toBeNull();
  });

  it('shows statement rows in words: signed amounts, translated statuses, wallet, bank and game names', async () => {
    signedIn();
    const row = (id: string, type: string, amount: number, status: string, from: string | null, to: string | null) => ({
      id,
      createdAt: '2026-01-02T00:00:00.000Z',
      type,
      amount,
      currency: 'THB',
      status,
      from,
      to,
      fromName: from === 'KBANK' ? 'กสิกรไทย' : from === 'pg' ? 'PG Soft' : null,
      toName: to === 'pg' ? 'PG Soft' : to === 'KBANK' ? 'กสิกรไทย' : null,
      note: null,
    });
    mockApi({
      'GET /api/backoffice/me': { body: me('support') },
      ...playerApi({
        'GET /api/backoffice/players/P1/records': {
          body: {
            items: [
              row('s1', 'deposit', 500, 'SUCCESS', 'KBANK', 'WALLET'),
              row('s2', 'transfer', 200, 'PENDING', 'WALLET', 'pg'),
              row('s3', 'transfer', 50, 'SUCCESS', 'pg', 'WALLET'),
              row('s4', 'withdraw', 100, 'FAILED', 'WALLET', 'KBANK'),
            ],
            total: 4,
            page: 1,
            limit: 20,
          },
        },
      }),
    });
    renderApp('/players/P1');
    await screen.findByText('+500.00', {}, { timeout: 5000 });
    const cells = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;
    expect(within(cells('+500.00')).getByText('กสิกรไทย → Wallet')).toBeTruthy();
    expect(within(cells('+500.00')).getByText('Done')).toBeTruthy();
    expect(within(cells('−200.00')).getByText('Wallet → PG Soft')).toBeTruthy();
    expect(within(cells('−200.00')).getByText('In progress')).toBeTruthy();
    expect(within(cells('+50.00')).getByText('PG Soft → Wallet')).toBeTruthy();
    expect(within(cells('−100.00')).getByText('Failed')).toBeTruthy();
    const table = cells('+500.00').closest('table') as HTMLElement;
    for (const raw of ['PENDING', 'SUCCESS', 'FAILED', 'WALLET', 'KBANK', 'pg']) {
      expect(within(table).queryByText(new RegExp(`\\b${raw}\\b`))).toBeNull();
    }
  });

  it('searches on the server and links each player to their page', async () => {
    signedIn();
    const calls = mockApi({
      'GET /api/backoffice/me': { body: me('support') },
      'GET /api/backoffice/players': { body: { items: [summary], total: 1, page: 1, limit: 20 } },
    });
    const { user } = renderApp('/players');
    // The first screen of the file loads its lazy chunk cold.
    await screen.findByRole('heading', { name: 'Players' }, { timeout: 5000 });
    await user.type(await screen.findByLabelText('Phone, name, bank account or id'), '0812');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(calls.some((c) => c.search.includes('q=0812'))).toBe(true));
    const row = await screen.findByTestId('player-P1');
    expect(within(row).getByRole('link', { name: '0812345678' }).getAttribute('href')).toBe('/players/P1');
    expect(within(row).getByText('Active')).toBeTruthy();
  });

  it('suspends a player with a reason, which the dialog requires', async () => {
    signedIn();
    const calls = mockApi({
      'GET /api/backoffice/me': { body: me('support') },
      ...playerApi(),
      'POST /api/backoffice/players/P1/suspend': { body: { player: { ...summary, status: 'suspended' } } },
    });
    const { user } = renderApp('/players/P1');
    await user.click(await screen.findByRole('button', { name: 'Suspend' }, { timeout: 5000 }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Please give a reason.');
    await user.type(within(dialog).getByLabelText('Reason'), 'fraud check');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')).toMatchObject({
        path: '/api/backoffice/players/P1/suspend',
        body: { reason: 'fraud check' },
      }),
    );
    // support holds players.manage but not money.adjust: no adjustment button.
    expect(screen.queryByRole('button', { name: 'Adjust wallet' })).toBeNull();
  });

  it("shows the player's sign-in lock: until when, how many failures from how many addresses", async () => {
    signedIn();
    const locked = { failures: 14, addresses: 12, lockedUntil: '2026-01-02T03:15:00.000Z' };
    mockApi({
      'GET /api/backoffice/me': { body: me('support') },
      ...playerApi({ 'GET /api/backoffice/players/P1': { body: { ...detail, loginLock: locked } } }),
    });
    renderApp('/players/P1');
    const note = await screen.findByTestId('login-lock', {}, { timeout: 5000 });
    expect(note.textContent).toContain('Sign-in locked until 02/01/2026 10:15:00');
    expect(note.textContent).toContain('14 failed attempts from 12 addresses');
    expect(note.textContent).toContain('An address with no failed attempt can still sign in');
  });

  it('shows an auditor the player page without any action', async () => {
    signedIn();
    mockApi({ 'GET /api/backoffice/me': { body: me('auditor') }, ...playerApi() });
    renderApp('/players/P1');
    expect(await screen.findByTestId('pending-bank-change', {}, { timeout: 5000 })).toBeTruthy();
    for (const name of ['Suspend', 'Sign out everywhere', 'Reset password', 'Adjust wallet', 'Approve', 'Refuse']) {
      expect(screen.queryByRole('button', { name }), name).toBeNull();
    }
  });

  it('books a credit adjustment with an Idempotency-Key, as finance', async () => {
    signedIn();
    const adjustment: AdjustmentView = {
      id: 'A1',
      userId: 'P1',
      username: summary.username,
      name: summary.name,
      direction: 'credit',
      amount: 100,
      currency: 'THB',
      status: 'booked',
      reason: 'Goodwill',
      createdBy: 'finance.one',
      createdAt: '2026-01-02T00:00:00.000Z',
      decidedBy: null,
      decidedAt: null,
      decisionReason: null,
      walletAfter: 1600.5,
    };
    const calls = mockApi({
      'GET /api/backoffice/me': { body: me('finance') },
      ...playerApi(),
      'POST /api/backoffice/players/P1/adjustments': { body: { adjustment } },
    });
    const { user } = renderApp('/players/P1');
    expect(screen.queryByRole('button', { name: 'Suspend' })).toBeNull();
    await user.click(await screen.findByRole('button', { name: 'Adjust wallet' }, { timeout: 5000 }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText('Amount (baht)'), '100');
    await user.type(within(dialog).getByLabelText('Reason'), 'Goodwill');
    await user.click(within(dialog).getByRole('button', { name: 'Book adjustment' }));
    await screen.findByText('Adjustment booked.');
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({ direction: 'credit', amount: 100, reason: 'Goodwill' });
    expect(post?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('lets a second operator approve a pending adjustment but not its creator', async () => {
    signedIn();
    const pending = (id: string, createdBy: string): AdjustmentView => ({
      id,
      userId: 'P1',
      username: summary.username,
      name: summary.name,
      direction: 'credit',
      amount: 60000,
      currency: 'THB',
      status: 'pending',
      reason: 'Big goodwill',
      createdBy,
      createdAt: '2026-01-02T00:00:00.000Z',
      decidedBy: null,
      decidedAt: null,
      decisionReason: null,
      walletAfter: null,
    });
    const calls = mockApi({
      'GET /api/backoffice/me': { body: me('finance') },
      'GET /api/backoffice/adjustments': {
        body: {
          items: [pending('A1', 'finance.one'), pending('A2', 'nok')],
          total: 2,
          page: 1,
          limit: 20,
          fourEyesThreshold: 50000,
        },
      },
      'POST /api/backoffice/adjustments/A2/approve': {
        body: { adjustment: { ...pending('A2', 'nok'), status: 'booked' } },
      },
    });
    const { user } = renderApp('/adjustments');
    const own = await screen.findByTestId('adjustment-A1', {}, { timeout: 5000 });
    expect(within(own).queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(within(own).getByText('Yours: another operator approves')).toBeTruthy();
    await user.click(within(screen.getByTestId('adjustment-A2')).getByRole('button', { name: 'Approve' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Approve' }));
    await screen.findByText('Adjustment approved and booked.');
    expect(calls.find((c) => c.method === 'POST')?.path).toBe('/api/backoffice/adjustments/A2/approve');
  });

  it('refuses a bank-account change with the reason the player will read', async () => {
    signedIn();
    const calls = mockApi({
      'GET /api/backoffice/me': { body: me('support') },
      'GET /api/backoffice/bank-changes': {
        body: {
          items: [{ ...detail.bankChange, username: summary.username, name: summary.name }],
          total: 1,
          page: 1,
          limit: 20,
        },
      },
      'POST /api/backoffice/bank-changes/R1/refuse': {
        body: { request: { ...detail.bankChange, status: 'refused', reason: 'Name mismatch' } },
      },
    });
    const { user } = renderApp('/bank-changes');
    const row = await screen.findByTestId('bank-change-P1', {}, { timeout: 5000 });
    expect(row.textContent).toContain('987-654-3210');
    await user.click(within(row).getByRole('button', { name: 'Refuse' }));
    await user.type(within(screen.getByRole('dialog')).getByLabelText('Reason'), 'Name mismatch');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Refuse' }));
    await screen.findByText('Request refused.');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ reason: 'Name mismatch' });
  });
});
