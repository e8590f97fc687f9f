import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { type ApiCall, mockApi } from '@wallet/web-kit/testing/mock-api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lookupResponse, openTab, qrRecord, renderDeposit } from '@/features/deposit/testing/deposit-fixtures';
import { GameLauncherProvider } from '@/features/game-account/components/game-launcher';
import { TransferDialog } from '@/features/game-account/components/transfer-dialog';
import { PlaySafeScreen } from '@/features/protection/components/play-safe-screen';
import { limitOf, protectionOf } from '@/features/protection/components/protection-fixtures';
import { WithdrawDialog } from '@/features/withdraw/components/withdraw-dialog';
import { renderScreen } from '@/test/render';
import { walletResponse } from '@/test/wallet-fixtures';

/*
 * Every amount box of the player app reads what Thai players type and paste: the comma groups thousands
 * (it is never a decimal point), a baht sign or word around the number, spaces, full-width and Thai digits.
 * Each box is checked end to end: the text goes in, the amount the dialog will send is shown formatted
 * beside its button, and the request carries exactly that amount.
 */

afterEach(() => vi.unstubAllGlobals());

const RICH = walletResponse({ wallet: { amount: 50_000 } });
const NEXT_HOUR = new Date(Date.now() + 3_600_000).toISOString();

/** What players type or paste, and the baht it means. */
const READINGS: [string, number][] = [
  ['1,000', 1000],
  ['1,000.50', 1000.5],
  ['1000.5', 1000.5],
  ['฿1,000', 1000],
  ['１，０００', 1000],
  ['１０００．５０', 1000.5],
  ['๑,๐๐๐', 1000],
  ['໑,໐໐໐', 1000],
  [' 1 000 บาท ', 1000],
  ['1,000 THB', 1000],
];

interface AmountBox {
  /** Renders the box and returns it once it can be typed into. */
  open: () => Promise<{ user: UserEvent; calls: ApiCall[]; input: HTMLInputElement }>;
  summary: string;
  /** Taps the box's button (and the confirmation, where there is one). */
  submit: (user: UserEvent) => Promise<void>;
  /** The amount the request carried. */
  sent: (calls: ApiCall[]) => unknown;
}

const bodyOf = (calls: ApiCall[], method: string, path: string) =>
  calls.find((call) => call.method === method && call.path === path)?.body as Record<string, unknown> | undefined;

const BOXES: Record<string, AmountBox> = {
  'QR deposit': {
    open: async () => {
      const view = renderDeposit({
        wallet: RICH,
        handlers: {
          'POST /api/qrcode/KBANK': (body) => ({
            body: qrRecord('KBANK', (body as { amount: number }).amount, NEXT_HOUR),
          }),
        },
      });
      await openTab(view.user, 'qr');
      await view.user.click(await screen.findByTestId('qr-pick-KBANK'));
      return { ...view, input: (await screen.findByTestId('qr-amount-KBANK')) as HTMLInputElement };
    },
    summary: 'qr-summary-KBANK',
    submit: async (user) => {
      await user.click(screen.getByTestId('qr-create-KBANK'));
      await screen.findByTestId('qr-image-KBANK');
    },
    sent: (calls) => bodyOf(calls, 'POST', '/api/qrcode/KBANK')?.amount,
  },
  'manual deposit notice': {
    open: async () => {
      const view = renderDeposit({
        wallet: RICH,
        lookup: lookupResponse({ isManual: true }),
        handlers: { 'POST /api/wallet/add': { body: { message: 'DEPOSIT_PENDING' } } },
      });
      await openTab(view.user, 'manual');
      return { ...view, input: screen.getByTestId('manual-amount') as HTMLInputElement };
    },
    summary: 'manual-summary',
    submit: async (user) => {
      await user.click(screen.getByTestId('manual-send'));
      await waitFor(() => expect((screen.getByTestId('manual-amount') as HTMLInputElement).value).toBe(''));
    },
    sent: (calls) => bodyOf(calls, 'POST', '/api/wallet/add')?.amount,
  },
  withdraw: {
    open: async () => {
      const calls = mockApi({
        'GET /api/wallet': { body: RICH },
        'GET /api/lookup/withdraw': { body: { withdrawMin: 100, withdrawMax: 50_000 } },
        'POST /api/wallet/withdraw': { body: { message: 'WITHDRAW_PENDING', wallet: { amount: 49_000 } } },
      });
      const view = renderScreen(<WithdrawDialog open onClose={() => {}} />);
      return { ...view, calls, input: (await screen.findByTestId('withdraw-amount')) as HTMLInputElement };
    },
    summary: 'withdraw-summary',
    submit: async (user) => {
      await user.click(screen.getByTestId('withdraw-submit'));
      await user.click(await screen.findByTestId('withdraw-confirm-submit'));
    },
    sent: (calls) => bodyOf(calls, 'POST', '/api/wallet/withdraw')?.amount,
  },
  'transfer to a game': {
    open: async () => {
      const calls = mockApi({
        'GET /api/wallet': { body: RICH },
        'POST /api/wallet/transfer': { body: { message: 'SUCCESS', wallet: { amount: 49_000 } } },
      });
      const view = renderScreen(
        <GameLauncherProvider>
          <TransferDialog open onClose={() => {}} presetTo="pg" />
        </GameLauncherProvider>,
      );
      const dialog = screen.getByRole('dialog');
      await waitFor(() => expect((dialog.querySelector('[name="to"]') as HTMLSelectElement).value).toBe('pg'));
      return { ...view, calls, input: dialog.querySelector('[name="amount"]') as HTMLInputElement };
    },
    summary: 'transfer-summary',
    submit: async (user) => {
      await user.click(screen.getByTestId('transfer-submit'));
    },
    sent: (calls) => bodyOf(calls, 'POST', '/api/wallet/transfer')?.amount,
  },
  'deposit limit': {
    open: async () => {
      const calls = mockApi({
        'GET /api/account/protection': { body: { protection: protectionOf() } },
        'PUT /api/account/protection/limits': { body: { protection: protectionOf() } },
      });
      const view = renderScreen(<PlaySafeScreen />);
      return { ...view, calls, input: (await screen.findByTestId('limit-day')) as HTMLInputElement };
    },
    summary: 'limits-summary',
    submit: async (user) => {
      await user.click(screen.getByTestId('limits-save'));
    },
    sent: (calls) => bodyOf(calls, 'PUT', '/api/account/protection/limits')?.day,
  },
};

const money = (amount: number) =>
  `${Math.trunc(amount).toLocaleString('en-US')}.${String(Math.round((amount % 1) * 100)).padStart(2, '0')}`;

describe.each(Object.entries(BOXES))('the %s amount box', (_name, box) => {
  it.each(READINGS)('reads "%s" typed as %d baht, shows it beside the button and sends it', async (text, amount) => {
    const { user, calls, input } = await box.open();
    await user.type(input, text);
    expect(screen.getByTestId(box.summary).textContent).toContain(`${money(amount)} baht`);
    await box.submit(user);
    await waitFor(() => expect(box.sent(calls)).toBe(amount));
  });

  it.each(READINGS)('reads "%s" pasted as %d baht', async (text, amount) => {
    const { user, calls, input } = await box.open();
    await user.click(input);
    await user.paste(text);
    expect(screen.getByTestId(box.summary).textContent).toContain(`${money(amount)} baht`);
    await box.submit(user);
    await waitFor(() => expect(box.sent(calls)).toBe(amount));
  });

  it('groups the thousands once the player leaves the box', async () => {
    const { user, input } = await box.open();
    await user.type(input, '12345.5');
    fireEvent.blur(input);
    expect(input.value).toBe('12,345.50');
  });

  it.each([
    ['1,000.505', 'At most 2 decimals'],
    ['1.000.50', 'one decimal point'],
    ['12abc', 'Use digits only'],
    ['1,00', 'A comma separates thousands'],
  ])('refuses "%s" with a reason and sends nothing', async (text, reason) => {
    const { user, calls, input } = await box.open();
    await user.click(input);
    await user.paste(text);
    fireEvent.blur(input);
    expect(input.value).toBe(text);
    const field = input.closest('.field') as HTMLElement;
    expect(within(field).getByRole('alert').textContent).toContain(reason);
    expect(screen.queryByTestId(box.summary)).toBeNull();
    await box.submit(user).catch(() => {});
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });
});

describe('quick amounts', () => {
  it('a QR chip fills the box grouped and sends its amount', async () => {
    const { user, calls } = await BOXES['QR deposit']!.open();
    await user.click(screen.getByTestId('qr-quick-KBANK-1000'));
    expect((screen.getByTestId('qr-amount-KBANK') as HTMLInputElement).value).toBe('1,000');
    expect(screen.getByTestId('qr-quick-KBANK-1000').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('qr-summary-KBANK').textContent).toContain('1,000.00 baht');
    await BOXES['QR deposit']!.submit(user);
    expect(bodyOf(calls, 'POST', '/api/qrcode/KBANK')?.amount).toBe(1000);
  });
});

describe('a deposit limit that would lock the player out asks again', () => {
  function renderLimits(used: number) {
    const calls = mockApi({
      'GET /api/account/protection': {
        body: {
          protection: protectionOf({
            limits: { day: limitOf(null, { used }), week: limitOf(null, { used }), month: limitOf(null, { used }) },
          }),
        },
      },
      'PUT /api/account/protection/limits': { body: { protection: protectionOf() } },
    });
    return { calls, ...renderScreen(<PlaySafeScreen />) };
  }
  const puts = (calls: ApiCall[]) => calls.filter((call) => call.method === 'PUT');

  it('below what was deposited today: a confirm step names both amounts; going back sends nothing', async () => {
    const { user, calls } = renderLimits(1500);
    await user.type(await screen.findByTestId('limit-day'), '1,000');
    await user.click(screen.getByTestId('limits-save'));
    const check = await screen.findByTestId('limits-check');
    expect(check.textContent).toContain('1,000.00 baht');
    expect(check.textContent).toContain('1,500.00 baht');
    expect(puts(calls)).toEqual([]);
    await user.click(within(check).getByTestId('limits-check-back'));
    expect(screen.queryByTestId('limits-check')).toBeNull();
    expect(puts(calls)).toEqual([]);
    await user.click(screen.getByTestId('limits-save'));
    await user.click(within(await screen.findByTestId('limits-check')).getByTestId('limits-check-save'));
    await waitFor(() => expect(puts(calls).map((call) => call.body)).toEqual([{ day: 1000, week: null, month: null }]));
  });

  it('under 100 baht: asks again even with nothing deposited', async () => {
    const { user, calls } = renderLimits(0);
    await user.type(await screen.findByTestId('limit-week'), '50');
    await user.click(screen.getByTestId('limits-save'));
    const check = await screen.findByTestId('limits-check');
    expect(check.textContent).toContain('50.00 baht');
    expect(check.textContent).toContain('100');
    expect(puts(calls)).toEqual([]);
    await user.click(within(check).getByTestId('limits-check-save'));
    await waitFor(() => expect(puts(calls).map((call) => call.body)).toEqual([{ day: null, week: 50, month: null }]));
  });

  it('a limit above both saves at once', async () => {
    const { user, calls } = renderLimits(500);
    await user.type(await screen.findByTestId('limit-day'), '2,000');
    await user.click(screen.getByTestId('limits-save'));
    await waitFor(() => expect(puts(calls).map((call) => call.body)).toEqual([{ day: 2000, week: null, month: null }]));
    expect(screen.queryByTestId('limits-check')).toBeNull();
  });
});

afterEach(cleanup);
