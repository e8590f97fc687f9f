import { screen, waitFor, within } from '@testing-library/react';
import type { SettingsResponse } from '@wallet/contract/backoffice/settings';
import { mockApi } from '@wallet/web-kit/testing/mock-api';
import { describe, expect, it } from 'vitest';
import { me, renderApp, signedIn } from '@/test/render';

/** The screen's chunk and its first answers; a loaded machine takes longer than findBy's 1 s. */
const FIRST_PAINT = { timeout: 5_000 };

function settings(state: 'active' | 'terminated' = 'active', chatEnabled = true): SettingsResponse {
  return {
    service: { state },
    chat: { enabled: chatEnabled, forcedByEnvironment: false },
    money: {
      banks: [
        {
          bankCode: 'KBANK',
          bankType: 'BANK',
          mode: 'AUTO',
          bankAccountName: 'LUCKY WALLET CO LTD',
          bankAccountNo: '1234567890',
          currency: 'THB',
          bank: { nameTH: 'ธนาคารกสิกรไทย', nameEN: 'Kasikornbank' },
        },
      ],
      wallets: [{ walletAccountName: 'LUCKY WALLET', mode: 'AUTO' }],
      isManual: false,
      qrGateways: {
        KBANK: { enabled: true, minimum: 0.01 },
        WW: { enabled: true, minimum: 100 },
        PAYTIMZ: { enabled: true, minimum: 10 },
        PAYONEX: { enabled: false, minimum: 100 },
        ZPAY: { enabled: true, minimum: 10 },
      },
      withdrawMin: 100,
      withdrawMax: 50_000,
      slipClosedFrom: '23:50',
      slipClosedTo: '00:10',
      fourEyesThreshold: 50_000,
    },
  };
}

describe('Settings', { timeout: 20_000 }, () => {
  it('switches the whole service off with a reason, and shows it switched off', async () => {
    signedIn();
    let current = settings();
    const calls = mockApi({
      'GET /api/backoffice/me': { body: me('owner') },
      'GET /api/backoffice/settings': () => ({ body: current }),
      'POST /api/backoffice/settings/service': (body) => {
        current = settings((body as { state: 'terminated' }).state);
        return { body: current };
      },
    });
    const { user } = renderApp('/settings');
    expect((await screen.findByTestId('service-state', {}, FIRST_PAINT)).textContent).toBe('Running');
    await user.click(screen.getByTestId('service-switch'));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByTestId('service-confirm') as HTMLButtonElement).disabled).toBe(true);
    await user.click(within(dialog).getByLabelText('Reason'));
    await user.paste('licence audit');
    await user.click(within(dialog).getByTestId('service-confirm'));
    await waitFor(() => expect(screen.getByTestId('service-state').textContent).toBe('Switched off'));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      state: 'terminated',
      reason: 'licence audit',
    });
    expect(screen.getByTestId('service-switch').textContent).toBe('Switch the service on');
  });

  it('switches support chat off with a reason from settings, and shows it off', async () => {
    signedIn();
    let current = settings();
    const calls = mockApi({
      'GET /api/backoffice/me': { body: me('owner') },
      'GET /api/backoffice/settings': () => ({ body: current }),
      'POST /api/backoffice/settings/chat': (body) => {
        current = settings('active', (body as { enabled: boolean }).enabled);
        return { body: current };
      },
    });
    const { user } = renderApp('/settings');
    expect((await screen.findByTestId('chat-state', {}, FIRST_PAINT)).textContent).toBe('Chat is on');
    await user.click(screen.getByTestId('chat-switch'));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByLabelText('Reason'));
    await user.paste('no agents tonight');
    await user.click(within(dialog).getByTestId('chat-confirm'));
    await waitFor(() => expect(screen.getByTestId('chat-state').textContent).toBe('Chat is off'));
    expect(calls.find((call) => call.path === '/api/backoffice/settings/chat')?.body).toEqual({
      enabled: false,
      reason: 'no agents tonight',
    });
    expect(screen.getByTestId('chat-switch').textContent).toBe('Switch chat on');
  });

  it('saves the money settings as one form, amounts in baht, and checks min ≤ max first', async () => {
    signedIn();
    const calls = mockApi({
      'GET /api/backoffice/me': { body: me('owner') },
      'GET /api/backoffice/settings': { body: settings() },
      'PUT /api/backoffice/settings/money': (body) => ({ body: { ...settings(), money: body } }),
    });
    const { user } = renderApp('/settings');
    const min = await screen.findByLabelText('Withdraw minimum (baht)', {}, FIRST_PAINT);
    await user.clear(min);
    await user.type(min, '60000');
    await user.click(screen.getByTestId('money-save'));
    expect(await screen.findByText('The withdraw minimum cannot be above the maximum.')).toBeTruthy();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    await user.clear(min);
    await user.type(min, '300');
    await user.click(screen.getByLabelText('Offer WW Pay'));
    await user.click(screen.getByLabelText(/^Manual deposits/));
    await user.click(screen.getByLabelText(/^Reason/));
    await user.paste('new limits');
    await user.click(screen.getByTestId('money-save'));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    const sent = calls.find((call) => call.method === 'PUT')?.body as Record<string, unknown>;
    expect(sent).toMatchObject({
      withdrawMin: 300,
      withdrawMax: 50_000,
      isManual: true,
      fourEyesThreshold: 50_000,
      slipClosedFrom: '23:50',
      reason: 'new limits',
      qrGateways: { WW: { enabled: false, minimum: 100 }, PAYONEX: { enabled: false, minimum: 100 } },
    });
  });

  it('shows an auditor the settings without any way to change them', async () => {
    signedIn();
    mockApi({
      'GET /api/backoffice/me': { body: me('auditor') },
      'GET /api/backoffice/settings': { body: settings() },
    });
    renderApp('/settings');
    expect((await screen.findByTestId('service-state', {}, FIRST_PAINT)).textContent).toBe('Running');
    expect(screen.queryByTestId('service-switch')).toBeNull();
    expect(screen.queryByTestId('money-save')).toBeNull();
    expect((screen.getByLabelText('Withdraw minimum (baht)') as HTMLInputElement).closest('fieldset')?.disabled).toBe(
      true,
    );
    expect(screen.getByText('Your role can read these settings but not change them.')).toBeTruthy();
  });

  it('tells marketing the screen is not theirs', async () => {
    signedIn();
    mockApi({ 'GET /api/backoffice/me': { body: me('marketing') } });
    renderApp('/settings');
    expect(await screen.findByText('Your role does not allow this.', {}, FIRST_PAINT)).toBeTruthy();
  });
});
