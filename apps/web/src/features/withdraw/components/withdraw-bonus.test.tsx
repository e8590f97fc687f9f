import { screen, waitFor, within } from '@testing-library/react';
import type { BonusProgress } from '@wallet/contract/bonus';
import { type Handler, mockApi, type Reply } from '@wallet/web-kit/testing/mock-api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '@/test/render';
import { walletResponse } from '@/test/wallet-fixtures';
import { WithdrawDialog } from './withdraw-dialog';

afterEach(() => vi.unstubAllGlobals());

/** Wallet 1,000 (walletResponse), a bonus that started at 1,500 and wants 3,000 of credit. */
function running(overrides: Partial<BonusProgress> = {}): BonusProgress {
  return {
    type: 'bonus',
    code: 'WELCOME',
    credit: 1_000,
    wallet: 1_000,
    inGames: 0,
    startCredit: 1_500,
    failCredit: 150,
    percentFail: 10,
    targetCredit: 3_000,
    percentSuccess: 200,
    turnoverPercent: null,
    conditionMet: false,
    bonusAmount: 500,
    maxWithdraw: null,
    ...overrides,
  };
}

function setup(progress: BonusProgress | null, handlers: Record<string, Handler | Reply> = {}) {
  const calls = mockApi({
    'GET /api/wallet': { body: walletResponse() },
    'GET /api/lookup/withdraw': { body: { withdrawMin: 100, withdrawMax: 50_000 } },
    'GET /api/bonus/progress': { body: { progress } },
    ...handlers,
  });
  const view = renderScreen(<WithdrawDialog open onClose={vi.fn()} />);
  const dialog = screen.getByRole('dialog', { name: 'Withdraw' });
  return { ...view, calls, dialog };
}

describe('WithdrawDialog with a running bonus', () => {
  it('says up front that withdrawal is locked, what is left to reach with a bar, and what cancelling takes back', async () => {
    const { dialog, user, calls } = setup(running());
    const box = await within(dialog).findByTestId('withdraw-bonus');
    expect(within(box).getByRole('heading').textContent).toBe('A bonus is running: withdrawal is locked');
    expect(within(box).getByTestId('withdraw-bonus-target').textContent).toBe(
      'Withdrawal opens when your credit (wallet and game accounts) reaches 3,000.00 baht. You have 1,000.00: 2,000.00 baht to go.',
    );
    const bar = within(box).getByRole('progressbar', { name: 'Progress to the withdrawal target' });
    expect(bar.getAttribute('aria-valuenow')).toBe('33');
    expect(within(box).getByTestId('withdraw-bonus-forfeit').textContent).toBe(
      'To withdraw before that, cancel the bonus on the Bonus screen: the 500.00 baht bonus is taken back.',
    );
    expect(within(box).getByTestId('withdraw-bonus-fail').textContent).toBe(
      'The bonus ends by itself if your credit falls to 150.00 baht (10% of your starting credit).',
    );
    // Nothing to confirm that the server would refuse.
    await user.type(within(dialog).getByTestId('withdraw-amount'), '200');
    expect((within(dialog).getByTestId('withdraw-submit') as HTMLButtonElement).disabled).toBe(true);
    expect((within(dialog).getByTestId('withdraw-all') as HTMLButtonElement).disabled).toBe(true);
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('shows play-through as a percent only (the multiple is not shown)', async () => {
    const { dialog } = setup(running({ targetCredit: 0, percentSuccess: 0, turnoverPercent: 40 }));
    const box = await within(dialog).findByTestId('withdraw-bonus');
    expect(within(box).getByTestId('withdraw-bonus-turnover').textContent).toBe(
      'Play-through done: 40%. Withdrawal opens at 100%.',
    );
    expect(within(box).getByRole('progressbar', { name: 'Play-through progress' }).getAttribute('aria-valuenow')).toBe(
      '40',
    );
    expect(within(box).queryByTestId('withdraw-bonus-target')).toBeNull();
  });

  it('once the condition is met, says what withdrawing the typed amount forfeits, and that all loses nothing', async () => {
    const { dialog, user } = setup(running({ conditionMet: true, credit: 3_200, maxWithdraw: 800 }));
    const box = await within(dialog).findByTestId('withdraw-bonus');
    expect(within(box).getByRole('heading').textContent).toBe('A bonus is running: its condition is met');
    expect(within(box).getByTestId('withdraw-bonus-forfeit').textContent).toBe(
      'Withdrawing ends the bonus: whatever stays in your wallet afterwards is forfeited. Withdraw all to lose nothing.',
    );
    expect(within(box).getByTestId('withdraw-bonus-max').textContent).toBe(
      'Under this bonus you can withdraw at most 800.00 baht.',
    );
    await user.type(within(dialog).getByTestId('withdraw-amount'), '300');
    expect(within(box).getByTestId('withdraw-bonus-forfeit').textContent).toBe(
      'Withdrawing 300.00 baht ends the bonus: the 700.00 baht left in your wallet is forfeited.',
    );
    expect((within(dialog).getByTestId('withdraw-submit') as HTMLButtonElement).disabled).toBe(false);
    await user.clear(within(dialog).getByTestId('withdraw-amount'));
    await user.type(within(dialog).getByTestId('withdraw-amount'), '900');
    await user.click(within(dialog).getByTestId('withdraw-submit'));
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'The amount is above the maximum withdrawal of your active bonus.',
    );
    expect(within(dialog).queryByTestId('withdraw-confirm')).toBeNull();
  });

  it('offers one tap to bring game money home when the bonus needs it there', async () => {
    let progress = running({ conditionMet: true, credit: 3_200, inGames: 2_200 });
    const { dialog, user, calls } = setup(null, {
      'GET /api/bonus/progress': () => ({ body: { progress } }),
      'POST /api/wallet/transferAll': () => {
        progress = { ...progress, inGames: 0, wallet: 3_200 };
        return { body: { message: 'SUCCESS', wallet: { amount: 3_200 } } };
      },
    });
    const box = await within(dialog).findByTestId('withdraw-bonus');
    expect(within(box).getByTestId('withdraw-bonus-games').textContent).toBe(
      '2,200.00 baht is still in game accounts. The bonus needs it back in your wallet before you withdraw.',
    );
    expect((within(dialog).getByTestId('withdraw-all') as HTMLButtonElement).disabled).toBe(true);
    await user.click(within(box).getByTestId('withdraw-bring-back'));
    expect(await screen.findByText('All game balances are back in your wallet.')).toBeTruthy();
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.path).toBe('/api/wallet/transferAll');
    expect(post?.body).toEqual({ to: 'WALLET' });
    await waitFor(() => expect(within(dialog).queryByTestId('withdraw-bonus-games')).toBeNull());
    expect((within(dialog).getByTestId('withdraw-all') as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows no bonus box without a running bonus', async () => {
    const { dialog } = setup(null);
    await within(dialog).findByTestId('withdraw-balance');
    await waitFor(() => expect(within(dialog).queryByTestId('withdraw-bonus')).toBeNull());
  });
});
