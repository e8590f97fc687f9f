import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { config } from '@/lib/config';
import type { Reply } from '@/test/mock-api';
import { gatewayCodes, NO_QR, openTab, QR_SVG, qrRecord, renderDeposit } from '../testing/deposit-fixtures';

const NOW = Date.parse('2026-03-01T10:00:00.000Z');
const inFive = new Date(NOW + 5 * 60_000).toISOString();
const defaults = { paytimzMin: config.paytimzMin, zpayMin: config.zpayMin };

beforeEach(() => {
  // Only the clock and the countdown's interval are fake: fetch, React and Testing Library keep real timeouts.
  vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
  vi.setSystemTime(NOW);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  Object.assign(config, defaults);
});

const button = (testId: string) => screen.getByTestId(testId) as HTMLButtonElement;
const input = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;

async function openQr(handlers: Record<string, Reply | ((body: unknown) => Reply)> = {}) {
  const view = renderDeposit({ handlers });
  await openTab(view.user, 'qr');
  // Every view has answered once it shows either its create form or its QR.
  await waitFor(() => {
    for (const code of gatewayCodes) {
      const view = screen.getByTestId(`qr-view-${code}`);
      expect(view.querySelector(`[data-testid="qr-create-${code}"], [data-testid="qr-image-${code}"]`)).toBeTruthy();
    }
  });
  return view;
}

describe('QR deposit: create rules (SPEC §5, §9)', () => {
  it('gives every QR gateway of the lookup its view with its quick amounts, and none to other gateways', async () => {
    await openQr();
    for (const code of ['KBANK', 'WW', 'PAYTIMZ', 'PAYONEX', 'ZPAY'])
      expect(screen.getByTestId(`qr-view-${code}`)).toBeTruthy();
    expect(screen.queryByTestId('qr-view-OTHERPAY')).toBeNull();
    const quick = (code: string) =>
      within(screen.getByTestId(`qr-view-${code}`))
        .getAllByRole('button', { pressed: false })
        .map((node) => node.textContent);
    expect(quick('KBANK')).toEqual(['10', '20', '50', '100', '500', '1,000']);
    expect(quick('WW')).toEqual(['100', '200', '300', '500', '1,000']);
    expect(quick('PAYONEX')).toEqual(['100', '200', '300', '500', '1,000']);
    expect(quick('PAYTIMZ')).toEqual(['10', '50', '100', '500', '1,000']);
    expect(quick('ZPAY')).toEqual(['10', '50', '100', '500', '1,000']);
    expect(screen.getByTestId('deposit-panel-qr').textContent).toContain(
      'Each QR code can be paid only once, and only before it expires.',
    );
  });

  it('KBANK: create is disabled at 0 and an amount under 1 does nothing', async () => {
    const { user, count } = await openQr();
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
      await user.type(input(`qr-amount-${code}`), below);
      expect(button(`qr-create-${code}`).disabled, `${code} ${below}`).toBe(true);
      await user.clear(input(`qr-amount-${code}`));
      await user.type(input(`qr-amount-${code}`), enough);
      expect(button(`qr-create-${code}`).disabled, `${code} ${enough}`).toBe(false);
    }
  });

  it('the build settings raise the PAYTIMZ and ZPAY minimums', async () => {
    Object.assign(config, { paytimzMin: 50, zpayMin: 20 });
    const { user } = await openQr();
    expect(screen.getByTestId('qr-view-PAYTIMZ').textContent).toContain('Minimum 50.00 baht');
    await user.click(button('qr-quick-PAYTIMZ-10'));
    expect(input('qr-amount-PAYTIMZ').value).toBe('10');
    expect(button('qr-create-PAYTIMZ').disabled).toBe(true);
    await user.click(button('qr-quick-PAYTIMZ-50'));
    expect(button('qr-create-PAYTIMZ').disabled).toBe(false);
    await user.click(button('qr-quick-ZPAY-10'));
    expect(button('qr-create-ZPAY').disabled).toBe(true);
    await user.clear(input('qr-amount-ZPAY'));
    await user.type(input('qr-amount-ZPAY'), '20');
    expect(button('qr-create-ZPAY').disabled).toBe(false);
  });
});

describe('QR deposit: life of a QR (SPEC §4)', () => {
  it('creates a QR for the amount, shows it as an image with its amount and countdown, and reloads the other views', async () => {
    const { user, calls, count } = await openQr({
      'POST /api/qrcode/WW': (body) => ({ body: qrRecord('WW', (body as { amount: number }).amount, inFive) }),
    });
    const before = { KBANK: count('GET', '/api/qrcode/KBANK'), WW: count('GET', '/api/qrcode/WW') };
    await user.click(button('qr-quick-WW-200'));
    await user.click(button('qr-create-WW'));

    const image = (await screen.findByTestId('qr-image-WW')) as HTMLImageElement;
    expect(decodeURIComponent(image.src.replace('data:image/svg+xml;charset=utf-8,', ''))).toBe(QR_SVG);
    expect(image.alt).toBe('Payment QR code for WW Bank');
    expect(screen.getByTestId('qr-view-WW').textContent).toContain('200.00');
    expect(screen.getByTestId('qr-countdown-WW').textContent).toBe('05:00');

    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).toEqual({ amount: 200 });
    expect(post?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    // The other providers' views reload; this one already holds the answer.
    await waitFor(() => {
      expect(count('GET', '/api/qrcode/KBANK')).toBe(before.KBANK + 1);
      for (const code of ['PAYTIMZ', 'PAYONEX', 'ZPAY']) expect(count('GET', `/api/qrcode/${code}`)).toBe(2);
    });
    expect(count('GET', '/api/qrcode/WW')).toBe(before.WW);
  });

  it('shows a QR the player already has when the dialog opens', async () => {
    await openQr({ 'GET /api/qrcode/ZPAY': { body: qrRecord('ZPAY', 50, inFive) } });
    expect(await screen.findByTestId('qr-image-ZPAY')).toBeTruthy();
    expect(screen.queryByTestId('qr-create-ZPAY')).toBeNull();
  });

  it('ticks the countdown every second and drops the QR at 00:00', async () => {
    const soon = new Date(NOW + 3_000).toISOString();
    await openQr({ 'GET /api/qrcode/KBANK': { body: qrRecord('KBANK', 100, soon) } });
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
    const { user, calls } = await openQr({
      'GET /api/qrcode/PAYONEX': { body: qrRecord('PAYONEX', 300, inFive) },
      'DELETE /api/qrcode/qr-PAYONEX-300': { body: { message: 'SUCCESS' } },
    });
    await user.click(await screen.findByTestId('qr-cancel-PAYONEX'));
    expect(await screen.findByText('The QR code has been cancelled.')).toBeTruthy();
    expect(screen.getByTestId('qr-create-PAYONEX')).toBeTruthy();
    expect(calls.some((call) => call.method === 'DELETE' && call.path === '/api/qrcode/qr-PAYONEX-300')).toBe(true);
  });

  it('"transfer done" shows the refresh-amount message, reloads the wallet and closes the dialog', async () => {
    const { user, count, onClose } = await openQr({ 'GET /api/qrcode/WW': { body: qrRecord('WW', 100, inFive) } });
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
    const { user } = await openQr({ 'POST /api/qrcode/ZPAY': { body: { hasQrcode: false, message: 'QR_FAIL' } } });
    await user.click(button('qr-quick-ZPAY-50'));
    await user.click(button('qr-create-ZPAY'));
    const toast = (await screen.findByText('Could not create the QR code. Please try again.')).closest('.toast');
    expect(toast?.classList.contains('toast-danger')).toBe(true);
    expect(screen.getByTestId('qr-create-ZPAY')).toBeTruthy();
  });

  it('a refused create (QR_MINIMUM) shows its translated reason', async () => {
    const { user } = await openQr({
      'POST /api/qrcode/PAYTIMZ': { status: 400, body: { message: 'QR_MINIMUM', field: 'amount' } },
    });
    await user.click(button('qr-quick-PAYTIMZ-10'));
    await user.click(button('qr-create-PAYTIMZ'));
    expect(await screen.findByText("The amount is below this channel's minimum.")).toBeTruthy();
  });

  it('no QR answer keeps the create form', async () => {
    await openQr({ 'GET /api/qrcode/KBANK': { body: NO_QR } });
    expect(screen.getByTestId('qr-create-KBANK')).toBeTruthy();
  });
});
