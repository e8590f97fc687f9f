import { screen, waitFor, within } from '@testing-library/react';
import { type Handler, mockApi, type Reply } from '@wallet/web-kit/testing/mock-api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GameLauncherProvider } from '@/features/game-account/components/game-launcher';
import { stubPopup } from '@/test/popup';
import { renderScreen } from '@/test/render';
import { credentials, slots, walletResponse } from '@/test/wallet-fixtures';
import { TransferDialog } from './transfer-dialog';

afterEach(() => vi.unstubAllGlobals());

const moved = { body: { message: 'SUCCESS', wallet: { amount: 900 } } };

function setup(handlers: Record<string, Handler | Reply> = {}, presetTo?: string) {
  const calls = mockApi({ 'GET /api/wallet': { body: walletResponse() }, ...handlers });
  const onClose = vi.fn();
  const view = renderScreen(
    <GameLauncherProvider>
      <TransferDialog open onClose={onClose} presetTo={presetTo} />
    </GameLauncherProvider>,
  );
  const dialog = screen.getByRole('dialog', { name: 'Transfer money' });
  const field = (name: string) => dialog.querySelector(`[name="${name}"]`) as HTMLInputElement & HTMLSelectElement;
  const posts = () => calls.filter((call) => call.method === 'POST');
  return { ...view, calls, posts, onClose, dialog, field };
}

describe('TransferDialog', () => {
  it('lists the wallet and every active game account with its balance, and fills the source balance with "all"', async () => {
    const { user, field, dialog } = setup();
    await waitFor(() => expect(field('from').options.length).toBe(5));
    // A source holds money: the wallet, then the active games only (sbo is not opened).
    expect([...field('from').options].map((option) => option.textContent)).toEqual([
      'Choose an account',
      'Wallet (1,000.00)',
      'Pocket Gems (250.50)',
      'Joker Gaming (100.25)',
      'Huay Lotto (0.25)',
    ]);
    // A destination may be a game not opened yet: the transfer opens it on the way.
    expect([...field('to').options].map((option) => option.textContent)).toEqual([
      'Choose an account',
      'Wallet (1,000.00)',
      'Pocket Gems (250.50)',
      'Joker Gaming (100.25)',
      'Huay Lotto (0.25)',
      'SBO Sport (not opened yet)',
    ]);
    expect(field('amount').getAttribute('inputmode')).toBe('decimal');
    await user.selectOptions(field('from'), 'pg');
    await user.click(within(dialog).getByTestId('transfer-fill-all'));
    expect(field('amount').value).toBe('250.50');
  });

  it('says why a text is not an amount instead of dropping keys', async () => {
    const { user, field, dialog } = setup();
    await user.type(field('amount'), '12a.3456');
    expect(field('amount').value).toBe('12a.3456');
    expect(within(dialog).getByRole('alert').textContent).toBe('Use digits only, for example 1,000 or 1,000.50.');
    expect((within(dialog).getByTestId('transfer-submit') as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the SPEC validation messages in order and sends nothing', async () => {
    const { user, field, dialog, posts } = setup();
    await waitFor(() => expect(field('to').options.length).toBe(6));
    const submit = within(dialog).getByTestId('transfer-submit');

    await user.type(field('amount'), '5');
    await user.click(submit);
    expect(within(dialog).getByRole('alert').textContent).toBe('Please select an account.');

    await user.selectOptions(field('to'), 'WALLET');
    await user.click(submit);
    expect(within(dialog).getByRole('alert').textContent).toBe('Cannot transfer to the same account.');

    await user.selectOptions(field('to'), 'pg');
    await user.clear(field('amount'));
    await user.type(field('amount'), '0.5');
    await user.click(submit);
    expect(within(dialog).getByRole('alert').textContent).toBe('The minimum transfer amount is 1 baht.');
    expect(posts()).toEqual([]);
  });

  it("refuses an amount above the source account's balance in the form, sending nothing (issue 18, item 14)", async () => {
    const { user, field, dialog, posts } = setup();
    await waitFor(() => expect(field('to').options.length).toBe(6));
    const submit = within(dialog).getByTestId('transfer-submit');
    await user.selectOptions(field('to'), 'pg');
    await user.type(field('amount'), '1000.01');
    await user.click(submit);
    expect(within(dialog).getByRole('alert').textContent).toBe('Your balance is not enough.');
    await user.click(within(dialog).getByTestId('transfer-play'));
    expect(within(dialog).getByRole('alert').textContent).toBe('Your balance is not enough.');

    await user.selectOptions(field('from'), 'pg');
    await user.selectOptions(field('to'), 'WALLET');
    await user.clear(field('amount'));
    await user.type(field('amount'), '250.51');
    await user.click(submit);
    expect(within(dialog).getByRole('alert').textContent).toBe('Your balance is not enough.');
    expect(posts()).toEqual([]);
  });

  it('"transfer and play" is off while the destination is the wallet (issue 18, item 14)', async () => {
    const { user, field, dialog } = setup({}, 'pg');
    await waitFor(() => expect(field('to').options.length).toBe(6));
    const play = within(dialog).getByTestId('transfer-play') as HTMLButtonElement;
    expect(play.disabled).toBe(false);
    await user.selectOptions(field('from'), 'pg');
    await user.selectOptions(field('to'), 'WALLET');
    expect(play.disabled).toBe(true);
  });

  it('disables transfer-only while the amount is 0 or empty', async () => {
    const { user, field, dialog } = setup({}, 'pg');
    const submit = within(dialog).getByTestId('transfer-submit') as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    await user.type(field('amount'), '0');
    expect(submit.disabled).toBe(true);
    await user.type(field('amount'), '.5');
    expect(submit.disabled).toBe(false);
  });

  it('transfers with a fresh Idempotency-Key per action, then toasts, reloads and closes', async () => {
    const { user, field, dialog, posts, calls, onClose } = setup({ 'POST /api/wallet/transfer': moved }, 'pg');
    await user.type(field('amount'), '100');
    await user.click(within(dialog).getByTestId('transfer-submit'));
    expect(await screen.findByText('Transfer complete.')).toBeTruthy();
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(posts()[0]?.body).toEqual({ from: 'WALLET', to: 'pg', amount: 100 });
    await waitFor(() => expect(calls.filter((call) => call.path === '/api/wallet').length).toBeGreaterThan(1));

    await user.click(within(dialog).getByTestId('transfer-submit'));
    await waitFor(() => expect(posts()).toHaveLength(2));
    const [first, second] = posts().map((call) => call.headers['Idempotency-Key']);
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).not.toBe(first);
  });

  it('shows TRANSFER_FAIL as a danger toast saying the money went back to the wallet', async () => {
    const { user, field, dialog, onClose } = setup(
      { 'POST /api/wallet/transfer': { status: 502, body: { message: 'TRANSFER_FAIL' } } },
      'pg',
    );
    await user.type(field('amount'), '100');
    await user.click(within(dialog).getByTestId('transfer-submit'));
    const toast = await screen.findByText('The transfer failed. The money has been returned to your wallet.');
    expect(toast.closest('.toast')?.classList.contains('toast-danger')).toBe(true);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('transfer and play with 0 skips the transfer and launches the game', async () => {
    const { popup, open } = stubPopup();
    const { user, dialog, posts, onClose } = setup({}, 'joker');
    await user.click(within(dialog).getByTestId('transfer-play'));
    await waitFor(() => expect(popup.location.href).toBe('/sandbox/games/joker/play?session=s-joker'));
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(posts()).toEqual([]);
    expect(onClose).toHaveBeenCalled();
  });

  it('transfer and play moves the money first, then signs in to an auto-login provider', async () => {
    const { popup } = stubPopup();
    const { user, field, dialog, calls } = setup(
      {
        'POST /api/wallet/transfer': moved,
        'GET /api/wallet/account/pg': { body: credentials },
        'GET /api/autoLogin/pg/pg_0812345678/Secret%23123': { body: { link: 'https://games.example/pg?t=1' } },
      },
      'pg',
    );
    await user.type(field('amount'), '50');
    await user.click(within(dialog).getByTestId('transfer-play'));
    await waitFor(() => expect(popup.location.href).toBe('https://games.example/pg?t=1'));
    const order = calls.filter((call) => call.path !== '/api/wallet').map((call) => `${call.method} ${call.path}`);
    expect(order).toEqual([
      'POST /api/wallet/transfer',
      'GET /api/wallet/account/pg',
      'GET /api/autoLogin/pg/pg_0812345678/Secret%23123',
    ]);
    expect(calls.find((call) => call.method === 'POST')?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('transfer and play asks for a game as the destination', async () => {
    const { open } = stubPopup();
    const { user, field, dialog } = setup();
    await waitFor(() => expect(field('to').options.length).toBe(6));
    await user.click(within(dialog).getByTestId('transfer-play'));
    expect(within(dialog).getByRole('alert').textContent).toBe('Please select an account.');
    await user.selectOptions(field('from'), 'pg');
    await user.selectOptions(field('to'), 'WALLET');
    // The wallet as destination turns the button off (issue 18, item 14) and says why beside it.
    const play = within(dialog).getByTestId('transfer-play');
    await user.click(play);
    expect(within(dialog).getByTestId('transfer-play-hint').textContent).toBe(
      'Please choose a game account as the destination to play.',
    );
    expect(play.getAttribute('aria-describedby')).toBe(within(dialog).getByTestId('transfer-play-hint').id);
    expect(open).not.toHaveBeenCalled();
  });

  it('a failed transfer before playing closes the blank window and shows the error', async () => {
    const { popup } = stubPopup();
    const { user, field, dialog } = setup(
      { 'POST /api/wallet/transfer': { status: 400, body: { message: 'MONEY_NOT_ENOUGH' } } },
      'joker',
    );
    // Within the balance on screen (the form refuses more); the server has a lower one by then.
    await user.type(field('amount'), '500');
    await user.click(within(dialog).getByTestId('transfer-play'));
    expect(await screen.findByText('Your balance is not enough.')).toBeTruthy();
    expect(popup.close).toHaveBeenCalled();
    expect(popup.location.href).toBe('');
  });

  it("offers a new player's unopened game accounts and opens the chosen one before moving money into it", async () => {
    const fresh = slots.map((slot) => ({ ...slot, isActive: false, amount: 0 }));
    const opened = { ...fresh[0]!, isActive: true };
    const { user, field, dialog, calls, onClose } = setup({
      'GET /api/wallet': { body: walletResponse({ slots: fresh }) },
      'GET /api/wallet/activate/pg': { body: opened },
      'POST /api/wallet/transfer': moved,
    });
    await waitFor(() => expect(field('to').options.length).toBe(6));
    expect(field('from').options.length).toBe(2);
    await user.selectOptions(field('to'), 'pg');
    expect(within(dialog).getByTestId('transfer-opens-hint').textContent).toBe(
      'Your Pocket Gems account is opened first, then the money moves into it.',
    );
    await user.type(field('amount'), '100');
    await user.click(within(dialog).getByTestId('transfer-submit'));
    expect(await screen.findByText('Transfer complete.')).toBeTruthy();
    expect(onClose).toHaveBeenCalled();
    const order = calls.filter((call) => call.path !== '/api/wallet').map((call) => `${call.method} ${call.path}`);
    expect(order).toEqual(['GET /api/wallet/activate/pg', 'POST /api/wallet/transfer']);
  });

  it('opens an unopened game on the way to playing it', async () => {
    const { popup } = stubPopup();
    const fresh = slots.map((slot) => ({ ...slot, isActive: false, amount: 0 }));
    const { user, field, dialog, calls } = setup({
      'GET /api/wallet': { body: walletResponse({ slots: fresh }) },
      'GET /api/wallet/activate/joker': { body: { ...fresh[1]!, isActive: true } },
      'POST /api/wallet/transfer': moved,
    });
    await waitFor(() => expect(field('to').options.length).toBe(6));
    await user.selectOptions(field('to'), 'joker');
    await user.type(field('amount'), '50');
    await user.click(within(dialog).getByTestId('transfer-play'));
    await waitFor(() => expect(popup.location.href).toBe('/sandbox/games/joker/play?session=s-joker'));
    const order = calls.filter((call) => call.path !== '/api/wallet').map((call) => `${call.method} ${call.path}`);
    expect(order).toEqual(['GET /api/wallet/activate/joker', 'POST /api/wallet/transfer']);
  });

  it('says there is no game to move money into when the operator offers none', async () => {
    const { field, dialog } = setup({ 'GET /api/wallet': { body: walletResponse({ slots: [] }) } });
    expect(field('to').options.length).toBe(2);
    expect((await within(dialog).findByTestId('transfer-no-games')).textContent).toBe(
      'No game is open for transfers right now. Your money stays in your wallet.',
    );
  });

  it('brings every game balance back to the wallet with its own key', async () => {
    const { user, dialog, posts, onClose } = setup({ 'POST /api/wallet/transferAll': moved });
    await user.click(within(dialog).getByTestId('transfer-all-back'));
    expect(await screen.findByText('All game balances are back in your wallet.')).toBeTruthy();
    expect(posts()[0]?.path).toBe('/api/wallet/transferAll');
    expect(posts()[0]?.body).toEqual({ to: 'WALLET' });
    expect(posts()[0]?.headers['Idempotency-Key']).toBeTruthy();
    expect(onClose).toHaveBeenCalled();
  });
});
