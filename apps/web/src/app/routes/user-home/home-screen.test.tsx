import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type Handler, mockApi, type Reply } from '@wallet/web-kit/testing/mock-api';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '@/test/render';
import { slots, walletResponse } from '@/test/wallet-fixtures';
import { HomeScreen } from './home-screen';

// The deposit dialog has its own tests (features/deposit); here only Home's wiring of it is under test.
vi.mock('@/features/deposit/components/deposit-dialog', () => ({
  DepositDialog: ({
    open,
    onClose,
    footer,
    paused,
  }: {
    open: boolean;
    onClose: () => void;
    footer?: ReactNode;
    paused?: { reason: string; until: string | null } | null;
  }) =>
    open ? (
      <div data-testid="deposit-dialog-stand-in" data-paused={paused ? `${paused.reason} ${paused.until}` : ''}>
        <button type="button" data-testid="deposit-stand-in-close" onClick={onClose} />
        {footer}
      </div>
    ) : null,
}));

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const UPDATED_AT = '2026-03-01T20:15:09.000Z';

function walletApi(extra: Record<string, Handler | Reply> = {}) {
  return mockApi({
    'GET /api/wallet/refresh/slot': { body: { slots, updatedAt: UPDATED_AT } },
    'GET /api/wallet': { body: walletResponse() },
    'GET /api/lookup/agreements': { body: { agreements: ['<p>Play fair and have fun.</p>'] } },
    ...extra,
  });
}

const remember = () => localStorage.setItem('remember-agreement', 'true');

describe('HomeScreen', () => {
  it('shows the total of the wallet plus every game account, the wallet, coins and the last update', async () => {
    remember();
    walletApi();
    renderScreen(<HomeScreen />);
    // 1000 + 250.50 + 100.25 + 0 + 0.25
    expect((await screen.findByTestId('home-total')).textContent).toBe('1,351.00');
    expect(screen.getByTestId('wallet-amount').textContent).toBe('1,000.00');
    expect(screen.getByTestId('home-coin').textContent).toBe('1,234');
    expect(screen.getByText('Welcome, Somchai Jaidee')).toBeTruthy();
    expect(screen.getByTestId('last-update').textContent).toBe('02/03/2026 03:15:09');
    expect(localStorage.getItem('last_sync')).toBe(UPDATED_AT);
    expect(screen.getByTestId('invite-amount').textContent).toBe('50.00');
  });

  it('refreshes every game account first and only then loads the wallet, on open and from the refresh button', async () => {
    remember();
    let releaseRefresh: () => void = () => {};
    const refreshed = new Promise<void>((resolve) => {
      releaseRefresh = resolve;
    });
    const calls = walletApi({
      'GET /api/wallet/refresh/slot': async () => {
        await refreshed;
        return { body: { slots, updatedAt: UPDATED_AT } };
      },
    });
    // The operator's notice and banners load beside the wallet, and the bonus check follows the first
    // refresh; only the wallet's order is under test here.
    const walletCalls = () => calls.filter((call) => call.path.startsWith('/api/wallet'));
    const { user } = renderScreen(<HomeScreen />);
    await waitFor(() => expect(walletCalls()).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    // The wallet waits for the providers' balances.
    expect(walletCalls().map((call) => `${call.method} ${call.path}`)).toEqual(['GET /api/wallet/refresh/slot']);
    releaseRefresh();
    await screen.findByTestId('home-total');
    expect(walletCalls().map((call) => `${call.method} ${call.path}`)).toEqual([
      'GET /api/wallet/refresh/slot',
      'GET /api/wallet',
    ]);

    await user.click(screen.getByTestId('refresh-balance'));
    await waitFor(() => expect(walletCalls()).toHaveLength(4));
    expect(
      walletCalls()
        .slice(2)
        .map((call) => call.path),
    ).toEqual(['/api/wallet/refresh/slot', '/api/wallet']);
  });

  it("shows the balance card's outline, busy, while the wallet loads on a slow network, not a blank screen", async () => {
    remember();
    let release: () => void = () => {};
    const slow = new Promise<void>((resolve) => {
      release = resolve;
    });
    walletApi({
      'GET /api/wallet': async () => {
        await slow;
        return { body: walletResponse() };
      },
    });
    renderScreen(<HomeScreen />);
    const skeleton = await screen.findByTestId('balance-skeleton');
    expect(skeleton.getAttribute('aria-busy')).toBe('true');
    // Named for screen readers: the wallet is on its way.
    expect(screen.getByRole('region', { name: 'Loading your balance' })).toBe(skeleton);
    release();
    await screen.findByTestId('home-total');
    expect(screen.queryByTestId('balance-skeleton')).toBeNull();
  });

  it('still loads the wallet when the providers cannot be refreshed', async () => {
    remember();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    walletApi({ 'GET /api/wallet/refresh/slot': { status: 500, body: { message: 'INTERNAL_SERVER_ERROR' } } });
    renderScreen(<HomeScreen />);
    expect((await screen.findByTestId('home-total')).textContent).toBe('1,351.00');
    expect(screen.getByTestId('last-update').textContent).toBe('not yet');
  });

  it('lists slot, sport-and-casino and lotto cards; active ones show amounts, inactive ones offer to open', async () => {
    remember();
    walletApi();
    renderScreen(<HomeScreen />);
    const pg = await screen.findByTestId('game-card-pg');
    expect(pg.dataset.active).toBe('true');
    expect(screen.getByTestId('game-card-amount-pg').textContent).toBe('250.50');
    // Provider name with amount × ftWalletSlot (10).
    expect(within(pg).getByText('Pocket Gems').parentElement?.textContent).toBe('Pocket Gems 2,505.00');
    expect(within(pg).getByText('View data')).toBeTruthy();

    // One list per idle moment: sport and lotto follow the slots.
    const sbo = await screen.findByTestId('game-card-sbo');
    expect(sbo.dataset.active).toBe('false');
    expect(within(sbo).getByText('Open account')).toBeTruthy();
    expect(screen.queryByTestId('game-card-amount-sbo')).toBeNull();

    const lotto = await screen.findByRole('region', { name: 'Lotto' });
    const sections = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(sections).toEqual(['Slots', 'Sport & casino', 'Lotto']);
    expect(within(lotto).getByTestId('game-card-huay')).toBeTruthy();
    expect(pg.querySelector('img')?.getAttribute('src')).toBe('/media/games/pg/background.svg');
  });

  it('opens the game-account dialog from a card and the transfer dialog from the header', async () => {
    remember();
    walletApi({ 'GET /api/wallet/activate/sbo': { body: { ...slots[2], isActive: true } } });
    const { user } = renderScreen(<HomeScreen />);
    await user.click(within(await screen.findByTestId('game-card-sbo')).getByRole('button'));
    expect(screen.getByRole('dialog', { name: 'SBO Sport' })).toBeTruthy();
    expect(screen.getByTestId('open-account')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Close' }));

    await user.click(screen.getByTestId('open-transfer'));
    const dialog = screen.getByRole('dialog', { name: 'Transfer money' });
    expect((within(dialog).getByRole('combobox', { name: 'To' }) as HTMLSelectElement).value).toBe('');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));

    await user.click(screen.getByTestId('game-card-transfer-pg'));
    const preset = screen.getByRole('dialog', { name: 'Transfer money' });
    expect((within(preset).getByRole('combobox', { name: 'From' }) as HTMLSelectElement).value).toBe('WALLET');
    expect((within(preset).getByRole('combobox', { name: 'To' }) as HTMLSelectElement).value).toBe('pg');
  });

  it("the invite widget opens the invite dialog with the player's link; refund opens the refund dialog", async () => {
    remember();
    walletApi({
      'GET /api/invite/banners': { body: [] },
      'POST /api/invite': { body: { total: 0, invites: [] } },
      'GET /api/refund/banners': { body: [] },
      'GET /api/refund/check': {
        body: { result: true, bonus: true, info: '', refundAmount: 35, refundSuccess: 150, refundFail: 10 },
      },
      'POST /api/refund': { body: { total: 0, refunds: [] } },
    });
    const { user } = renderScreen(<HomeScreen />);
    await user.click(await screen.findByTestId('widget-invite'));
    const invite = await screen.findByRole('dialog', { name: 'Invite friends' });
    expect(within(invite).getByTestId('invite-code').textContent).toBe('PR6650f1c2a1b2c3d4e5f60718');
    await user.click(within(invite).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog', { name: 'Invite friends' })).toBeNull();

    await user.click(screen.getByTestId('widget-refund'));
    const refund = await screen.findByRole('dialog', { name: 'Refund' });
    expect((await within(refund).findByTestId('refund-amount')).textContent).toBe('35.00');
    expect((within(refund).getByTestId('refund-claim') as HTMLButtonElement).disabled).toBe(true);
  });

  it('the invite receive button asks to confirm with the bonus terms, then receives and reloads the wallet', async () => {
    remember();
    let claimed = false;
    const calls = walletApi({
      'GET /api/wallet': () => ({
        body: walletResponse(claimed ? { wallet: { amount: 1050 }, invite: { amount: 0, success: 80, fail: 20 } } : {}),
      }),
      'GET /api/invite/bonus': () => {
        claimed = true;
        return { body: { amount: 0, success: 80, fail: 20, message: 'INVITE_BONUS_SUCCESS' } };
      },
    });
    const { user } = renderScreen(<HomeScreen />);
    await user.click(await screen.findByTestId('invite-receive'));
    const dialog = await screen.findByRole('dialog', { name: 'Receive invite bonus' });
    expect(within(dialog).getByTestId('invite-claim-amount').textContent).toBe('50.00');
    expect(within(dialog).getByTestId('invite-fail-rule').textContent).toContain('20%');
    expect(within(dialog).getByTestId('invite-success-rule').textContent).toContain('80%');
    await user.click(within(dialog).getByTestId('invite-claim'));
    await waitFor(() => expect(screen.getByTestId('wallet-amount').textContent).toBe('1,050.00'));
    expect(screen.getByTestId('invite-amount').textContent).toBe('0.00');
    expect((screen.getByTestId('invite-receive') as HTMLButtonElement).disabled).toBe(true);
    expect(calls.some((call) => call.path === '/api/invite/bonus' && call.search === '?claim=true')).toBe(true);
  });

  it('the bonus-conditions widget leads to the Bonus screen and names the running bonus', async () => {
    remember();
    walletApi({
      'GET /api/bonus/check/active': {
        body: { status: true, type: 'bonus', code: 'WELCOME100', name: 'Welcome bonus 100%' },
      },
    });
    renderScreen(<HomeScreen />);
    await screen.findByTestId('home-total');
    const widget = screen.getByTestId('widget-bonus');
    expect(widget.getAttribute('href')).toBe('/user/bonus');
    await waitFor(() => expect(widget.textContent).toContain('Active: Welcome bonus 100%'));
  });

  it.each([
    ['invite', 'INVITE', 'Active: Invite bonus'],
    ['refund', 'REFUND', 'Active: Refund bonus'],
  ])('names a running %s bonus by its kind, translated, not by its code', async (type, code, shown) => {
    remember();
    walletApi({ 'GET /api/bonus/check/active': { body: { status: true, type, code, name: code } } });
    renderScreen(<HomeScreen />);
    await screen.findByTestId('home-total');
    const widget = screen.getByTestId('widget-bonus');
    await waitFor(() => expect(widget.textContent).toContain(shown));
    expect(widget.textContent).not.toContain(code);
  });

  it('shows the spin widget with the coin count while a wheel is active, in place of refresh-all', async () => {
    remember();
    const calls = walletApi({ 'GET /api/spinwheel/active': { body: { active: true } } });
    renderScreen(<HomeScreen />);
    await screen.findByTestId('home-total');
    const widget = await screen.findByTestId('widget-spin');
    expect(widget.getAttribute('href')).toBe('/user/spin');
    expect(widget.textContent).toBe('Spin wheel1,234 coins');
    expect(screen.queryByTestId('refresh-all')).toBeNull();
    expect(calls.some((call) => call.path === '/api/spinwheel/active')).toBe(true);
  });

  it.each([
    ['no wheel is active', { body: { active: false } }],
    ['the active check fails', { status: 500, body: { message: 'INTERNAL_SERVER_ERROR' } }],
  ])('shows refresh-all when %s', async (_, reply) => {
    remember();
    const calls = walletApi({ 'GET /api/spinwheel/active': reply });
    renderScreen(<HomeScreen />);
    await screen.findByTestId('home-total');
    await waitFor(() => expect(calls.some((call) => call.path === '/api/spinwheel/active')).toBe(true));
    expect(screen.getByTestId('refresh-all')).toBeTruthy();
    expect(screen.queryByTestId('widget-spin')).toBeNull();
  });

  it('the deposit widget opens the deposit dialog and closing it returns to Home', async () => {
    remember();
    walletApi();
    const { user } = renderScreen(<HomeScreen />);
    await user.click(await screen.findByTestId('widget-deposit'));
    // The money dialogs load when opened (a lazy chunk), so they appear a moment after the tap.
    const dialog = await screen.findByTestId('deposit-dialog-stand-in');
    await user.click(within(dialog).getByTestId('deposit-stand-in-close'));
    expect(screen.queryByTestId('deposit-dialog-stand-in')).toBeNull();
  });

  it('puts the play-with-balance form under the deposit methods (SPEC §2: the window that transfers first)', async () => {
    remember();
    walletApi();
    const { user } = renderScreen(<HomeScreen />);
    await user.click(await screen.findByTestId('widget-deposit'));
    // The money dialogs load when opened (a lazy chunk), so they appear a moment after the tap.
    const dialog = await screen.findByTestId('deposit-dialog-stand-in');
    expect(await within(dialog).findByTestId('deposit-play')).toBeTruthy();
    expect(within(dialog).getByTestId('deposit-play-game')).toBeTruthy();
  });

  it('the withdraw widget opens the withdraw dialog with the wallet balance and the limits', async () => {
    remember();
    walletApi({ 'GET /api/lookup/withdraw': { body: { withdrawMin: 100, withdrawMax: 50_000 } } });
    const { user } = renderScreen(<HomeScreen />);
    await user.click(await screen.findByTestId('widget-withdraw'));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw' });
    expect(within(dialog).getByTestId('withdraw-dialog')).toBeTruthy();
    expect((await within(dialog).findByTestId('withdraw-balance')).textContent).toBe('1,000.00');
    expect(within(dialog).getByTestId('withdraw-min').textContent).toBe('100.00');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog', { name: 'Withdraw' })).toBeNull();
  });

  it('opens the agreement after 1.5 s when it was never accepted, and accepting remembers it', async () => {
    vi.useFakeTimers();
    walletApi();
    renderScreen(<HomeScreen />);
    await act(() => vi.advanceTimersByTimeAsync(1_499));
    expect(screen.queryByRole('dialog', { name: 'Terms of use' })).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    const dialog = screen.getByRole('dialog', { name: 'Terms of use' });
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(dialog.querySelector('.safe-html')).toBeTruthy();
    fireEvent.click(within(dialog).getByTestId('agreement-accept'));
    expect(localStorage.getItem('remember-agreement')).toBe('true');
    expect(screen.queryByRole('dialog', { name: 'Terms of use' })).toBeNull();
  });

  it('does not open the agreement when it was accepted before', async () => {
    vi.useFakeTimers();
    remember();
    const calls = walletApi();
    renderScreen(<HomeScreen />);
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(screen.queryByRole('dialog', { name: 'Terms of use' })).toBeNull();
    expect(calls.some((call) => call.path === '/api/lookup/agreements')).toBe(false);
  });
});

describe('HomeScreen and player protection (issue 20)', () => {
  const open = {
    state: 'open',
    limits: {
      day: { amount: null, used: 0, remaining: null, pending: null },
      week: { amount: null, used: 0, remaining: null, pending: null },
      month: { amount: null, used: 0, remaining: null, pending: null },
    },
    timeout: null,
    exclusion: null,
    restrictedUntil: null,
    depositPause: null,
    realityCheckMinutes: 0,
    heldDeposits: [],
  };
  const noBanners = { body: { slides: [], banners: [] } };

  it('while self-excluded, says why play is paused and never asks for the marketing banners', async () => {
    remember();
    const calls = walletApi({
      'GET /api/account/protection': {
        body: { protection: { ...open, state: 'excluded', restrictedUntil: '2026-09-01T03:00:00.000Z' } },
      },
      'GET /api/lookup/banners': noBanners,
    });
    renderScreen(<HomeScreen />);
    const status = await screen.findByTestId('protection-status');
    expect(status.textContent).toContain('You are self-excluded');
    expect(status.textContent).toContain('Until 01/09/2026 10:00:00');
    expect(within(status).getByRole('link', { name: 'Open Play safe' }).getAttribute('href')).toBe('/user/play-safe');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.some((call) => call.path === '/api/lookup/banners')).toBe(false);
  });

  it('hands the deposit dialog why deposits are paused and until when, and no play form then', async () => {
    remember();
    const until = '2026-03-08T07:00:00.000Z';
    walletApi({
      'GET /api/account/protection': {
        body: {
          protection: {
            ...open,
            state: 'timeout',
            restrictedUntil: until,
            depositPause: { reason: 'timeout', period: null, until },
          },
        },
      },
      'GET /api/lookup/banners': noBanners,
    });
    const { user } = renderScreen(<HomeScreen />);
    await screen.findByTestId('protection-status');
    await user.click(await screen.findByTestId('widget-deposit'));
    const dialog = await screen.findByTestId('deposit-dialog-stand-in');
    expect(dialog.getAttribute('data-paused')).toBe(`timeout ${until}`);
    expect(within(dialog).queryByTestId('deposit-play')).toBeNull();
  });

  it('when play is open, shows the banners and no pause notice', async () => {
    remember();
    const calls = walletApi({
      'GET /api/account/protection': { body: { protection: open } },
      'GET /api/lookup/banners': noBanners,
    });
    renderScreen(<HomeScreen />);
    await waitFor(() => expect(calls.some((call) => call.path === '/api/lookup/banners')).toBe(true));
    expect(screen.queryByTestId('protection-status')).toBeNull();
  });

  it('after registration, invites a player without limits to set one, until "not now"', async () => {
    remember();
    localStorage.setItem('limit-invite', 'due');
    walletApi({ 'GET /api/account/protection': { body: { protection: open } }, 'GET /api/lookup/banners': noBanners });
    const { user, unmount } = renderScreen(<HomeScreen />);
    const invite = await screen.findByTestId('limit-invite');
    expect(within(invite).getByRole('link', { name: 'Set a limit' }).getAttribute('href')).toBe('/user/play-safe');
    await user.click(within(invite).getByRole('button', { name: 'Not now' }));
    expect(screen.queryByTestId('limit-invite')).toBeNull();
    expect(localStorage.getItem('limit-invite')).toBe('dismissed');
    unmount();
    renderScreen(<HomeScreen />);
    await screen.findByTestId('home-total');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('limit-invite')).toBeNull();
  });

  it('tells an open player about a transfer held by a limit, and still shows the banners', async () => {
    remember();
    const calls = walletApi({
      'GET /api/account/protection': {
        body: { protection: { ...open, heldDeposits: [{ amount: 250, at: UPDATED_AT, reason: 'DEPOSIT_LIMIT' }] } },
      },
      'GET /api/lookup/banners': noBanners,
    });
    renderScreen(<HomeScreen />);
    expect((await screen.findByTestId('held-deposits')).textContent).toContain('250.00 baht');
    expect(screen.queryByTestId('protection-status')).toBeNull();
    await waitFor(() => expect(calls.some((call) => call.path === '/api/lookup/banners')).toBe(true));
  });
});
