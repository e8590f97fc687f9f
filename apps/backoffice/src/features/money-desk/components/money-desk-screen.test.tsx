import { screen, waitFor, within } from '@testing-library/react';
import type { MoneyQueueCounts, MoneyQueueItem, MoneyQueuePage } from '@wallet/contract/backoffice/money-desk';
import { mockApi } from '@wallet/web-kit/testing/mock-api';
import { describe, expect, it } from 'vitest';
import { stubDownloads } from '@/test/download';
import { me, renderApp, signedIn } from '@/test/render';

const counts: MoneyQueueCounts = {
  transfers: 1,
  manualDeposits: 0,
  slips: 2,
  withdrawals: 1,
  awaitingSecondApproval: 1,
};

function item(overrides: Partial<MoneyQueueItem> & Pick<MoneyQueueItem, 'id' | 'queue'>): MoneyQueueItem {
  return {
    amount: 500,
    currency: 'THB',
    createdAt: '2026-03-01T08:00:00.000Z',
    ageSeconds: 3_900,
    player: null,
    fromBankCode: 'SCB',
    fromAccountNo: '5550001112',
    reference: 'REF123456',
    reason: 'NO_PLAYER',
    stage: null,
    firstApprovedBy: null,
    needsTwoApprovals: false,
    firstApproval: null,
    claim: null,
    ...overrides,
  };
}

const page = (items: MoneyQueueItem[]): MoneyQueuePage => ({
  items,
  total: items.length,
  totalCapped: false,
  page: 1,
  limit: 20,
});

describe('Money desk', () => {
  it('downloads the open queue as CSV, searched and sorted as on screen, every page', async () => {
    signedIn();
    const { click, saved } = stubDownloads();
    const calls = mockApi({
      'GET /api/backoffice/me': { body: me('finance') },
      'GET /api/backoffice/money/counts': { body: counts },
      'GET /api/backoffice/money/withdrawals': { body: page([item({ id: 'wd-1', queue: 'withdrawals' })]) },
      'GET /api/backoffice/money/withdrawals.csv': { body: undefined },
    });
    const { user } = renderApp('/money-desk?queue=withdrawals');
    await screen.findByTestId('item-wd-1', {}, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Amount' }));
    await user.type(screen.getByRole('textbox', { name: /Search/ }), '0812');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(calls.some((c) => c.search.includes('q=0812'))).toBe(true));
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const csv = calls.find((call) => call.path === '/api/backoffice/money/withdrawals.csv');
    expect(Object.fromEntries(new URLSearchParams(csv?.search))).toEqual({ sort: 'amount', order: 'asc', q: '0812' });
    expect(saved()[0]).toMatch(/^withdrawals-\d{4}-\d{2}-\d{2}\.csv$/);
  });

  it('offers the export only to a role that may read the queue: support sees slips and their CSV', async () => {
    signedIn();
    mockApi({
      'GET /api/backoffice/me': { body: me('support') },
      'GET /api/backoffice/money/counts': { body: counts },
      'GET /api/backoffice/money/slips': { body: page([item({ id: 'sl-1', queue: 'slips' })]) },
    });
    renderApp('/money-desk?queue=transfers');
    await screen.findByTestId('item-sl-1', {}, { timeout: 5000 });
    expect(screen.queryByTestId('tab-transfers')).toBeNull();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeTruthy();
  });

  it('shows the queues with their sizes and each item’s age, and credits a transfer to a player found by phone', async () => {
    signedIn();
    const transfer = item({ id: 'tr-1', queue: 'transfers' });
    const calls = mockApi({
      'GET /api/backoffice/me': { body: me('finance') },
      'GET /api/backoffice/money/counts': { body: counts },
      'GET /api/backoffice/money/transfers': {
        body: page([transfer, item({ id: 'tr-new', queue: 'transfers', ageSeconds: 20 })]),
      },
      'GET /api/backoffice/money/players': {
        body: {
          items: [
            { id: 'u-1', username: '0812345678', name: 'Somchai', bankCode: 'KBANK', bankAccountNo: '1234567890' },
          ],
        },
      },
      'POST /api/backoffice/money/transfers/tr-1/credit': { body: { id: 'tr-1', outcome: 'CREDITED' } },
    });
    const { user } = renderApp('/money-desk');
    // The first render loads the screen's lazy chunk.
    const row = await screen.findByTestId('item-tr-1', {}, { timeout: 5000 });
    expect(within(row).getByText('1 h 5 min')).toBeTruthy();
    // Arrived seconds ago: not "0 min".
    expect(within(screen.getByTestId('item-tr-new')).getByText('less than a minute')).toBeTruthy();
    expect(within(row).getByText('No player has this account')).toBeTruthy();
    expect((await screen.findByTestId('count-slips')).textContent).toBe('2');
    expect((await screen.findByTestId('nav-money-count')).textContent).toBe('4');

    await user.click(within(row).getByRole('button', { name: 'Open' }));
    await user.click(await screen.findByRole('button', { name: 'Credit to a player' }));
    // Without a player picked, nothing is sent.
    await user.click(
      within(screen.getByRole('form', { name: 'Credit to a player' })).getByRole('button', {
        name: 'Credit to a player',
      }),
    );
    expect(await screen.findByText('Choose the player to credit.')).toBeTruthy();
    await user.type(screen.getByLabelText('Find the player'), '0812');
    await user.click(await screen.findByTestId('pick-0812345678'));
    await user.click(
      within(screen.getByRole('form', { name: 'Credit to a player' })).getByRole('button', {
        name: 'Credit to a player',
      }),
    );
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')).toMatchObject({
        path: '/api/backoffice/money/transfers/tr-1/credit',
        body: { userId: 'u-1' },
      }),
    );
    expect(await screen.findByText('Credited to the player\u2019s wallet.'.replace('\u2019', "'"))).toBeTruthy();
  });

  it('shows who holds a claim and the four-eyes state, and lets the first approver not approve again', async () => {
    signedIn();
    const held = item({
      id: 'wd-1',
      queue: 'withdrawals',
      stage: 'awaiting-second-approval',
      needsTwoApprovals: true,
      firstApprovedBy: 'nok',
      reason: null,
      claim: { operatorId: 'op-9', operatorUsername: 'nok', expiresAt: '2026-03-01T09:00:00.000Z', mine: false },
    });
    mockApi({
      'GET /api/backoffice/me': { body: me('finance') },
      'GET /api/backoffice/money/counts': { body: counts },
      'GET /api/backoffice/money/transfers': { body: page([]) },
      'GET /api/backoffice/money/withdrawals': { body: page([held]) },
    });
    const { user } = renderApp('/money-desk');
    await user.click(await screen.findByTestId('tab-withdrawals'));
    const row = await screen.findByTestId('item-wd-1');
    expect(within(row).getByText('Awaiting second approval')).toBeTruthy();
    expect(within(row).getByText('nok')).toBeTruthy();
    expect(await screen.findByTestId('second-approval-note')).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: 'Open' }));
    expect((await screen.findByTestId('claim-state')).textContent).toBe('nok is working on it');
    expect((screen.getByRole('button', { name: 'Give second approval' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Work on this' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('rejects a slip with a reason code the player will see, and shows the slip image', async () => {
    signedIn();
    const slip = item({
      id: 'sl-1',
      queue: 'slips',
      reason: 'AMBIGUOUS_SENDER',
      player: { id: 'u-1', username: '0812345678', name: 'Somchai', bankCode: 'KBANK', bankAccountNo: '1234567890' },
    });
    const calls = mockApi({
      'GET /api/backoffice/me': { body: me('support') },
      'GET /api/backoffice/money/counts': { body: counts },
      'GET /api/backoffice/money/slips': { body: page([slip]) },
      'GET /api/backoffice/money/slips/sl-1': {
        body: {
          item: slip,
          imageUrl: '/api/slips/image/sl-1?exp=1&sig=x',
          verifier: {
            holdReason: 'AMBIGUOUS_SENDER',
            sendingBank: '004',
            senderBankCode: 'KBANK',
            senderAccountNo: 'xxxxx6823x',
            senderName: null,
            transferredAt: null,
          },
          candidates: [],
        },
      },
      'POST /api/backoffice/money/slips/sl-1/reject': { body: { id: 'sl-1', outcome: 'REJECTED' } },
    });
    const { user } = renderApp('/money-desk');
    // Support reads slips only: no other queue's tab.
    expect(await screen.findByTestId('tab-slips')).toBeTruthy();
    expect(screen.queryByTestId('tab-transfers')).toBeNull();
    await user.click(within(await screen.findByTestId('item-sl-1')).getByRole('button', { name: 'Open' }));
    expect((await screen.findByTestId('slip-image')).getAttribute('src')).toBe('/api/slips/image/sl-1?exp=1&sig=x');
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    await user.selectOptions(screen.getByLabelText('Reason the player sees'), 'NOT_MATCH');
    await user.click(within(screen.getByRole('form', { name: 'Reject' })).getByRole('button', { name: 'Reject' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')).toMatchObject({
        path: '/api/backoffice/money/slips/sl-1/reject',
        body: { note: 'NOT_MATCH' },
      }),
    );
  });

  it('credits a look-alike slip only to a player picked from those whose account fits, with a reason', async () => {
    signedIn();
    const uploader = {
      id: 'u-2',
      username: '0899999999',
      name: 'Mana',
      bankCode: 'KBANK',
      bankAccountNo: '3926568237',
    };
    const sender = {
      id: 'u-1',
      username: '0812345678',
      name: 'Somchai',
      bankCode: 'KBANK',
      bankAccountNo: '7089968239',
    };
    const slip = item({ id: 'sl-2', queue: 'slips', reason: 'AMBIGUOUS_SENDER', player: uploader });
    const calls = mockApi({
      'GET /api/backoffice/me': { body: me('finance') },
      'GET /api/backoffice/money/counts': { body: counts },
      'GET /api/backoffice/money/transfers': { body: page([]) },
      'GET /api/backoffice/money/slips': { body: page([slip]) },
      'GET /api/backoffice/money/slips/sl-2': {
        body: {
          item: slip,
          imageUrl: '/api/slips/image/sl-2?exp=1&sig=x',
          verifier: {
            holdReason: 'AMBIGUOUS_SENDER',
            sendingBank: '004',
            senderBankCode: 'KBANK',
            senderAccountNo: 'xxxxx6823x',
            senderName: 'สมชาย ใ.',
            transferredAt: null,
          },
          candidates: [
            { ...sender, bankAccountName: 'สมชาย ใจดี', nameFits: true },
            { ...uploader, bankAccountName: 'มานะ ขยันยิ่ง', nameFits: false },
          ],
        },
      },
      'POST /api/backoffice/money/slips/sl-2/approve': { body: { id: 'sl-2', outcome: 'CREDITED' } },
    });
    const { user } = renderApp('/money-desk?queue=slips');
    await user.click(within(await screen.findByTestId('item-sl-2')).getByRole('button', { name: 'Open' }));
    expect((await screen.findByTestId('sender-name')).textContent).toBe('สมชาย ใ.');
    await user.click(screen.getByRole('button', { name: 'Approve and credit' }));
    const candidates = await screen.findByTestId('slip-candidates');
    expect(within(candidates).getByText('Name does not fit the sender')).toBeTruthy();
    expect(within(candidates).getByText('Uploaded the slip')).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Approve and credit' });
    // Nobody picked, or no reason: nothing is sent.
    await user.click(within(form).getByRole('button', { name: 'Approve and credit' }));
    expect(await screen.findByText('Choose the player the money came from.')).toBeTruthy();
    await user.click(screen.getByTestId('candidate-0812345678'));
    await user.click(within(form).getByRole('button', { name: 'Approve and credit' }));
    expect(await screen.findByText('Write the reason.')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await user.type(within(form).getByLabelText(/Reason/), 'sender phoned');
    await user.click(within(form).getByRole('button', { name: 'Approve and credit' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')).toMatchObject({
        path: '/api/backoffice/money/slips/sl-2/approve',
        body: { username: '0812345678', reason: 'sender phoned' },
      }),
    );
  });
});
