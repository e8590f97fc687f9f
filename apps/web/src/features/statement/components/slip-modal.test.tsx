import { screen, waitFor, within } from '@testing-library/react';
import type { Slip } from '@wallet/contract/statement';
import { type Handler, mockApi, type Reply } from '@wallet/web-kit/testing/mock-api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/i18n/i18n';
import { stubPopup } from '@/test/popup';
import { renderScreen } from '@/test/render';
import { walletResponse } from '@/test/wallet-fixtures';
import { StatementScreen } from './statement-screen';

afterEach(() => vi.unstubAllGlobals());

function slip(overrides: Partial<Slip> & Pick<Slip, 'reference'>): Slip {
  return {
    createdAt: '2026-05-31T23:59:30.000Z',
    amount: 500,
    status: 'processing',
    note: null,
    link: `/api/statement/slip/reference/${overrides.reference}`,
    ...overrides,
  };
}

const firstPage: Slip[] = [
  slip({ reference: 'REF1', status: 'success', amount: 1500.5 }),
  slip({ reference: 'REF2', status: 'failed', note: 'DEST_ACC_INVALID', amount: 200 }),
  slip({ reference: 'REF3', status: 'processing' }),
  slip({ reference: 'REF4', status: 'failed', note: 'UNKNOW_ERROR' }),
];

async function openSlips(
  slips: Handler | Reply,
  extra: Record<string, Handler | Reply> = {},
  title = 'Uploaded slips',
) {
  const calls = mockApi({
    'GET /api/wallet': { body: walletResponse() },
    'POST /api/statement': { body: { total: 0, statements: [] } },
    'POST /api/statement/slip': slips,
    ...extra,
  });
  const view = renderScreen(<StatementScreen />);
  await view.user.click(screen.getByTestId('open-slips'));
  const dialog = screen.getByRole('dialog', { name: title });
  const slipCalls = () => calls.filter((call) => call.path === '/api/statement/slip').map((call) => call.body);
  return { ...view, calls, dialog, slipCalls };
}

const rows = (dialog: HTMLElement) => within(dialog).queryAllByTestId('slip-row');

describe('Slip modal', () => {
  it('lists the slips with date-time, amount, status and the reason in brackets', async () => {
    const { dialog, slipCalls } = await openSlips({ body: { total: 4, slips: firstPage } });
    await waitFor(() => expect(rows(dialog)).toHaveLength(4));
    expect(within(dialog).getByTestId('slip-modal')).toBeTruthy();
    expect(slipCalls()).toEqual([{ page: 1, limit: 10 }]);
    const [first] = rows(dialog);
    expect(within(first!).getByText('01/06/2026 06:59:30')).toBeTruthy();
    expect(within(first!).getByText('1,500.50')).toBeTruthy();
    expect(
      within(dialog)
        .getAllByTestId('slip-status')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Success',
      'Failed (Wrong destination account)',
      'In progress',
      'Failed (Unknown error, please contact admin)',
    ]);
    expect(
      within(dialog)
        .getAllByTestId('slip-status')
        .map((cell) => cell.dataset.status),
    ).toEqual(['success', 'failed', 'processing', 'failed']);
    expect(
      within(dialog)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Date and time', 'Amount', 'Status', 'Slip']);
    // One page only: no paginator.
    expect(within(dialog).queryByRole('navigation', { name: 'Pages' })).toBeNull();
  });

  it('keeps the status pill to its one word and puts the reason on its own line as plain text (issue 18, flow 11)', async () => {
    const { dialog } = await openSlips({ body: { total: 4, slips: firstPage } });
    await waitFor(() => expect(rows(dialog)).toHaveLength(4));
    const failed = within(dialog).getAllByTestId('slip-status')[1]!;
    const pill = failed.querySelector('.status-badge');
    expect(pill?.textContent).toBe('Failed');
    const reason = failed.querySelector('.slip-reason');
    expect(reason?.textContent).toBe('(Wrong destination account)');
    expect(pill?.contains(reason ?? null)).toBe(false);
    expect(reason?.classList.contains('status-badge')).toBe(false);
    // A status without a reason has no reason line.
    expect(within(dialog).getAllByTestId('slip-status')[0]!.querySelector('.slip-reason')).toBeNull();
  });

  it('translates status and reason in Lao', async () => {
    await setLanguage('lo');
    const { dialog } = await openSlips(
      { body: { total: 1, slips: [slip({ reference: 'R', status: 'failed', note: 'EXPIRED_SLIP' })] } },
      {},
      'ສະລິບທີ່ອັບໂຫຼດ',
    );
    expect((await within(dialog).findByTestId('slip-status')).textContent).toBe('ບໍ່ສຳເລັດ (ສະລິບໝົດອາຍຸ)');
  });

  it('pages 10 at a time', async () => {
    const { user, dialog, slipCalls } = await openSlips((body) => {
      const { page } = body as { page: number };
      return { body: { total: 25, slips: [slip({ reference: `P${page}`, amount: page })] } };
    });
    await waitFor(() => expect(rows(dialog)).toHaveLength(1));
    const pages = within(dialog).getByRole('navigation', { name: 'Pages' });
    expect(
      within(pages)
        .getAllByRole('button', { name: /^Page \d+$/ })
        .map((button) => button.textContent),
    ).toEqual(['1', '2']);
    await user.click(within(pages).getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(within(dialog).getByTestId('slip-view-P2')).toBeTruthy());
    await user.click(within(dialog).getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(within(dialog).getByTestId('slip-view-P3')).toBeTruthy());
    expect(slipCalls()).toEqual([1, 2, 3].map((page) => ({ page, limit: 10 })));
  });

  it('refresh asks again for the page on screen', async () => {
    let answer = [slip({ reference: 'A', status: 'processing' })];
    const { user, dialog, slipCalls } = await openSlips(() => ({ body: { total: 1, slips: answer } }));
    expect((await within(dialog).findByTestId('slip-status')).textContent).toBe('In progress');
    answer = [slip({ reference: 'A', status: 'success' })];
    await user.click(within(dialog).getByTestId('slips-refresh'));
    await waitFor(() => expect(within(dialog).getByTestId('slip-status').textContent).toBe('Success'));
    expect(slipCalls()).toEqual([
      { page: 1, limit: 10 },
      { page: 1, limit: 10 },
    ]);
  });

  it('shows an empty state when no slip was uploaded', async () => {
    const { dialog } = await openSlips({ body: { total: 0, slips: [] } });
    expect(await within(dialog).findByText('No slips uploaded yet')).toBeTruthy();
    expect(rows(dialog)).toHaveLength(0);
  });

  it('a failed load is silent, and refresh can still bring the list', async () => {
    let up = false;
    const { user, dialog, slipCalls } = await openSlips(() =>
      up
        ? { body: { total: 1, slips: firstPage.slice(0, 1) } }
        : { status: 500, body: { message: 'INTERNAL_SERVER_ERROR' } },
    );
    await waitFor(() => expect(slipCalls()).toHaveLength(1));
    await waitFor(() =>
      expect((within(dialog).getByTestId('slips-refresh') as HTMLButtonElement).disabled).toBe(false),
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(within(dialog).queryByText('No slips uploaded yet')).toBeNull();
    expect(rows(dialog)).toHaveLength(0);
    up = true;
    await user.click(within(dialog).getByTestId('slips-refresh'));
    await waitFor(() => expect(rows(dialog)).toHaveLength(1));
  });

  it('view opens a window at once, then sends it to the signed image address', async () => {
    const { popup, open } = stubPopup();
    let release: () => void = () => {};
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { user, dialog, calls } = await openSlips(
      { body: { total: 4, slips: firstPage } },
      {
        'GET /api/statement/slip/reference/REF2': async () => {
          await answered;
          return { body: { url: '/media/slips/REF2.png?expires=1&signature=abc' } };
        },
      },
    );
    await user.click(await within(dialog).findByTestId('slip-view-REF2'));
    // Opened in the click itself, before the address is known, so popup blockers allow it.
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(popup.location.href).toBe('');
    release();
    await waitFor(() => expect(popup.location.href).toBe('/media/slips/REF2.png?expires=1&signature=abc'));
    expect(popup.opener).toBeNull();
    expect(calls.some((call) => call.path === '/api/statement/slip/reference/REF2')).toBe(true);
  });

  it('view closes the window and shows the error when the address cannot be had', async () => {
    const { popup } = stubPopup();
    const { user, dialog } = await openSlips(
      { body: { total: 4, slips: firstPage } },
      { 'GET /api/statement/slip/reference/REF1': { status: 404, body: { message: 'NO_DATA' } } },
    );
    await user.click(await within(dialog).findByTestId('slip-view-REF1'));
    await waitFor(() => expect(popup.close).toHaveBeenCalled());
    const toast = await screen.findByRole('alert');
    expect(toast.classList.contains('toast-danger')).toBe(true);
    expect(popup.location.href).toBe('');
  });

  it('view opens the image in this window when the browser blocked the new one', async () => {
    const { assign } = stubPopup({ blocked: true });
    const { user, dialog } = await openSlips(
      { body: { total: 4, slips: firstPage } },
      { 'GET /api/statement/slip/reference/REF3': { body: { url: '/media/slips/REF3.png?sig=1' } } },
    );
    await user.click(await within(dialog).findByTestId('slip-view-REF3'));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/media/slips/REF3.png?sig=1'));
  });
});
