import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type DepositSetup, renderDeposit } from '@/features/deposit/testing/deposit-fixtures';
import { DepositPlay } from '@/features/game-account/components/deposit-play';
import { GameLauncherProvider } from '@/features/game-account/components/game-launcher';
import { stubPopup } from '@/test/popup';
import { walletResponse } from '@/test/wallet-fixtures';

afterEach(() => vi.unstubAllGlobals());

/** The deposit dialog as Home composes it: the game-account feature's play form under it, in Home's launcher. */
function renderHomeDeposit(setup: DepositSetup = {}) {
  return renderDeposit({
    ...setup,
    footer: (onClose) => <DepositPlay onClose={onClose} />,
    wrap: (dialog) => <GameLauncherProvider>{dialog}</GameLauncherProvider>,
  });
}

describe('DepositDialog: play with the balance (external window)', () => {
  const moved = { body: { message: 'SUCCESS', wallet: { amount: 950 } } };

  it('moves the amount to the game first, then sends the window opened on the click to the game', async () => {
    const { popup, open } = stubPopup();
    const { user, calls, onClose } = renderHomeDeposit({ handlers: { 'POST /api/wallet/transfer': moved } });
    await user.selectOptions(await screen.findByTestId('deposit-play-game'), 'joker');
    await user.type(screen.getByTestId('deposit-play-amount'), '50');
    expect(screen.getByTestId('deposit-play').textContent).toBe('Move and play');
    await user.click(screen.getByTestId('deposit-play'));
    await waitFor(() => expect(popup.location.href).toBe('/sandbox/games/joker/play?session=s-joker'));
    // Opened synchronously on the click (popup blockers allow only that), before the transfer answered.
    expect(open).toHaveBeenCalledWith('', '_blank');
    const transfer = calls.find((call) => call.method === 'POST');
    expect(transfer?.path).toBe('/api/wallet/transfer');
    expect(transfer?.body).toEqual({ from: 'WALLET', to: 'joker', amount: 50 });
    expect(transfer?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByText('Transfer complete.')).toBeTruthy();
    expect(onClose).toHaveBeenCalled();
  });

  it('with no amount only opens the game', async () => {
    const { popup } = stubPopup();
    const { user, calls } = renderHomeDeposit();
    await user.selectOptions(await screen.findByTestId('deposit-play-game'), 'joker');
    expect(screen.getByTestId('deposit-play').textContent).toBe('Open game');
    await user.click(screen.getByTestId('deposit-play'));
    await waitFor(() => expect(popup.location.href).toBe('/sandbox/games/joker/play?session=s-joker'));
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('closes the blank window and shows why when the transfer fails', async () => {
    const { popup } = stubPopup();
    const { user, onClose } = renderHomeDeposit({
      handlers: { 'POST /api/wallet/transfer': { status: 400, body: { message: 'MONEY_NOT_ENOUGH' } } },
    });
    await user.selectOptions(await screen.findByTestId('deposit-play-game'), 'joker');
    await user.type(screen.getByTestId('deposit-play-amount'), '5000');
    await user.click(screen.getByTestId('deposit-play'));
    expect(await screen.findByText('Your balance is not enough.')).toBeTruthy();
    expect(popup.close).toHaveBeenCalled();
    expect(popup.location.href).toBe('');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('asks for a game and for at least 1 baht before opening anything', async () => {
    const { open } = stubPopup();
    const { user } = renderHomeDeposit();
    await user.click(await screen.findByTestId('deposit-play'));
    const form = screen.getByTestId('deposit-play').closest('form') as HTMLFormElement;
    expect(within(form).getByRole('alert').textContent).toBe(
      'Please choose a game account as the destination to play.',
    );
    await user.selectOptions(screen.getByTestId('deposit-play-game'), 'joker');
    await user.type(screen.getByTestId('deposit-play-amount'), '0.5');
    await user.click(screen.getByTestId('deposit-play'));
    expect(within(form).getByRole('alert').textContent).toBe('The minimum transfer amount is 1 baht.');
    expect(open).not.toHaveBeenCalled();
  });

  it('is left out when the player has no open game account', async () => {
    renderHomeDeposit({ wallet: walletResponse({ slots: [] }) });
    // The registered account comes from the same wallet answer: once it shows, the wallet has loaded.
    expect(await screen.findByTestId('deposit-own-name')).toBeTruthy();
    expect(screen.queryByTestId('deposit-play')).toBeNull();
  });
});
