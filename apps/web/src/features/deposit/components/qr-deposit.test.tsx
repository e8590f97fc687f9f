import { onlineManager, type QueryClient, useQueryClient } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { Reply } from '@wallet/web-kit/testing/mock-api';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isKeptOnScreenOffline } from '@/lib/online';
import { setCachedWalletBalance } from '@/lib/wallet/get-wallet';
import {
  type DepositSetup,
  depositAccount,
  gatewayCodes,
  lookupResponse,
  NO_QR,
  openTab,
  QR_PNG,
  QR_SVG,
  qrRecord,
  renderDeposit,
} from '../testing/deposit-fixtures';
import { QR_STATUS_POLL_MS } from './qr-deposit';

const NOW = Date.parse('2026-03-01T10:00:00.000Z');
const inFive = new Date(NOW + 5 * 60_000).toISOString();

beforeEach(() => {
  // Only the clock and the countdown's interval are fake: fetch, React and Testing Library keep real timeouts.
  vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
  vi.setSystemTime(NOW);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const button = (testId: string) => screen.getByTestId(testId) as HTMLButtonElement;
const input = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;

type Handlers = Record<string, Reply | ((body: unknown) => Reply | Promise<Reply>)>;

/** Opens the QR tab and, given a gateway, picks it and waits for its form or its QR. */
async function openQr(handlers: Handlers = {}, code?: string, setup: Partial<DepositSetup> = {}) {
  const view = renderDeposit({ handlers, ...setup });
  await openTab(view.user, 'qr');
  if (code) await pick(view.user, code);
  return view;
}

async function pick(user: ReturnType<typeof renderDeposit>['user'], code: string) {
  await user.click(await screen.findByTestId(`qr-pick-${code}`));
  await waitFor(() => {
    const view = screen.getByTestId(`qr-view-${code}`);
    const shown = `[data-testid="qr-create-${code}"], [data-testid="qr-image-${code}"], [data-testid="qr-paid-${code}"]`;
    expect(view.querySelector(shown)).toBeTruthy();
  });
}

async function backToPicker(user: ReturnType<typeof renderDeposit>['user']) {
  await user.click(screen.getByTestId('qr-change'));
  await screen.findByTestId('qr-pick-KBANK');
}

describe('QR deposit: create rules (SPEC §5, §9)', () => {
  it('gives every QR gateway of the lookup its view with its quick amounts, and none to other gateways', async () => {
    const { user } = await openQr();
    for (const code of ['KBANK', 'WW', 'PAYTIMZ', 'PAYONEX', 'ZPAY'])
      expect(screen.getByTestId(`qr-pick-${code}`)).toBeTruthy();
    expect(screen.queryByTestId('qr-pick-OTHERPAY')).toBeNull();
    const quick = async (code: string) => {
      await pick(user, code);
      const amounts = within(screen.getByTestId(`qr-view-${code}`))
        .getAllByRole('button', { pressed: false })
        .filter((node) => node.classList.contains('quick-amount'))
        .map((node) => node.textContent);
      await backToPicker(user);
      return amounts;
    };
    expect(await quick('KBANK')).toEqual(['10', '20', '50', '100', '500', '1,000']);
    expect(await quick('WW')).toEqual(['100', '200', '300', '500', '1,000']);
    expect(await quick('PAYONEX')).toEqual(['100', '200', '300', '500', '1,000']);
    expect(await quick('PAYTIMZ')).toEqual(['10', '50', '100', '500', '1,000']);
    expect(await quick('ZPAY')).toEqual(['10', '50', '100', '500', '1,000']);
    expect(screen.getByTestId('deposit-panel-qr').textContent).toContain(
      'Each QR code can be paid only once, and only before it expires.',
    );
  });

  it('KBANK: create is disabled at 0 and an amount under 1 does nothing', async () => {
    const { user, count } = await openQr({}, 'KBANK');
    expect(button('qr-create-KBANK').disabled).toBe(true);
    await user.type(input('qr-amount-KBANK'), '0');
    expect(button('qr-create-KBANK').disabled).toBe(true);
    await user.type(input('qr-amount-KBANK'), '.5');
    expect(button('qr-create-KBANK').disabled).toBe(false);
    await user.click(button('qr-create-KBANK'));
    expect(count('POST', '/api/qrcode/KBANK')).toBe(0);
    expect(screen.getByTestId('qr-view-KBANK').textContent).toContain('Minimum 1.00 baht');
  });

  it('WW and PAYONEX need 100; PAYTIMZ and ZPAY need 10', async () => {
    const { user } = await openQr();
    for (const [code, below, enough] of [
      ['WW', '99.99', '100'],
      ['PAYONEX', '99', '100'],
      ['PAYTIMZ', '9.99', '10'],
      ['ZPAY', '9', '10'],
    ] as const) {
      await pick(user, code);
      await user.type(input(`qr-amount-${code}`), below);
      expect(button(`qr-create-${code}`).disabled, `${code} ${below}`).toBe(true);
      await user.clear(input(`qr-amount-${code}`));
      await user.type(input(`qr-amount-${code}`), enough);
      expect(button(`qr-create-${code}`).disabled, `${code} ${enough}`).toBe(false);
      await backToPicker(user);
    }
  });

  it("follows the operator's minimums from the deposit lookup, KBANK's too, not a build setting", async () => {
    const lookup = lookupResponse({ qrMinimums: { KBANK: 20, WW: 300, PAYTIMZ: 50, PAYONEX: 100, ZPAY: 20 } });
    const { user } = await openQr({}, undefined, { lookup });
    expect(screen.getByTestId('qr-pick-PAYTIMZ').textContent).toContain('Minimum 50.00 baht');
    expect(screen.getByTestId('qr-pick-WW').textContent).toContain('Minimum 300.00 baht');
    expect(screen.getByTestId('qr-pick-KBANK').textContent).toContain('Minimum 20.00 baht');
    await pick(user, 'PAYTIMZ');
    expect(screen.getByTestId('qr-view-PAYTIMZ').textContent).toContain('Minimum 50.00 baht');
    await user.click(button('qr-quick-PAYTIMZ-10'));
    expect(input('qr-amount-PAYTIMZ').value).toBe('10');
    expect(button('qr-create-PAYTIMZ').disabled).toBe(true);
    await user.click(button('qr-quick-PAYTIMZ-50'));
    expect(button('qr-create-PAYTIMZ').disabled).toBe(false);
    await backToPicker(user);
    await pick(user, 'KBANK');
    await user.click(button('qr-quick-KBANK-10'));
    expect(button('qr-create-KBANK').disabled).toBe(true);
    await user.click(button('qr-quick-KBANK-20'));
    expect(button('qr-create-KBANK').disabled).toBe(false);
    await backToPicker(user);
    await pick(user, 'ZPAY');
    await user.click(button('qr-quick-ZPAY-10'));
    expect(button('qr-create-ZPAY').disabled).toBe(true);
    await user.clear(input('qr-amount-ZPAY'));
    await user.type(input('qr-amount-ZPAY'), '20');
    expect(button('qr-create-ZPAY').disabled).toBe(false);
  });
});

describe('QR deposit: life of a QR (SPEC §4)', () => {
  it('creates a QR for the amount, shows it as an image with its amount and countdown, and reloads the other views', async () => {
    const { user, calls, count } = await openQr(
      { 'POST /api/qrcode/WW': (body) => ({ body: qrRecord('WW', (body as { amount: number }).amount, inFive) }) },
      'WW',
    );
    const before = { KBANK: count('GET', '/api/qrcode/KBANK'), WW: count('GET', '/api/qrcode/WW') };
    await user.click(button('qr-quick-WW-200'));
    await user.click(button('qr-create-WW'));

    const image = (await screen.findByTestId('qr-image-WW')) as HTMLImageElement;
    expect(decodeURIComponent(image.src.replace('data:image/svg+xml;charset=utf-8,', ''))).toBe(QR_SVG);
    expect(image.alt).toBe('Payment QR code for WW Pay');
    expect(screen.getByTestId('qr-view-WW').textContent).toContain('200.00');
    expect(screen.getByTestId('qr-countdown-WW').textContent).toBe('05:00');

    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).toEqual({ amount: 200 });
    expect(post?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    // The other providers' views reload; this one already holds the answer.
    await waitFor(() => {
      expect(count('GET', '/api/qrcode/KBANK')).toBe(before.KBANK + 1);
      // Once for the picker, once more on the reload.
      for (const code of ['PAYTIMZ', 'PAYONEX', 'ZPAY']) expect(count('GET', `/api/qrcode/${code}`)).toBe(2);
    });
    expect(count('GET', '/api/qrcode/WW')).toBe(before.WW);
  });

  it('shows a QR the player already has when the dialog opens', async () => {
    const { user } = await openQr({ 'GET /api/qrcode/ZPAY': { body: qrRecord('ZPAY', 50, inFive) } });
    // The picker says which gateway has a QR waiting.
    expect((await screen.findByTestId('qr-waiting-ZPAY')).textContent).toBe('QR waiting');
    expect(screen.queryByTestId('qr-waiting-WW')).toBeNull();
    await pick(user, 'ZPAY');
    expect(await screen.findByTestId('qr-image-ZPAY')).toBeTruthy();
    expect(screen.queryByTestId('qr-create-ZPAY')).toBeNull();
  });

  it('ticks the countdown every second and drops the QR at 00:00', async () => {
    const soon = new Date(NOW + 3_000).toISOString();
    await openQr({ 'GET /api/qrcode/KBANK': { body: qrRecord('KBANK', 100, soon) } }, 'KBANK');
    const countdown = await screen.findByTestId('qr-countdown-KBANK');
    expect(countdown.textContent).toBe('00:03');
    act(() => vi.advanceTimersByTime(1_000));
    expect(countdown.textContent).toBe('00:02');
    act(() => vi.advanceTimersByTime(1_000));
    expect(countdown.textContent).toBe('00:01');
    act(() => vi.advanceTimersByTime(1_000));
    expect(screen.queryByTestId('qr-image-KBANK')).toBeNull();
    expect(await screen.findByTestId('qr-create-KBANK')).toBeTruthy();
  });

  it('cancel deletes the QR and brings the create form back', async () => {
    const { user, calls } = await openQr(
      {
        'GET /api/qrcode/PAYONEX': { body: qrRecord('PAYONEX', 300, inFive) },
        'DELETE /api/qrcode/qr-PAYONEX-300': { body: { message: 'SUCCESS' } },
      },
      'PAYONEX',
    );
    await user.click(await screen.findByTestId('qr-cancel-PAYONEX'));
    expect(await screen.findByText('The QR code has been cancelled.')).toBeTruthy();
    expect(screen.getByTestId('qr-create-PAYONEX')).toBeTruthy();
    expect(calls.some((call) => call.method === 'DELETE' && call.path === '/api/qrcode/qr-PAYONEX-300')).toBe(true);
  });

  it('"transfer done" shows the refresh-amount message, reloads the wallet and closes the dialog', async () => {
    const { user, count, onClose } = await openQr(
      { 'GET /api/qrcode/WW': { body: qrRecord('WW', 100, inFive) } },
      'WW',
    );
    const walletLoads = count('GET', '/api/wallet');
    await user.click(await screen.findByTestId('qr-done-WW'));
    expect(
      await screen.findByText(
        'Thank you! Your balance updates once the payment arrives. Tap refresh on Home if it has not changed yet.',
      ),
    ).toBeTruthy();
    expect(onClose).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(count('GET', '/api/wallet')).toBeGreaterThan(walletLoads));
  });

  it('a create answered without a QR shows its message as a danger toast', async () => {
    const { user } = await openQr(
      { 'POST /api/qrcode/ZPAY': { body: { hasQrcode: false, message: 'QR_FAIL' } } },
      'ZPAY',
    );
    await user.click(button('qr-quick-ZPAY-50'));
    await user.click(button('qr-create-ZPAY'));
    const toast = (await screen.findByText('Could not create the QR code. Please try again.')).closest('.toast');
    expect(toast?.classList.contains('toast-danger')).toBe(true);
    expect(screen.getByTestId('qr-create-ZPAY')).toBeTruthy();
  });

  it('a refused create (QR_MINIMUM) shows its translated reason', async () => {
    const { user } = await openQr(
      { 'POST /api/qrcode/PAYTIMZ': { status: 400, body: { message: 'QR_MINIMUM', field: 'amount' } } },
      'PAYTIMZ',
    );
    await user.click(button('qr-quick-PAYTIMZ-10'));
    await user.click(button('qr-create-PAYTIMZ'));
    expect(await screen.findByText("The amount is below this channel's minimum.")).toBeTruthy();
  });

  it('no QR answer keeps the create form', async () => {
    await openQr({ 'GET /api/qrcode/KBANK': { body: NO_QR } }, 'KBANK');
    expect(screen.getByTestId('qr-create-KBANK')).toBeTruthy();
  });
});

describe('QR deposit: pick a gateway first (issue 18, flow 13)', () => {
  it('lists each gateway once, by its brand name and minimum, and shows one form only after a pick', async () => {
    const { user } = await openQr();
    const names = gatewayCodes.map((code) => screen.getByTestId(`qr-pick-${code}`).textContent);
    expect(names).toEqual([
      'KKBank QRMinimum 1.00 baht',
      'WWWW PayMinimum 100.00 baht',
      'PTPayTimzMinimum 10.00 baht',
      'PXPayonexMinimum 100.00 baht',
      'ZZPAYMinimum 10.00 baht',
    ]);
    expect(screen.queryAllByTestId(/^qr-view-/)).toEqual([]);
    expect(screen.queryAllByTestId(/^qr-create-/)).toEqual([]);
    await pick(user, 'PAYONEX');
    expect(screen.getAllByTestId(/^qr-view-/).map((node) => node.dataset.testid)).toEqual(['qr-view-PAYONEX']);
    expect(screen.queryByTestId('qr-pick-KBANK')).toBeNull();
    await backToPicker(user);
    expect(screen.queryAllByTestId(/^qr-view-/)).toEqual([]);
  });

  it('goes straight to the form when the lookup has one QR gateway', async () => {
    const lookup = lookupResponse({
      banks: [depositAccount({ bankCode: 'ZPAY', bankType: 'PAYMENT', bankAccountNo: '-' })],
      wallets: [],
    });
    renderDeposit({ lookup });
    expect(await screen.findByTestId('qr-create-ZPAY')).toBeTruthy();
    expect(screen.queryByTestId('qr-pick-ZPAY')).toBeNull();
    expect(screen.queryByTestId('qr-change')).toBeNull();
  });
});

describe('QR deposit: a paid QR (issue 18, flow 1)', () => {
  it('replaces the QR, its countdown and cancel with the amount credited once the QR is reported paid', async () => {
    let status = 'PENDING';
    const { count } = await openQr(
      {
        'GET /api/qrcode/WW': { body: qrRecord('WW', 250, inFive) },
        'GET /api/qrcode/WW/qr-WW-250': () => ({ body: { qrcodeId: 'qr-WW-250', status, amount: 250 } }),
      },
      'WW',
    );
    await waitFor(() => expect(count('GET', '/api/qrcode/WW/qr-WW-250')).toBe(1));
    expect(screen.getByTestId('qr-image-WW')).toBeTruthy();
    const walletLoads = count('GET', '/api/wallet');

    status = 'PAID';
    act(() => vi.advanceTimersByTime(QR_STATUS_POLL_MS));
    const paid = await screen.findByTestId('qr-paid-WW');
    expect(paid.textContent).toContain('Payment received');
    expect(paid.textContent).toContain('Added to your wallet: 250.00 baht');
    expect(screen.queryByTestId('qr-image-WW')).toBeNull();
    expect(screen.queryByTestId('qr-countdown-WW')).toBeNull();
    expect(screen.queryByTestId('qr-cancel-WW')).toBeNull();
    expect(screen.queryByTestId('qr-change')).toBeNull();
    await waitFor(() => expect(count('GET', '/api/wallet')).toBeGreaterThan(walletLoads));
  });

  it('asks at once when the wallet changes (the realtime push), without waiting for the next poll', async () => {
    let status = 'PENDING';
    let queryClient: QueryClient | undefined;
    function Capture({ children }: { children: ReactNode }) {
      queryClient = useQueryClient();
      return children;
    }
    const { count } = await openQr(
      {
        'GET /api/qrcode/KBANK': { body: qrRecord('KBANK', 40, inFive) },
        'GET /api/qrcode/KBANK/qr-KBANK-40': () => ({ body: { qrcodeId: 'qr-KBANK-40', status, amount: 40 } }),
      },
      'KBANK',
      { wrap: (dialog) => <Capture>{dialog}</Capture> },
    );
    await waitFor(() => expect(count('GET', '/api/qrcode/KBANK/qr-KBANK-40')).toBe(1));
    status = 'PAID';
    act(() => setCachedWalletBalance(queryClient as QueryClient, { amount: 1040 }));
    expect((await screen.findByTestId('qr-paid-KBANK')).textContent).toContain('40.00');
  });

  it('"done" closes the dialog; "new QR code" brings the create form back', async () => {
    const { user, onClose } = await openQr(
      {
        'GET /api/qrcode/ZPAY': { body: qrRecord('ZPAY', 60, inFive) },
        'GET /api/qrcode/ZPAY/qr-ZPAY-60': { body: { qrcodeId: 'qr-ZPAY-60', status: 'PAID', amount: 60 } },
      },
      'ZPAY',
    );
    await user.click(await screen.findByTestId('qr-again-ZPAY'));
    expect(await screen.findByTestId('qr-create-ZPAY')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('drops a QR cancelled elsewhere and shows the create form', async () => {
    await openQr(
      {
        'GET /api/qrcode/PAYONEX': { body: qrRecord('PAYONEX', 300, inFive) },
        'GET /api/qrcode/PAYONEX/qr-PAYONEX-300': {
          body: { qrcodeId: 'qr-PAYONEX-300', status: 'CANCELLED', amount: 300 },
        },
      },
      'PAYONEX',
    );
    expect(await screen.findByTestId('qr-create-PAYONEX')).toBeTruthy();
    expect(screen.queryByTestId('qr-paid-PAYONEX')).toBeNull();
  });
});

describe('QR deposit: offline with a QR open', () => {
  /** The phone's network as the browser and the query cache see it. */
  function setOnline(online: boolean) {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
    onlineManager.setOnline(online);
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  }
  afterEach(() => setOnline(true));

  it('keeps the QR and its countdown on screen with an offline strip, holding off the offline screen', async () => {
    await openQr(
      {
        'GET /api/qrcode/WW': { body: qrRecord('WW', 250, inFive) },
        'GET /api/qrcode/WW/qr-WW-250': { body: { qrcodeId: 'qr-WW-250', status: 'PENDING', amount: 250 } },
      },
      'WW',
    );
    expect(screen.queryByTestId('qr-offline-WW')).toBeNull();
    act(() => setOnline(false));
    expect(screen.getByTestId('qr-image-WW')).toBeTruthy();
    expect(screen.getByTestId('qr-countdown-WW').textContent).toBe('05:00');
    expect(screen.getByTestId('qr-offline-WW').textContent).toContain("You're offline");
    expect(isKeptOnScreenOffline()).toBe(true);
    act(() => setOnline(true));
    expect(screen.queryByTestId('qr-offline-WW')).toBeNull();
  });

  it('shows the paid state on reconnecting when the QR was paid meanwhile, not an empty form', async () => {
    let paid = false;
    let statusAnswered: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      statusAnswered = resolve;
    });
    await openQr(
      {
        // Back online, the QR list answers first: the paid QR is no longer open.
        'GET /api/qrcode/WW': () => {
          if (!paid) return { body: qrRecord('WW', 250, inFive) };
          setTimeout(statusAnswered, 50);
          return { body: NO_QR };
        },
        'GET /api/qrcode/WW/qr-WW-250': async () => {
          if (!paid) return { body: { qrcodeId: 'qr-WW-250', status: 'PENDING', amount: 250 } };
          await held;
          return { body: { qrcodeId: 'qr-WW-250', status: 'PAID', amount: 250 } };
        },
      },
      'WW',
    );
    act(() => setOnline(false));
    paid = true;
    act(() => setOnline(true));
    const shown = await screen.findByTestId('qr-paid-WW');
    expect(shown.textContent).toContain('250.00');
    expect(screen.queryByTestId('qr-create-WW')).toBeNull();
  });
});

describe('QR deposit: save the QR (issue 18, flow 2)', () => {
  it('shows the PNG and offers it as a download named after the gateway and the amount', async () => {
    await openQr({ 'GET /api/qrcode/WW': { body: { ...qrRecord('WW', 200, inFive), qrcodePng: QR_PNG } } }, 'WW');
    expect((screen.getByTestId('qr-image-WW') as HTMLImageElement).src).toBe(QR_PNG);
    const save = screen.getByTestId('qr-save-WW') as HTMLAnchorElement;
    expect(save.textContent).toBe('Save QR image');
    expect(save.getAttribute('href')).toBe(QR_PNG);
    expect(save.getAttribute('download')).toBe('qr-ww-200.00.png');
  });
});
