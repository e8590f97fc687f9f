import { screen, waitFor, within } from '@testing-library/react';
import { type Handler, mockApi, type Reply } from '@wallet/web-kit/testing/mock-api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/i18n/i18n';
import { renderScreen } from '@/test/render';
import { statementEntry, walletResponse } from '@/test/wallet-fixtures';
import { StatementScreen } from './statement-screen';

const banks = [
  { code: 'KBANK', nameTH: 'กสิกรไทย', nameEN: 'Kasikornbank' },
  { code: 'SCB', nameTH: 'ไทยพาณิชย์', nameEN: 'Siam Commercial Bank' },
];

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const NOW = Date.parse('2026-06-01T00:00:00.000Z');

function setup(statement: Handler | Reply) {
  const calls = mockApi({ 'GET /api/wallet': { body: walletResponse() }, 'POST /api/statement': statement });
  return { ...renderScreen(<StatementScreen />), calls };
}

const rows = () => screen.getAllByTestId('statement-row');
const texts = (testId: string) => screen.getAllByTestId(testId).map((element) => element.textContent);

describe('StatementScreen', () => {
  it('shows activity with slot names, signed amounts, statuses, Bangkok time and relative time', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    setup({
      body: {
        total: 7,
        statements: [
          statementEntry({
            _id: '1',
            statementType: 'deposit',
            from: 'KBANK',
            to: 'WALLET',
            amount: 500,
            createdAt: '2026-05-31T23:59:30.000Z',
          }),
          statementEntry({
            _id: '2',
            statementType: 'transfer',
            from: 'WALLET',
            to: 'pg',
            amount: 100,
            status: 'FAILED',
            createdAt: '2026-05-31T23:50:00.000Z',
          }),
          statementEntry({
            _id: '3',
            statementType: 'transfer',
            from: 'pg',
            to: 'WALLET',
            amount: 1234.5,
            status: 'PENDING',
            createdAt: '2026-05-31T19:00:00.000Z',
          }),
          statementEntry({
            _id: '4',
            statementType: 'withdraw',
            from: 'WALLET',
            to: 'SCB',
            amount: 300,
            createdAt: '2026-05-28T00:00:00.000Z',
          }),
          statementEntry({
            _id: '5',
            statementType: 'bonus',
            from: null,
            to: 'WALLET',
            amount: 50,
            createdAt: '2026-04-15T00:00:00.000Z',
            bonus: { description: 'Welcome bonus 10%' },
          }),
          statementEntry({
            _id: '6',
            statementType: 'finish_bonus',
            from: 'WALLET',
            to: null,
            amount: 20,
            createdAt: '2024-05-01T00:00:00.000Z',
          }),
          statementEntry({
            _id: '7',
            statementType: 'transfer',
            from: 'pg',
            to: 'retired',
            amount: 5,
            createdAt: '2026-05-31T23:59:59.000Z',
          }),
        ],
      },
    });
    await waitFor(() => expect(rows()).toHaveLength(7));
    await screen.findByText('Transfer: Wallet → Pocket Gems');

    expect(texts('statement-amount')).toEqual([
      '+500.00',
      '-100.00',
      '+1,234.50',
      '-300.00',
      '+50.00',
      '-20.00',
      '5.00',
    ]);
    expect(rows().map((row) => row.querySelector('.statement-activity')?.textContent)).toEqual([
      // No bank list in this test: the codes show as they are.
      'Deposit from KBANK',
      'Transfer: Wallet → Pocket Gems',
      'Transfer: Pocket Gems → Wallet',
      'Withdrawal to SCB',
      'Bonus: Wallet',
      'Bonus ended: Wallet',
      // A code the wallet does not know shows as is.
      'Transfer: Pocket Gems → retired',
    ]);
    expect(rows().map((row) => row.querySelector('.status-badge')?.textContent)).toEqual([
      'Success',
      'Failed',
      'In progress',
      'Success',
      'Success',
      'Success',
      'Success',
    ]);
    expect(rows().map((row) => row.querySelector('.relative-time')?.textContent)).toEqual([
      '30 seconds ago',
      '10 minutes ago',
      '5 hours ago',
      '4 days ago',
      '1 month ago',
      '2 years ago',
      '1 second ago',
    ]);
    expect(within(rows()[0]!).getByText('01/06/2026 06:59:30')).toBeTruthy();
    expect(within(rows()[4]!).getByText('Welcome bonus 10%')).toBeTruthy();
    expect(screen.getAllByTestId('statement-amount')[0]?.classList.contains('is-in')).toBe(true);
    expect(screen.getAllByTestId('statement-amount')[1]?.classList.contains('is-out')).toBe(true);
  });

  it('asks for 10 per page and pages 3 before and 1 after the current page', async () => {
    const { user, calls } = setup((body) => {
      const { page } = body as { page: number };
      return {
        body: {
          total: 95,
          statements: [statementEntry({ _id: `p${page}`, amount: page })],
        },
      };
    });
    await screen.findByTestId('statement-row');
    const pages = () =>
      within(screen.getByRole('navigation', { name: 'Pages' }))
        .getAllByRole('button', { name: /^Page \d+$/ })
        .map((button) => Number(button.textContent));
    expect(pages()).toEqual([1, 2]);
    for (const next of [2, 3, 4, 5]) {
      await user.click(screen.getByRole('button', { name: `Page ${next}` }));
      await waitFor(() => expect(screen.getByTestId('statement-amount').textContent).toBe(`-${next}.00`));
    }
    expect(pages()).toEqual([2, 3, 4, 5, 6]);
    expect(screen.getByRole('button', { name: 'Page 5' }).getAttribute('aria-current')).toBe('page');
    const statementCalls = calls.filter((call) => call.path === '/api/statement').map((call) => call.body);
    expect(statementCalls).toEqual([1, 2, 3, 4, 5].map((page) => ({ page, limit: 10 })));

    await user.click(screen.getByRole('button', { name: 'Page 6' }));
    await waitFor(() => expect(pages()).toEqual([3, 4, 5, 6, 7]));
  });

  it('deposit and withdraw rows: bank names, the sign, the direction and their statuses', async () => {
    const calls = mockApi({
      'GET /api/wallet': { body: walletResponse() },
      'GET /api/lookup/banks': { body: banks },
      'POST /api/statement': {
        body: {
          total: 6,
          statements: [
            statementEntry({ _id: 'd1', statementType: 'deposit', from: 'KBANK', to: 'WALLET', amount: 500 }),
            statementEntry({
              _id: 'd2',
              statementType: 'deposit',
              from: 'TRUEWALLET',
              to: 'WALLET',
              amount: 20,
              status: 'PENDING',
            }),
            statementEntry({
              _id: 'd3',
              statementType: 'deposit',
              from: 'PAYTIMZ',
              to: 'WALLET',
              amount: 10,
              status: 'FAILED',
            }),
            statementEntry({ _id: 'w1', statementType: 'withdraw', from: 'WALLET', to: 'SCB', amount: 300 }),
            statementEntry({
              _id: 'w2',
              statementType: 'withdraw',
              from: 'WALLET',
              to: 'SCB',
              amount: 1500.25,
              status: 'PENDING',
            }),
            statementEntry({
              _id: 'w3',
              statementType: 'withdraw',
              from: 'WALLET',
              to: 'SCB',
              amount: 200,
              status: 'FAILED',
            }),
          ],
        },
      },
    });
    renderScreen(<StatementScreen />);
    await screen.findByText('Deposit from Kasikornbank');
    expect(rows().map((row) => row.querySelector('.statement-activity')?.textContent)).toEqual([
      'Deposit from Kasikornbank',
      // Gateways are not banks: their code shows.
      'Deposit from gift link',
      'Deposit from PAYTIMZ',
      'Withdrawal to Siam Commercial Bank',
      'Withdrawal to Siam Commercial Bank',
      'Withdrawal to Siam Commercial Bank',
    ]);
    expect(texts('statement-amount')).toEqual(['+500.00', '+20.00', '+10.00', '-300.00', '-1,500.25', '-200.00']);
    expect(rows().map((row) => row.querySelector('.status-badge')?.textContent)).toEqual([
      'Success',
      'In progress',
      'Failed',
      'Success',
      'In progress',
      'Failed',
    ]);
    expect(rows().map((row) => row.querySelector('.statement-icon')?.className)).toEqual([
      'statement-icon is-in',
      'statement-icon is-in',
      'statement-icon is-in',
      'statement-icon is-out',
      'statement-icon is-out',
      'statement-icon is-out',
    ]);
    expect(rows()[5]?.dataset.status).toBe('failed');
    expect(calls.filter((call) => call.path === '/api/lookup/banks')).toHaveLength(1);
  });

  it('reads deposit and withdraw rows in Thai with the Thai bank name', async () => {
    await setLanguage('th');
    mockApi({
      'GET /api/wallet': { body: walletResponse() },
      'GET /api/lookup/banks': { body: banks },
      'POST /api/statement': {
        body: {
          total: 2,
          statements: [
            statementEntry({ _id: 'd1', statementType: 'deposit', from: 'KBANK', to: 'WALLET', amount: 500 }),
            statementEntry({ _id: 'w1', statementType: 'withdraw', from: 'WALLET', to: 'SCB', amount: 300 }),
          ],
        },
      },
    });
    renderScreen(<StatementScreen />);
    await screen.findByText('ฝากเงินจาก กสิกรไทย');
    expect(screen.getByText('ถอนเงินเข้า ไทยพาณิชย์')).toBeTruthy();
    expect(texts('statement-amount')).toEqual(['+500.00', '-300.00']);
  });

  it('names the channel of each deposit, a gateway by its brand, so a KBANK transfer, QR and slip differ (issue 18)', async () => {
    mockApi({
      'GET /api/wallet': { body: walletResponse() },
      'GET /api/lookup/banks': { body: banks },
      'POST /api/statement': {
        body: {
          total: 6,
          statements: [
            statementEntry({ _id: 'b', statementType: 'deposit', from: 'KBANK', to: 'WALLET', channel: 'bank' }),
            statementEntry({ _id: 'q', statementType: 'deposit', from: 'KBANK', to: 'WALLET', channel: 'qr' }),
            statementEntry({ _id: 'z', statementType: 'deposit', from: 'WW', to: 'WALLET', channel: 'qr' }),
            statementEntry({ _id: 's', statementType: 'deposit', from: 'KBANK', to: 'WALLET', channel: 'slip' }),
            statementEntry({
              _id: 'g',
              statementType: 'deposit',
              from: 'TRUEWALLET',
              to: 'WALLET',
              channel: 'giftLink',
            }),
            statementEntry({ _id: 'm', statementType: 'deposit', from: 'SCB', to: 'WALLET', channel: 'manual' }),
          ],
        },
      },
    });
    renderScreen(<StatementScreen />);
    await screen.findByText('Transfer · Kasikornbank');
    // The channel comes first: it is what tells the rows apart, and what stays when a long name is cut.
    expect(rows().map((row) => row.querySelector('.statement-activity')?.textContent)).toEqual([
      'Transfer · Kasikornbank',
      'QR · KBank QR',
      'QR · WW Pay',
      'Slip · Kasikornbank',
      'Gift link',
      'Notice · Siam Commercial Bank',
    ]);
  });

  it('shows a manual adjustment by staff as a correction, with its sign (issue 14)', async () => {
    mockApi({
      'GET /api/wallet': { body: walletResponse() },
      'GET /api/lookup/banks': { body: banks },
      'POST /api/statement': {
        body: {
          total: 2,
          statements: [
            statementEntry({ _id: 'd', statementType: 'withdraw', from: 'WALLET', to: 'ADJUSTMENT', amount: 20 }),
            statementEntry({ _id: 'c', statementType: 'deposit', from: 'ADJUSTMENT', to: 'WALLET', amount: 120.5 }),
          ],
        },
      },
    });
    renderScreen(<StatementScreen />);
    await screen.findAllByText('Balance correction by staff');
    expect(rows().map((row) => row.querySelector('.statement-activity')?.textContent)).toEqual([
      'Balance correction by staff',
      'Balance correction by staff',
    ]);
    expect(texts('statement-amount')).toEqual(['-20.00', '+120.50']);
  });

  it('lays a row out as two lines: activity and amount, then status and time (issue 18)', async () => {
    setup({
      body: {
        total: 1,
        statements: [
          statementEntry({
            _id: '5',
            statementType: 'bonus',
            from: null,
            to: 'WALLET',
            amount: 50,
            bonus: { description: 'Welcome bonus 10%' },
          }),
        ],
      },
    });
    await waitFor(() => expect(rows()).toHaveLength(1));
    const row = rows()[0]!;
    const lines = [...row.children].filter((child) => child.tagName === 'P');
    expect(lines.map((line) => line.className)).toEqual(['statement-what', 'statement-when']);
    // The bonus description shares the first line; the status shares the second.
    expect(lines[0]?.textContent).toBe('Bonus: Wallet · Welcome bonus 10%');
    expect(lines[1]?.querySelector('.status-badge')?.textContent).toBe('Success');
    expect(lines[1]?.querySelector('.relative-time')).toBeTruthy();
  });

  it('names a bonus or promotion line by its name in the player language, not by its code', async () => {
    const { calls } = setup({
      body: {
        total: 2,
        statements: [
          statementEntry({
            _id: '6',
            statementType: 'bonus',
            from: null,
            to: 'WALLET',
            amount: 10,
            bonus: { description: 'DAILY10', name: 'Daily bonus 10%' },
          }),
          statementEntry({
            _id: '7',
            statementType: 'bonus',
            from: null,
            to: 'WALLET',
            amount: 50,
            promotion: { description: 'WELCOME50', name: 'Get 50 baht free' },
          }),
        ],
      },
    });
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows().map((row) => row.querySelector('.statement-what')?.textContent)).toEqual([
      'Bonus: Wallet · Daily bonus 10%',
      'Bonus: Wallet · Get 50 baht free',
    ]);
    expect(calls.find((call) => call.path === '/api/statement')?.search).toBe('?lang=en');
  });

  it('names invite and refund bonuses by their kind, translated', async () => {
    setup({
      body: {
        total: 2,
        statements: [
          statementEntry({
            _id: '8',
            statementType: 'bonus',
            from: null,
            to: 'WALLET',
            amount: 25,
            invite: { description: 'INVITE' },
          }),
          statementEntry({
            _id: '9',
            statementType: 'bonus',
            from: null,
            to: 'WALLET',
            amount: 35,
            refund: { description: 'REFUND' },
          }),
        ],
      },
    });
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows().map((row) => row.querySelector('.statement-what')?.textContent)).toEqual([
      'Bonus: Wallet · Invite bonus',
      'Bonus: Wallet · Refund bonus',
    ]);
  });

  it('shows the reason an operator gave for refusing a withdrawal, on a line of its own', async () => {
    setup({
      body: {
        total: 1,
        statements: [
          statementEntry({
            _id: '6',
            statementType: 'withdraw',
            from: 'WALLET',
            to: 'KBANK',
            amount: 400,
            status: 'FAILED',
            reason: 'Please call support first',
          }),
        ],
      },
    });
    expect((await screen.findByTestId('statement-reason')).textContent).toBe('Reason: Please call support first');
  });

  it('shows an empty state when there is nothing yet', async () => {
    setup({ body: { total: 0, statements: [] } });
    expect(await screen.findByText('No transactions yet')).toBeTruthy();
    expect(screen.queryByTestId('statement-row')).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
  });
});
