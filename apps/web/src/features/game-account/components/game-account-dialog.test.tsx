// The in-app frame test must not make happy-dom load the game page from a server that is not running.
// @vitest-environment-options {"settings":{"navigation":{"disableChildFrameNavigation":true}}}
import { screen, waitFor, within } from '@testing-library/react';
import { type Handler, mockApi, type Reply } from '@wallet/web-kit/testing/mock-api';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { config } from '@/lib/config';
import { useWallet } from '@/lib/wallet/get-wallet';
import { stubPopup } from '@/test/popup';
import { renderScreen } from '@/test/render';
import { credentials, slots, walletResponse } from '@/test/wallet-fixtures';
import { GameAccountDialog } from './game-account-dialog';
import { GameLauncherProvider } from './game-launcher';

const defaults = { ...config };
beforeEach(() => Object.assign(config, defaults));
afterEach(() => {
  Object.assign(config, defaults);
  vi.unstubAllGlobals();
});

/** The dialog as Home mounts it: the slot comes from the cached wallet, so activation flips it. */
function Harness({ code, onClose, onTransfer }: { code: string; onClose: () => void; onTransfer: () => void }) {
  const wallet = useWallet();
  const slot = wallet.data?.slots.find((item) => item.code === code);
  return slot ? <GameAccountDialog slot={slot} onClose={onClose} onTransfer={onTransfer} /> : null;
}

function setup(code: string, handlers: Record<string, Handler | Reply> = {}) {
  const calls = mockApi({
    'GET /api/wallet': { body: walletResponse() },
    [`GET /api/wallet/account/${code}`]: { body: credentials },
    ...handlers,
  });
  const onClose = vi.fn();
  const onTransfer = vi.fn();
  const view = renderScreen(
    <GameLauncherProvider>
      <Harness code={code} onClose={onClose} onTransfer={onTransfer} />
    </GameLauncherProvider>,
  );
  return { ...view, calls, onClose, onTransfer };
}

describe('GameAccountDialog', () => {
  it('opens an inactive account, then shows its credentials', async () => {
    let active = false;
    const { user, calls } = setup('sbo', {
      'GET /api/wallet': () => ({
        body: walletResponse({
          slots: slots.map((slot) => (slot.code === 'sbo' ? { ...slot, isActive: active } : slot)),
        }),
      }),
      'GET /api/wallet/activate/sbo': () => {
        active = true;
        return { body: { ...slots[2], isActive: true } };
      },
    });
    const open = await screen.findByTestId('open-account');
    expect(screen.queryByTestId('game-username')).toBeNull();
    await user.click(open);
    expect((await screen.findByTestId('game-username')).textContent).toBe('pg_0812345678');
    expect(screen.getByTestId('game-password').textContent).toBe('Secret#123');
    expect(screen.getByText('Your SBO Sport account is open.')).toBeTruthy();
    expect(calls.map((call) => call.path)).toContain('/api/wallet/activate/sbo');
  });

  it('shows a failed activation as a translated danger toast', async () => {
    const { user } = setup('sbo', {
      'GET /api/wallet/activate/sbo': { status: 502, body: { message: 'SLOT_ACTIVATE_FAIL' } },
    });
    await user.click(await screen.findByTestId('open-account'));
    const toast = await screen.findByText('Could not open the game account. Please try again.');
    expect(toast.closest('.toast-danger')).toBeTruthy();
    expect(screen.getByTestId('open-account')).toBeTruthy();
  });

  it('shows credentials with copy buttons and the provider form fields as hidden inputs', async () => {
    setup('joker');
    const username = await screen.findByTestId('game-username');
    const form = username.closest('form') as HTMLFormElement;
    expect(within(form).getAllByRole('button', { name: 'Copy' })).toHaveLength(2);
    const hidden = [...form.querySelectorAll('input[type="hidden"]')].map((input) => [
      input.getAttribute('name'),
      input.getAttribute('value'),
    ]);
    expect(hidden).toEqual([
      ['agent', 'lucky'],
      ['lang', 'th'],
    ]);
  });

  it('resets the password after a confirmation and shows the new credentials', async () => {
    const { user, calls } = setup('joker', {
      'GET /api/wallet/resetpassword/joker': { body: { ...credentials, password: 'NewPass#9' } },
    });
    await user.click(await screen.findByTestId('reset-password'));
    expect(calls.some((call) => call.path === '/api/wallet/resetpassword/joker')).toBe(false);
    await user.click(screen.getByTestId('reset-password-confirm'));
    await waitFor(() => expect(screen.getByTestId('game-password').textContent).toBe('NewPass#9'));
    expect(screen.getByText('Password reset. Your new login details are shown.')).toBeTruthy();
  });

  it('offers the transfer shortcut with the game balance', async () => {
    const { user, onTransfer } = setup('joker');
    await screen.findByTestId('game-username');
    expect(screen.getByText('100.25')).toBeTruthy();
    await user.click(screen.getByTestId('game-transfer'));
    expect(onTransfer).toHaveBeenCalledWith('joker');
  });

  it('auto-login providers get one Play button that opens the one-time link in the blank window', async () => {
    const { popup, open } = stubPopup();
    const { user } = setup('pg', {
      'GET /api/autoLogin/pg/pg_0812345678/Secret%23123': { body: { link: 'https://games.example/pg?t=1' } },
    });
    await screen.findByTestId('game-username');
    expect(screen.queryByTestId('launch-web')).toBeNull();
    await user.click(screen.getByTestId('launch-play'));
    expect(open).toHaveBeenCalledWith('', '_blank');
    await waitFor(() => expect(popup.location.href).toBe('https://games.example/pg?t=1'));
    expect(popup.opener).toBeNull();
  });

  it('other providers get one button per link, and a blocked popup falls back to this window', async () => {
    const { assign } = stubPopup({ blocked: true });
    const { user } = setup('joker');
    await screen.findByTestId('game-username');
    expect(screen.getByTestId('launch-web')).toBeTruthy();
    expect(screen.getByTestId('launch-ios')).toBeTruthy();
    expect(screen.queryByTestId('launch-play')).toBeNull();
    await user.click(screen.getByTestId('launch-android'));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/sandbox/games/joker/android'));
  });

  it('Lao mode opens the game in the same window', async () => {
    config.laoMode = true;
    const { open, assign } = stubPopup();
    const { user } = setup('joker');
    await user.click(await screen.findByTestId('launch-web'));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/sandbox/games/joker/play?session=s-joker'));
    expect(open).not.toHaveBeenCalled();
  });

  it('rewrites the custom-host provider link and shows the provider message before launching', async () => {
    config.customHostProvider = 'joker';
    config.customHost = 'https://play.example.com';
    config.providerMessageCode = 'joker';
    config.providerMessage = 'Please use Chrome for this game.';
    const { popup, open } = stubPopup();
    const { user } = setup('joker');
    await user.click(await screen.findByTestId('launch-web'));
    expect(screen.getByText('Please use Chrome for this game.')).toBeTruthy();
    expect(open).not.toHaveBeenCalled();
    await user.click(screen.getByTestId('launch-continue'));
    await waitFor(() =>
      expect(popup.location.href).toBe('https://play.example.com/sandbox/games/joker/play?session=s-joker'),
    );
  });

  it('iframe mode shows the game in a full-screen frame; back refreshes the balances', async () => {
    config.iframeMode = true;
    const { open } = stubPopup();
    const { user, calls, onClose } = setup('joker', {
      'GET /api/wallet/refresh/slot': { body: { slots, updatedAt: '2026-03-01T20:15:09.000Z' } },
    });
    await user.click(await screen.findByTestId('launch-web'));
    const frame = await screen.findByTestId('game-frame');
    expect(frame.querySelector('iframe')?.getAttribute('src')).toBe('/sandbox/games/joker/play?session=s-joker');
    expect(open).not.toHaveBeenCalled();
    expect(onClose).toHaveBeenCalled();

    const before = calls.length;
    await user.click(screen.getByTestId('game-frame-back'));
    expect(screen.queryByTestId('game-frame')).toBeNull();
    await waitFor(() =>
      expect(calls.slice(before).map((call) => call.path)).toEqual(['/api/wallet/refresh/slot', '/api/wallet']),
    );
  });
});
