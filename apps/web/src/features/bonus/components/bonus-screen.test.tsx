import { screen, waitFor, within } from '@testing-library/react';
import type { Bonus, BonusCheckActiveResponse } from '@wallet/contract/bonus';
import { type Handler, mockApi, type Reply } from '@wallet/web-kit/testing/mock-api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/i18n/i18n';
import { joinedWord } from '@/i18n/keep-whole';
import { renderScreen } from '@/test/render';
import { walletResponse } from '@/test/wallet-fixtures';
import { BonusScreen } from './bonus-screen';

afterEach(async () => {
  vi.unstubAllGlobals();
  await setLanguage('en');
});

const NONE: BonusCheckActiveResponse = { status: false, type: null, code: null, name: null };

function bonus(code: string, overrides: Partial<Bonus> = {}): Bonus {
  return {
    code,
    name: `Bonus ${code}`,
    type: 'limit',
    maxReceived: 1,
    banners: [
      { image: `/media/promotions/${code}.svg`, html: `<p>Banner of ${code}</p>` },
      { image: '', html: '<p>Second slide</p>' },
    ],
    percentFail: 10,
    notice: '<p>Read <b>these</b> terms</p>',
    userBonus: null,
    ...overrides,
  };
}

const today = new Date().toISOString();

function setup(handlers: Record<string, Handler | Reply> = {}) {
  const calls = mockApi({
    'GET /api/bonus': {
      body: [
        bonus('WELCOME'),
        bonus('DAILY', { type: 'day', userBonus: { _id: 'u1', isActive: false, received: [{ updatedAt: today }] } }),
        bonus('WEEKLY', { type: 'week', maxReceived: 2 }),
      ],
    },
    'GET /api/bonus/check/active': { body: NONE },
    'GET /api/wallet': { status: 404, body: { message: 'NO_DATA' } },
    ...handlers,
  });
  return { calls, ...renderScreen(<BonusScreen />) };
}

describe('BonusScreen', () => {
  it('shows the bonus cards with their banner, a received one disabled, and the code form when none runs', async () => {
    setup();
    const welcome = (await screen.findByTestId('bonus-card-WELCOME')) as HTMLButtonElement;
    expect(welcome.querySelector('img')?.getAttribute('src')).toBe('/media/promotions/WELCOME.svg');
    expect(welcome.textContent).toContain('At most 1 in total');
    expect(welcome.disabled).toBe(false);
    const daily = screen.getByTestId('bonus-card-DAILY') as HTMLButtonElement;
    expect(daily.disabled).toBe(true);
    expect(daily.textContent).toContain('Received');
    expect(screen.getByTestId('bonus-card-WEEKLY').textContent).toContain('At most 2 a week (from Monday)');
    expect(await screen.findByTestId('promotion-form')).toBeTruthy();
    expect(screen.queryByTestId('bonus-active')).toBeNull();
  });

  it('opens the bonus modal with its banners, notice and fail rule, and receives the bonus', async () => {
    const { user, calls } = setup({
      'GET /api/bonus/activate/WELCOME': { body: { _id: 'u9', isActive: true, received: [{ updatedAt: today }] } },
    });
    await user.click(await screen.findByTestId('bonus-card-WELCOME'));
    const dialog = screen.getByRole('dialog', { name: 'Bonus WELCOME' });
    expect(within(dialog).getByText('Banner of WELCOME')).toBeTruthy();
    expect(within(dialog).getByText('these')).toBeTruthy();
    expect(
      within(dialog).getByText('The bonus ends when your credit falls to 10% of your starting credit.'),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Next slide' }));
    expect(within(dialog).getByText('Second slide')).toBeTruthy();
    await user.click(within(dialog).getByTestId('bonus-receive'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Bonus WELCOME' })).toBeNull());
    expect(calls.some((c) => c.path === '/api/bonus/activate/WELCOME')).toBe(true);
    expect(await screen.findByText('You received Bonus WELCOME.')).toBeTruthy();
  });

  it('with money in game accounts, says so before taking a bonus and brings it home in one tap', async () => {
    let wallet = walletResponse();
    const { user, calls } = setup({
      'GET /api/wallet': () => ({ body: wallet }),
      'POST /api/wallet/transferAll': () => {
        wallet = walletResponse({
          wallet: { amount: 1_351 },
          slots: wallet.slots.map((slot) => ({ ...slot, amount: 0 })),
        });
        return { body: { message: 'SUCCESS', wallet: { amount: 1_351 } } };
      },
    });
    await user.click(await screen.findByTestId('bonus-card-WELCOME'));
    const dialog = screen.getByRole('dialog', { name: 'Bonus WELCOME' });
    expect((await within(dialog).findByTestId('bonus-games')).textContent).toBe(
      '351.00 baht is in your game accounts. A bonus is taken with all game money back in your wallet.',
    );
    expect((within(dialog).getByTestId('bonus-receive') as HTMLButtonElement).disabled).toBe(true);
    await user.click(within(dialog).getByTestId('bonus-bring-back'));
    expect(await screen.findByText('All game balances are back in your wallet.')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ to: 'WALLET' });
    await waitFor(() => expect(within(dialog).queryByTestId('bonus-games')).toBeNull());
    expect((within(dialog).getByTestId('bonus-receive') as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows the server message in an alert when receiving is refused', async () => {
    const { user } = setup({
      'GET /api/bonus/activate/WELCOME': { status: 400, body: { message: 'BONUS_REMAINING' } },
    });
    await user.click(await screen.findByTestId('bonus-card-WELCOME'));
    await user.click(screen.getByTestId('bonus-receive'));
    const alert = await screen.findByRole('alertdialog');
    expect(
      within(alert).getByText('Please move all credit from your game accounts to the main wallet first.'),
    ).toBeTruthy();
  });

  it('shows the running bonus with a current marker, a confirm button in its modal, and cancels it', async () => {
    let active: BonusCheckActiveResponse = { status: true, type: 'bonus', code: 'WELCOME', name: 'Bonus WELCOME' };
    const { user, calls } = setup({
      'GET /api/bonus': {
        body: [bonus('WELCOME', { userBonus: { _id: 'u1', isActive: true, received: [{ updatedAt: today }] } })],
      },
      'GET /api/bonus/check/active': () => ({ body: active }),
      'GET /api/bonus/clear': () => {
        active = NONE;
        return { body: { message: 'BONUS_CLEAR' } };
      },
    });
    const panel = await screen.findByTestId('bonus-active');
    expect(within(panel).getByText('Bonus WELCOME')).toBeTruthy();
    expect(screen.queryByTestId('promotion-form')).toBeNull();
    const card = screen.getByTestId('bonus-card-WELCOME') as HTMLButtonElement;
    expect(card.textContent).toContain('Current');
    expect(card.disabled).toBe(false);

    await user.click(card);
    const dialog = screen.getByRole('dialog', { name: 'Bonus WELCOME' });
    expect(within(dialog).queryByTestId('bonus-receive')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    await user.click(within(panel).getByRole('button', { name: 'Cancel bonus' }));
    await user.click(screen.getByTestId('bonus-cancel-confirm'));
    expect(await screen.findByText('The bonus has been cleared.')).toBeTruthy();
    expect(calls.filter((c) => c.path === '/api/bonus/clear')).toHaveLength(1);
    expect(await screen.findByTestId('promotion-form')).toBeTruthy();
  });

  it('names a running invite bonus by its kind alone, never by its code', async () => {
    setup({
      'GET /api/bonus/check/active': { body: { status: true, type: 'invite', code: 'INVITE', name: 'INVITE' } },
    });
    const panel = await screen.findByTestId('bonus-active');
    expect(within(panel).getByText('Invite bonus')).toBeTruthy();
    expect(panel.textContent).not.toContain('INVITE');
  });

  it('shows a failed cancel in an alert dialog', async () => {
    const { user } = setup({
      'GET /api/bonus/check/active': {
        body: { status: true, type: 'promotion', code: 'WELCOME50', name: 'WELCOME50' },
      },
      'GET /api/bonus/clear': { status: 400, body: { message: 'BONUS_REMAINING' } },
    });
    const panel = await screen.findByTestId('bonus-active');
    expect(within(panel).getByText('Promotion code')).toBeTruthy();
    await user.click(within(panel).getByRole('button', { name: 'Cancel bonus' }));
    await user.click(screen.getByTestId('bonus-cancel-confirm'));
    expect(await screen.findByRole('alertdialog')).toBeTruthy();
  });

  it('requires a promotion code, upper-cases it, searches it and receives it', async () => {
    let release: () => void = () => {};
    const searched = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { user, calls } = setup({
      'GET /api/promotion/find/WELCOME50': async () => {
        await searched;
        return { body: { code: 'WELCOME50', percentFail: 20, description: 'Get 50 baht free.' } };
      },
      'GET /api/promotion/activate/WELCOME50': { body: { message: 'SUCCESS' } },
    });
    const form = await screen.findByTestId('promotion-form');
    await user.click(within(form).getByRole('button', { name: 'Search code' }));
    expect(within(form).getByText('Enter a promotion code.')).toBeTruthy();

    const input = screen.getByTestId('promotion-code') as HTMLInputElement;
    await user.type(input, 'welcome50');
    expect(input.value).toBe('WELCOME50');
    await user.click(within(form).getByRole('button', { name: 'Search code' }));
    const dialog = await screen.findByRole('dialog', { name: 'Promotion code WELCOME50' });
    expect(await within(dialog).findByText('Searching for the code…')).toBeTruthy();
    release();
    expect(await within(dialog).findByText('Get 50 baht free.')).toBeTruthy();
    expect(
      within(dialog).getByText('The bonus ends when your credit falls to 20% of your starting credit.'),
    ).toBeTruthy();
    await user.click(within(dialog).getByTestId('promotion-receive'));
    expect(await screen.findByText('Promotion WELCOME50 received.')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/promotion/activate/WELCOME50')).toBe(true);
    expect(calls.find((c) => c.path === '/api/promotion/find/WELCOME50')?.search).toBe('?lang=en');
  });

  it('says so when a code is not found', async () => {
    const { user } = setup({ 'GET /api/promotion/find/NOPE': { status: 404, body: { message: 'NO_PROMOTION' } } });
    await user.type(await screen.findByTestId('promotion-code'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Search code' }));
    const dialog = await screen.findByRole('dialog', { name: 'Promotion code NOPE' });
    expect(await within(dialog).findByText('This promotion code was not found.')).toBeTruthy();
    expect(within(dialog).queryByTestId('promotion-receive')).toBeNull();
  });

  it('asks for the bonuses in the app language and follows a switch to Lao', async () => {
    await setLanguage('th');
    const { calls } = setup();
    expect((await screen.findByTestId('bonus-card-DAILY')).textContent).toContain('รับแล้ว');
    expect(screen.getByText('รายการโบนัส')).toBeTruthy();
    expect(screen.getByTestId('bonus-card-WEEKLY').textContent).toContain('สัปดาห์ละ 2 ครั้ง');
    expect(calls.find((c) => c.path === '/api/bonus')?.search).toBe('?lang=th');
    await setLanguage('lo');
    await waitFor(() => expect(screen.getByText(`ລາຍການ${joinedWord('ໂບນັດ')}`)).toBeTruthy());
    await waitFor(() => expect(calls.some((c) => c.path === '/api/bonus' && c.search === '?lang=lo')).toBe(true));
  });
});
